package server

import "testing"

// The chat masks the words of the word lists (assets/words, as names pass them): whole words,
// read folded (digits and symbols as letters), and entries matched inside a word; it leaves
// ordinary words that hold a whole-word entry alone; a name with a listed word is refused.
func TestWordList(t *testing.T) {
	for in, want := range map[string]string{
		"what the fuck":           "what the ****",
		"Sh1t happens, fucking 4": "**** happens, ******* 4",
		"you $lut!":               "you ****!",
		"Scunthorpe and classic":  "Scunthorpe and classic",
		"cocktail motherfucker":   "cocktail ************", // an entry matched inside: *fuck
		"a Dickens novel, dick":   "a Dickens novel, ****",
		"":                        "",
	} {
		if got := words.Mask(in); got != want {
			t.Errorf("Mask(%q) = %q, want %q", in, got, want)
		}
	}
	if checkWords("Ann") != nil || checkWords("B1tch") == nil {
		t.Error("names: Ann refused or B1tch allowed")
	}
}
