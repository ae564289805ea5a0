package server

import "testing"

// The word list masks whole words, read with digits and symbols as letters, and prefixes; it
// leaves ordinary words that hold a listed one alone; a name with a listed word is refused.
func TestWordList(t *testing.T) {
	for in, want := range map[string]string{
		"what the fuck":           "what the ****",
		"Sh1t happens, fucking 4": "**** happens, ******* 4",
		"you $lut!":               "you ****!",
		"Scunthorpe and classic":  "Scunthorpe and classic",
		"cocktail shittake":       "cocktail ********", // a prefix entry: shit*
		"":                        "",
	} {
		if got := words.mask(in); got != want {
			t.Errorf("mask(%q) = %q, want %q", in, got, want)
		}
	}
	if checkWords("Ann") != nil || checkWords("B1tch") == nil {
		t.Error("names: Ann refused or B1tch allowed")
	}
}
