package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// fontFiles are the game's two fonts, the Go fonts' Regular and Bold, without their TrueType
// hinting (stripHints): the renderer (golang.org/x/image/font/sfnt under etxt) has no hinting
// interpreter and never runs it, and the instructions were more than half of each file.
func fontFiles() ([]file, error) {
	var out []file
	for _, f := range []struct {
		name string
		ttf  []byte
	}{{"go-regular.ttf", goregular.TTF}, {"go-bold.ttf", gobold.TTF}} {
		b, err := stripHints(f.ttf)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
		out = append(out, file{"assets/fonts/" + f.name, b})
	}
	return out, nil
}

// hintTables are the tables that only a TrueType hinting interpreter reads.
var hintTables = map[string]bool{"fpgm": true, "prep": true, "cvt ": true, "hdmx": true, "LTSH": true, "VDMX": true}

// Flags of a composite glyph's components (the TrueType "glyf" table).
const (
	argsAreWords     = 0x0001
	haveScale        = 0x0008
	moreComponents   = 0x0020
	haveXYScale      = 0x0040
	haveTwoByTwo     = 0x0080
	haveInstructions = 0x0100
)

var errFont = errors.New("malformed TrueType font")

// stripHints returns a TrueType font without its hinting: every glyph's instructions, the
// tables only the hinting interpreter reads (hintTables) and the glyph names (post version 3).
// Outlines, metrics and the character map are unchanged, byte for byte.
func stripHints(ttf []byte) ([]byte, error) {
	be := binary.BigEndian
	if len(ttf) < 12 {
		return nil, errFont
	}
	n := int(be.Uint16(ttf[4:]))
	if len(ttf) < 12+16*n {
		return nil, errFont
	}
	tables := map[string][]byte{}
	for i := range n {
		rec := ttf[12+16*i:]
		off, length := int(be.Uint32(rec[8:])), int(be.Uint32(rec[12:]))
		if off < 0 || length < 0 || off+length > len(ttf) {
			return nil, fmt.Errorf("%w: table %q out of the file", errFont, rec[:4])
		}
		tables[string(rec[:4])] = ttf[off : off+length]
	}
	head, maxp, loca, glyf, post := tables["head"], tables["maxp"], tables["loca"], tables["glyf"], tables["post"]
	if len(head) < 54 || len(maxp) < 32 || glyf == nil || loca == nil || len(post) < 32 {
		return nil, fmt.Errorf("%w: a required table is missing or short", errFont)
	}
	numGlyphs := int(be.Uint16(maxp[4:]))
	longLoca := be.Uint16(head[50:]) == 1
	offset := func(i int) (int, error) {
		if longLoca {
			if 4*i+4 > len(loca) {
				return 0, errFont
			}
			return int(be.Uint32(loca[4*i:])), nil
		}
		if 2*i+2 > len(loca) {
			return 0, errFont
		}
		return 2 * int(be.Uint16(loca[2*i:])), nil
	}

	var newGlyf []byte
	offsets := make([]int, numGlyphs+1)
	for g := range numGlyphs {
		a, err := offset(g)
		if err != nil {
			return nil, err
		}
		b, err := offset(g + 1)
		if err != nil {
			return nil, err
		}
		if a > b || b > len(glyf) {
			return nil, fmt.Errorf("%w: glyph %d out of the glyf table", errFont, g)
		}
		offsets[g] = len(newGlyf)
		gl, err := glyphWithoutHints(glyf[a:b])
		if err != nil {
			return nil, fmt.Errorf("glyph %d: %w", g, err)
		}
		newGlyf = append(newGlyf, gl...)
		if len(newGlyf)%2 == 1 {
			newGlyf = append(newGlyf, 0)
		}
	}
	offsets[numGlyphs] = len(newGlyf)

	short := len(newGlyf) < 1<<17
	var newLoca []byte
	for _, o := range offsets {
		if short {
			newLoca = be.AppendUint16(newLoca, uint16(o/2))
		} else {
			newLoca = be.AppendUint32(newLoca, uint32(o))
		}
	}
	newHead := append([]byte(nil), head...)
	be.PutUint32(newHead[8:], 0) // checkSumAdjustment, set at the end
	if short {
		be.PutUint16(newHead[50:], 0)
	} else {
		be.PutUint16(newHead[50:], 1)
	}
	newMaxp := append([]byte(nil), maxp...)
	if be.Uint32(maxp) == 0x00010000 {
		be.PutUint16(newMaxp[14:], 1) // maxZones
		for _, o := range []int{16, 18, 20, 22, 24, 26} {
			be.PutUint16(newMaxp[o:], 0) // twilight points, storage, function and instruction defs, stack, instruction size
		}
	}
	newPost := append([]byte(nil), post[:32]...)
	be.PutUint32(newPost, 0x00030000) // version 3: no glyph names

	out := map[string][]byte{}
	for tag, t := range tables {
		if !hintTables[tag] {
			out[tag] = t
		}
	}
	out["head"], out["maxp"], out["loca"], out["glyf"], out["post"] = newHead, newMaxp, newLoca, newGlyf, newPost
	return writeFont(be.Uint32(ttf), out), nil
}

