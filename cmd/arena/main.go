// Command arena plays many games between bots and prints how they fared.
//
//	go run ./cmd/arena -bots expert,mc100,intermediate,random -games 2000 -players 4 -seed 1
//
// See docs/BOTS.md for the measured tables and docs/bot-protocol.md for external bots.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"nimmt/arena"
	"nimmt/engine"
)

func main() {
	botList := flag.String("bots", "expert,mc100,intermediate,random", "comma-separated bots: levels, expert@N / hard@N (N playouts), clairvoyant, or 'cmd:PROGRAM ARGS'")
	games := flag.Int("games", 2000, "games to play, rounded up to whole duplicate sets (a set: every seat of each seating; at 4 seats with 3 different bots 8 games, so 20 plays 24)")
	players := flag.Int("players", 4, "seats at the table, 2 to 10")
	seed := flag.Uint64("seed", 1, "seed for the deals and the bots")
	rounds := flag.Int("rounds", 0, "play this many rounds per game (instead of -to)")
	to := flag.Int("to", engine.DefaultEndScore, "play each game until a seat reaches this score")
	variant := flag.String("variant", "basic", "rules variant")
	doublets := flag.Bool("doublets", false, "with -variant double: one deck plus the doublets 11…99 of a second")
	workers := flag.Int("workers", 0, "games played at once (0: all cores)")
	timeout := flag.Duration("timeout", 2*time.Second, "time limit for each answer of an external bot")
	hello := flag.Duration("hello-timeout", 10*time.Second, "time limit for an external bot's greeting (its start-up)")
	asJSON := flag.Bool("json", false, "print one JSON object per bot per line")
	quiet := flag.Bool("q", false, "no progress on stderr")
	flag.Parse()

	v, err := engine.ParseVariant(*variant)
	if err != nil {
		fail(err)
	}
	o := arena.Options{Bots: splitBots(*botList), Players: *players, Games: *games, Seed: *seed,
		Rounds: *rounds, EndScore: *to, Variant: v, Doublets: *doublets, Workers: *workers, Timeout: *timeout,
		HelloTimeout: *hello, Faults: os.Stderr}
	if !*quiet {
		o.Progress = os.Stderr
	}
	res, err := arena.Run(o)
	if err != nil {
		fail(err)
	}
	if *asJSON {
		enc := json.NewEncoder(os.Stdout)
		for _, s := range res.Stats {
			_ = enc.Encode(s)
		}
		return
	}
	arena.Print(os.Stdout, res)
}

// splitBots splits the list on commas outside quotes-free "cmd:" arguments: a "cmd:" spec runs
// to the next comma.
func splitBots(s string) []string {
	var out []string
	for _, b := range strings.Split(s, ",") {
		if b = strings.TrimSpace(b); b != "" {
			out = append(out, b)
		}
	}
	return out
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(2)
}
