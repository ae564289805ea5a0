// Command assets makes the game's generated assets: the sound effects and the music
// (assets/sounds/*.wav), the fonts without hinting (assets/fonts) and the icons (assets/icons,
// wasm, mobile/android, mobile/ios). Run it from the repository's root with `make assets`; gen_test fails when a
// committed file differs from what it makes.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"nimmt/assets/sounds"
)

func main() {
	root := flag.String("root", ".", "the repository's root")
	flag.Parse()
	files, err := generate()
	if err != nil {
		fmt.Fprintln(os.Stderr, "assets:", err)
		os.Exit(1)
	}
	for _, f := range files {
		p := filepath.Join(*root, filepath.FromSlash(f.path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "assets:", err)
			os.Exit(1)
		}
		if err := os.WriteFile(p, f.data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "assets:", err)
			os.Exit(1)
		}
		fmt.Printf("%-60s %7d bytes\n", f.path, len(f.data))
	}
}

// file is one generated file: its slash-separated path from the repository's root and contents.
type file struct {
	path string
	data []byte
}

// generate makes every generated file.
func generate() ([]file, error) {
	var out []file
	for e := range sounds.NumEffects {
		out = append(out, file{"assets/sounds/" + e.File(), synth(e)})
	}
	for t := range sounds.NumThemes {
		out = append(out, file{"assets/sounds/" + t.File(), music(t)})
	}
	fonts, err := fontFiles()
	if err != nil {
		return nil, err
	}
	out = append(out, fonts...)
	return append(out, iconFiles()...), nil
}
