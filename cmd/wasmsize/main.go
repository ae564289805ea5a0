// Command wasmsize prints where a Go wasm binary's code goes: the size of each function's body
// in the code section, summed by package (or listed by function), with the gzip -9 size of each
// group's bodies compressed on their own (a rough guide to what the group adds to the gzipped
// download). The binary must keep its name section: build it without -ldflags="-s -w", e.g.
//
//	GOOS=js GOARCH=wasm go build -trimpath -o /tmp/game.wasm ./wasm
//	go run ./cmd/wasmsize -top 40 /tmp/game.wasm
//	go run ./cmd/wasmsize -funcs -match nimmt/engine /tmp/game.wasm
//	go run ./cmd/wasmsize -diff /tmp/before.wasm /tmp/after.wasm
package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func main() {
	top := flag.Int("top", 30, "rows to print (0: all)")
	funcs := flag.Bool("funcs", false, "list functions, not packages")
	match := flag.String("match", "", "only names containing this")
	diff := flag.Bool("diff", false, "compare two binaries: FILE1 FILE2")
	flag.Parse()
	if err := run(*top, *funcs, *match, *diff, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
}

func run(top int, funcs bool, match string, diff bool, files []string) error {
	want := 1
	if diff {
		want = 2
	}
	if len(files) != want {
		return fmt.Errorf("want %d wasm file(s), got %d", want, len(files))
	}
	var groups []map[string]*group
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		fs, err := parse(b)
		if err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		groups = append(groups, groupBy(fs, funcs, match))
	}
	if diff {
		printDiff(groups[0], groups[1], top)
		return nil
	}
	printGroups(groups[0], top)
	return nil
}

// fn is one function: its name and its body's bytes.
type fn struct {
	name string
	body []byte
}

// group is the functions of one package (or one function).
type group struct {
	name  string
	n     int
	bytes []byte
}

func (g *group) gz() int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(g.bytes)
	w.Close()
	return buf.Len()
}

// pkgOf is the package of a function's name as the name section spells it (the path's slashes
// are underscores, a module's host keeps its dot: golang.org_x_image_font_sfnt.(*Font).Name):
// what comes before the first dot or bracket after the host.
func pkgOf(name string) string {
	start := 0
	if i := strings.IndexByte(name, '_'); i > 0 && strings.Contains(name[:i], ".") {
		start = i
	}
	if i := strings.IndexAny(name[start:], ".["); i >= 0 {
		return name[:start+i]
	}
	return name
}

func groupBy(fs []fn, funcs bool, match string) map[string]*group {
	m := map[string]*group{}
	for _, f := range fs {
		if match != "" && !strings.Contains(f.name, match) {
			continue
		}
		k := f.name
		if !funcs {
			k = pkgOf(k)
		}
		g := m[k]
		if g == nil {
			g = &group{name: k}
			m[k] = g
		}
		g.n++
		g.bytes = append(g.bytes, f.body...)
	}
	return m
}

func sorted(m map[string]*group) []*group {
	var gs []*group
	for _, g := range m {
		gs = append(gs, g)
	}
	sort.Slice(gs, func(i, j int) bool {
		if len(gs[i].bytes) != len(gs[j].bytes) {
			return len(gs[i].bytes) > len(gs[j].bytes)
		}
		return gs[i].name < gs[j].name
	})
	return gs
}

func printGroups(m map[string]*group, top int) {
	total, n := 0, 0
	for _, g := range m {
		total += len(g.bytes)
		n += g.n
	}
	fmt.Printf("%10s %9s %6s  %s\n", "code B", "gzip B", "funcs", "name")
	for i, g := range sorted(m) {
		if top > 0 && i == top {
			break
		}
		fmt.Printf("%10d %9d %6d  %s\n", len(g.bytes), g.gz(), g.n, g.name)
	}
	fmt.Printf("%10d %9s %6d  total\n", total, "", n)
}