// glyphWithoutHints returns one glyph's data without its instructions.
func glyphWithoutHints(g []byte) ([]byte, error) {
	be := binary.BigEndian
	if len(g) == 0 {
		return nil, nil // an empty glyph (a space)
	}
	if len(g) < 10 {
		return nil, errFont
	}
	contours := int(int16(be.Uint16(g)))
	if contours >= 0 { // simple: header, endPtsOfContours, instructionLength, instructions, flags and points
		at := 10 + 2*contours
		if at+2 > len(g) {
			return nil, errFont
		}
		end := at + 2 + int(be.Uint16(g[at:]))
		if end > len(g) {
			return nil, errFont
		}
		out := append([]byte(nil), g[:at]...)
		out = append(out, 0, 0)
		return append(out, g[end:]...), nil
	}
	out := append([]byte(nil), g...)
	at := 10
	for {
		if at+4 > len(out) {
			return nil, errFont
		}
		flags := be.Uint16(out[at:])
		be.PutUint16(out[at:], flags&^haveInstructions)
		at += 4
		if flags&argsAreWords != 0 {
			at += 4
		} else {
			at += 2
		}
		switch {
		case flags&haveScale != 0:
			at += 2
		case flags&haveXYScale != 0:
			at += 4
		case flags&haveTwoByTwo != 0:
			at += 8
		}
		if flags&moreComponents == 0 {
			break
		}
	}
	if at > len(out) {
		return nil, errFont
	}
	return out[:at], nil
}

// writeFont lays out a TrueType file: the table directory sorted by tag, each table 4-byte
// aligned with its checksum, and head's checkSumAdjustment.
func writeFont(version uint32, tables map[string][]byte) []byte {
	be := binary.BigEndian
	tags := make([]string, 0, len(tables))
	for tag := range tables {
		tags = append(tags, tag)
	}
	sort.Strings(tags)
	n := len(tags)
	pow := 1
	log := 0
	for pow*2 <= n {
		pow *= 2
		log++
	}
	buf := be.AppendUint32(nil, version)
	buf = be.AppendUint16(buf, uint16(n))
	buf = be.AppendUint16(buf, uint16(16*pow))
	buf = be.AppendUint16(buf, uint16(log))
	buf = be.AppendUint16(buf, uint16(16*n-16*pow))
	off := 12 + 16*n
	headAt := 0
	var body []byte
	for _, tag := range tags {
		t := tables[tag]
		if tag == "head" {
			headAt = off + len(body)
		}
		buf = append(buf, tag...)
		buf = be.AppendUint32(buf, checksum(t))
		buf = be.AppendUint32(buf, uint32(off+len(body)))
		buf = be.AppendUint32(buf, uint32(len(t)))
		body = append(body, t...)
		for len(body)%4 != 0 {
			body = append(body, 0)
		}
	}
	buf = append(buf, body...)
	be.PutUint32(buf[headAt+8:], 0xB1B0AFBA-checksum(buf))
	return buf
}

// checksum is the TrueType table checksum: the sum of the big-endian 32-bit words, zero-padded.
func checksum(b []byte) uint32 {
	var s uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		s += binary.BigEndian.Uint32(w[:])
	}
	return s
}
