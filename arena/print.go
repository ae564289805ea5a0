package arena

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// Print writes the result as a table: one line per bot, then the comparisons of consecutive bots.
func Print(w io.Writer, r *Result) {
	fmt.Fprintf(w, "%d games (%d seatings per deal), %.1f s, %.2f games/s\n", r.Games, r.Seatings, r.Elapsed.Seconds(), r.GamesPerSec)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "bot\tseat-rounds\tpenalty/round\t±95%\twin rate\tdecision ms mean\tp95\tfaults\t")
	for _, s := range r.Stats {
		fmt.Fprintf(tw, "%s\t%d\t%.3f\t%.3f\t%.1f%%\t%.3f\t%.3f\t%d\t\n", s.Bot, s.Rounds, s.PenaltyPerRound, s.CI95, 100*s.WinRate, s.DecisionMsMean, s.DecisionMsP95, s.Faults)
	}
	tw.Flush()
	for _, p := range r.Pairs {
		sig := "not significant"
		if p.Diff-p.CI95 > 0 || p.Diff+p.CI95 < 0 {
			sig = "significant at 95%"
		}
		fmt.Fprintf(w, "%s − %s: %+.3f ± %.3f bullheads/round over %d rounds (%s)\n", p.A, p.B, p.Diff, p.CI95, p.N, sig)
	}
}