func printDiff(a, b map[string]*group, top int) {
	type row struct {
		name          string
		before, after int
	}
	var rows []row
	seen := map[string]bool{}
	for k, g := range a {
		r := row{name: k, before: len(g.bytes)}
		if h := b[k]; h != nil {
			r.after = len(h.bytes)
		}
		rows = append(rows, r)
		seen[k] = true
	}
	for k, g := range b {
		if !seen[k] {
			rows = append(rows, row{name: k, after: len(g.bytes)})
		}
	}
	sort.Slice(rows, func(i, j int) bool {
		di, dj := rows[i].after-rows[i].before, rows[j].after-rows[j].before
		if abs(di) != abs(dj) {
			return abs(di) > abs(dj)
		}
		return rows[i].name < rows[j].name
	})
	sum := 0
	for _, r := range rows {
		sum += r.after - r.before
	}
	fmt.Printf("%10s %10s %8s  %s\n", "before", "after", "change", "name")
	for i, r := range rows {
		if top > 0 && i == top || r.after == r.before {
			break
		}
		fmt.Printf("%10d %10d %+8d  %s\n", r.before, r.after, r.after-r.before, r.name)
	}
	fmt.Printf("%10s %10s %+8d  total\n", "", "", sum)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// parse reads the function bodies of the code section and names them from the name section.
func parse(b []byte) ([]fn, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a wasm module")
	}
	r := &reader{b: b, i: 8}
	var bodies [][]byte
	imported := 0
	names := map[int]string{}
	for r.i < len(r.b) {
		id := r.byte()
		size := int(r.uleb())
		end := r.i + size
		if r.err != nil || end > len(r.b) {
			return nil, errors.New("truncated section")
		}
		sec := &reader{b: r.b[:end], i: r.i}
		switch id {
		case 2: // imports: functions among them take the first indices
			for n := sec.uleb(); n > 0 && sec.err == nil; n-- {
				sec.name()
				sec.name()
				switch kind := sec.byte(); kind {
				case 0:
					sec.uleb()
					imported++
				case 1:
					sec.byte()
					sec.limits()
				case 2:
					sec.limits()
				case 3:
					sec.byte()
					sec.byte()
				default:
					return nil, fmt.Errorf("import kind %d", kind)
				}
			}
		case 10:
			for n := sec.uleb(); n > 0 && sec.err == nil; n-- {
				sz := int(sec.uleb())
				bodies = append(bodies, sec.b[sec.i:sec.i+sz])
				sec.i += sz
			}
		case 0:
			if sec.name() != "name" {
				break
			}
			for sec.i < end && sec.err == nil {
				sub := sec.byte()
				sz := int(sec.uleb())
				if sub != 1 {
					sec.i += sz
					continue
				}
				for n := sec.uleb(); n > 0 && sec.err == nil; n-- {
					idx := int(sec.uleb())
					names[idx] = sec.name()
				}
			}
		}
		if sec.err != nil {
			return nil, fmt.Errorf("section %d: %w", id, sec.err)
		}
		r.i = end
	}
	if len(names) == 0 {
		return nil, errors.New("no name section (built with -ldflags=-s?)")
	}
	fs := make([]fn, len(bodies))
	for i, body := range bodies {
		name, ok := names[imported+i]
		if !ok {
			name = fmt.Sprintf("func%d", imported+i)
		}
		fs[i] = fn{name: name, body: body}
	}
	return fs, nil
}

// reader reads LEB128 numbers and names; its first error sticks.
type reader struct {
	b   []byte
	i   int
	err error
}

func (r *reader) byte() byte {
	if r.i >= len(r.b) {
		r.err = io.ErrUnexpectedEOF
		return 0
	}
	c := r.b[r.i]
	r.i++
	return c
}

func (r *reader) uleb() uint64 {
	var x uint64
	for shift := 0; shift < 64; shift += 7 {
		c := r.byte()
		x |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			break
		}
	}
	return x
}

func (r *reader) name() string {
	n := int(r.uleb())
	if r.err != nil || r.i+n > len(r.b) {
		r.err = io.ErrUnexpectedEOF
		return ""
	}
	s := string(r.b[r.i : r.i+n])
	r.i += n
	return s
}

func (r *reader) limits() {
	if r.byte()&1 != 0 {
		r.uleb()
	}
	r.uleb()
}
