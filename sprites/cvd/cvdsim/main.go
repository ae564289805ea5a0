// Command cvdsim writes a PNG as people with protanopia or deuteranopia see it (cvd.Simulate):
//
//	go run ./sprites/cvd/cvdsim [-kind protanopia|deuteranopia] IN.png OUT.png
//
// Use it on the game's screenshots (go run . -screenshot ...) to check that nothing is told by
// red against green alone.
package main

import (
	"flag"
	"fmt"
	"image/png"
	"os"

	"nimmt/sprites/cvd"
)

func main() {
	kind := flag.String("kind", "deuteranopia", "protanopia or deuteranopia")
	flag.Parse()
	if err := run(*kind, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "cvdsim:", err)
		os.Exit(2)
	}
}

func run(kind string, args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("want IN.png OUT.png, got %d arguments", len(args))
	}
	var k cvd.Kind
	switch kind {
	case "protanopia":
		k = cvd.Protanopia
	case "deuteranopia":
		k = cvd.Deuteranopia
	default:
		return fmt.Errorf("unknown -kind %q (protanopia or deuteranopia)", kind)
	}
	in, err := os.Open(args[0])
	if err != nil {
		return err
	}
	defer in.Close()
	img, err := png.Decode(in)
	if err != nil {
		return fmt.Errorf("%s: %w", args[0], err)
	}
	out, err := os.Create(args[1])
	if err != nil {
		return err
	}
	if err := png.Encode(out, cvd.Simulate(img, k)); err != nil {
		out.Close()
		return fmt.Errorf("%s: %w", args[1], err)
	}
	return out.Close()
}
