// Command replay re-executes a game record through the engine and prints every event as one
// JSON line, then a final line with the scores. It is how anyone checks the engine against
// another implementation of the rules: see docs/game-record.md.
//
//	go run ./cmd/replay FILE          replay a record (FILE "-", or no FILE, reads standard input)
//	go run ./cmd/replay -seat N FILE  print the events as seat N sees them
//	go run ./cmd/replay -random -seats 4 -seed 1 > game.json
//	                                  write the record of a game of random legal moves
//
// A malformed or illegal record fails with a message naming the round, turn and seat, and exit
// status 1; so does an input over 16 MB (MaxInput), read no further. A usage error exits with 2:
// no FILE while standard input is a terminal, more than one FILE, -seat outside the record's
// seats, -random with a configuration the rules do not allow (-seats 11, an unknown -variant,
// -doublets without -variant double), and the flags of -random (-seats, -seed, -variant,
// -doublets) when a record is replayed: a record replays with the configuration it holds.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"

	"nimmt/engine"
)

// MaxInput is the most bytes replay reads: a whole game's record is a few tens of kilobytes.
const MaxInput = 16 << 20

// usageError is a mistake in the command line found after parsing it (exit status 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seat := fs.Int("seat", -1, "print the events as this seat sees them (default: everything)")
	random := fs.Bool("random", false, "write the record of a game of random legal moves instead")
	seats := fs.Int("seats", 4, "with -random: number of seats")
	seed := fs.Uint64("seed", 1, "with -random: random seed")
	variant := fs.String("variant", "basic", "with -random: variant")
	doublets := fs.Bool("doublets", false, "with -random -variant double: one deck plus the doublets 11…99 of a second")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: replay [-seat N] [FILE|-] | replay -random [-seats N] [-seed S] [-variant V [-doublets]]")
		fmt.Fprintln(stderr, "Without FILE, or with -, the record is read from standard input.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *random {
		cfg, err := randomConfig(*seats, *variant, *doublets, set["seat"] || fs.NArg() > 0)
		if err != nil {
			fmt.Fprintln(stderr, "replay:", err)
			return 2
		}
		if err := writeRandom(stdout, cfg, *seed); err != nil {
			fmt.Fprintln(stderr, "replay:", err)
			return 1
		}
		return 0
	}
	for _, name := range []string{"seats", "seed", "variant", "doublets"} {
		if set[name] {
			fmt.Fprintf(stderr, "replay: -%s is a flag of -random: a record replays with the configuration it holds\n", name)
			return 2
		}
	}
	name := "-"
	switch fs.NArg() {
	case 0:
		if f, ok := stdin.(*os.File); ok && isTerminal(f) {
			fs.Usage()
			return 2
		}
	case 1:
		name = fs.Arg(0)
	default:
		fmt.Fprintf(stderr, "replay: %d files given; replay reads one record\n", fs.NArg())
		fs.Usage()
		return 2
	}
	data, err := readInput(name, stdin)
	if err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		return 1
	}
	if err := replay(data, *seat, stdout); err != nil {
		if name == "-" {
			name = "standard input"
		}
		fmt.Fprintf(stderr, "replay: %s: %v\n", name, err)
		if errors.As(err, new(usageError)) {
			return 2
		}
		return 1
	}
	return 0
}

// isTerminal reports whether f is a terminal (a character device): replay then prints its usage
// instead of waiting for a record typed by hand.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// randomConfig is the configuration of -random, or a usage error; replaying says the command
// line also names a record (a FILE or -seat).
func randomConfig(seats int, variant string, doublets, replaying bool) (engine.Config, error) {
	if replaying {
		return engine.Config{}, errors.New("-random writes a record: it reads no FILE and takes no -seat")
	}
	if doublets && variant != engine.Double.String() {
		return engine.Config{}, fmt.Errorf("-doublets plays the Double variant with the doublets: add -variant double (not -variant %s)", variant)
	}
	v, err := engine.ParseVariant(variant)
	if err != nil {
		return engine.Config{}, fmt.Errorf("-variant: %w", err)
	}
	cfg := engine.DefaultConfig(seats)
	cfg.Variant = v
	cfg.Doublets = doublets
	if err := cfg.Validate(); err != nil {
		return engine.Config{}, fmt.Errorf("-seats %d: %w", seats, err)
	}
	return cfg, nil
}

// readInput reads FILE, or standard input for "-", up to MaxInput bytes.
func readInput(name string, stdin io.Reader) ([]byte, error) {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	} else {
		name = "standard input"
	}
	data, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxInput {
		return nil, fmt.Errorf("%s is larger than %d MB, the most replay reads (a game record is a few tens of KB)", name, MaxInput>>20)
	}
	return data, nil
}

// final is the last line of the output.
type final struct {
	Type    string       `json:"type"` // "final"
	Round   int          `json:"round"`
	Phase   engine.Phase `json:"phase"`
	Scores  []int        `json:"scores"`
	Winners []int        `json:"winners,omitempty"`
}

func replay(data []byte, seat int, stdout io.Writer) error {
	rec, err := engine.ParseRecord(data)
	if err != nil {
		return err
	}
	g, err := engine.Replay(rec, nil)
	if err != nil {
		return err
	}
	if seat < -1 || seat >= rec.Config.Seats {
		return usageError{fmt.Sprintf("-seat %d: the record has seats 0–%d", seat, rec.Config.Seats-1)}
	}
	w := bufio.NewWriter(stdout)
	events := g.Events()
	if seat >= 0 {
		events = g.EventsFor(seat, 0)
	}
	for _, e := range events {
		b, err := engine.MarshalEvent(e)
		if err != nil {
			return err
		}
		w.Write(b)
		w.WriteByte('\n')
	}
	b, err := json.Marshal(final{Type: "final", Round: g.Round(), Phase: g.Phase(), Scores: g.Scores(), Winners: g.Winners()})
	if err != nil {
		return err
	}
	w.Write(b)
	w.WriteByte('\n')
	return w.Flush()
}

func writeRandom(stdout io.Writer, cfg engine.Config, seed uint64) error {
	r := rand.New(rand.NewPCG(seed, 0))
	g, err := engine.NewGame(cfg, r)
	if err != nil {
		return err
	}
	for steps := 0; !g.Over(); steps++ {
		if steps > 1_000_000 {
			return errors.New("the game did not end")
		}
		w := g.Waiting()
		if len(w) == 0 {
			return fmt.Errorf("the game waits for nobody in phase %v", g.Phase())
		}
		s := w[r.IntN(len(w))]
		v := g.View(s)
		if err := g.Act(s, engine.RandomAction(&v, r)); err != nil {
			return err
		}
	}
	b, err := g.Record().Marshal()
	if err != nil {
		return err
	}
	_, err = stdout.Write(b)
	return err
}
