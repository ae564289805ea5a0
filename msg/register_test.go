package msg

import (
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"nimmt/assets"
)

// registers gives, for every language but English, the one register its table speaks to the
// player in: words of that register (at least one must appear) and words of the other register
// (none may appear). The lists are pronouns and possessives, which tell the registers apart
// without a grammar; verb forms mostly cannot (French "-es", German "Tippe"/"Tippen", Spanish
// "toca"/"toque" are also other persons). A word with a capital letter matches only so written:
// German "Sie"/"Ihr" are formal, "sie"/"ihr" are she, they and her. So a German sentence may not
// begin with "Sie" or "Ihr" meaning they or her; say it another way.
var registers = map[string]struct {
	name        string
	uses, other []string
}{
	"fr": {"vous", []string{"vous", "votre", "vos"}, []string{"tu", "te", "t'", "toi", "ton", "ta", "tes"}},
	"de": {"du", []string{"du", "dich", "dir", "dein", "deine", "deinen", "deinem", "deiner", "deines"},
		[]string{"Sie", "Ihnen", "Ihr", "Ihre", "Ihren", "Ihrem", "Ihrer", "Ihres"}},
	"es": {"tú", []string{"tú", "tu", "tus", "te", "ti", "contigo"}, []string{"usted", "ustedes", "vosotros", "vosotras", "os", "vuestro", "vuestra"}},
}

// argName is a placeholder's argument name ({name}, {n|...}): English identifiers, not text.
var argName = regexp.MustCompile(`\{[A-Za-z_][A-Za-z0-9_]*`)

// words splits a text into its words, an elided French word keeping its apostrophe ("t'",
// "l'"), with ’ written as '.
func words(s string) []string {
	s = argName.ReplaceAllString(strings.ReplaceAll(s, "’", "'"), " ")
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
		for w != "" {
			i := strings.IndexByte(w, '\'')
			if i < 0 {
				out = append(out, w)
				break
			}
			if i > 0 {
				out = append(out, w[:i+1])
			}
			w = w[i+1:]
		}
	}
	return out
}

// matches reports whether word is the list entry want (see registers).
func matches(word, want string) bool {
	if strings.ToLower(want) != want {
		return word == want
	}
	return strings.ToLower(word) == want
}

// registerProblems lists where a table's texts leave its register: a text with a word of the
// other register, or no word of the register anywhere.
func registerProblems(code string, texts map[string]string) []string {
	r, ok := registers[code]
	if !ok {
		return []string{code + ": no register in registers (which words speak to the player, which must not)"}
	}
	var out []string
	used := false
	for _, key := range slices.Sorted(maps.Keys(texts)) {
		text := texts[key]
		for _, w := range words(text) {
			for _, o := range r.other {
				if matches(w, o) {
					out = append(out, code+": "+key+" says \""+w+"\", but the table speaks to the player with \""+r.name+"\": "+text)
				}
			}
			for _, u := range r.uses {
				used = used || matches(w, u)
			}
		}
	}
	if !used {
		out = append(out, code+": no text says any of "+strings.Join(r.uses, ", ")+": is \""+r.name+"\" its register?")
	}
	return out
}

// TestOneRegister: each language speaks to the player in one register: French "vous", German
// "du", Spanish "tú" (what most of each table used). assets/lang/*.json, every language but English.
func TestOneRegister(t *testing.T) {
	for _, f := range assets.Lang {
		if f.Code == English {
			continue
		}
		var file struct {
			Text map[string]string `json:"text"`
		}
		if err := json.Unmarshal(f.JSON, &file); err != nil {
			t.Errorf("%s: %v", f.Code, err)
			continue
		}
		for _, p := range registerProblems(f.Code, file.Text) {
			t.Error(p)
		}
	}
}

// TestRegisterWords: the word splitting and matching the register test relies on.
func TestRegisterWords(t *testing.T) {
	if got, want := strings.Join(words("T’as vu {name|l'un|les} ? Y a-t-il {n} l'octet"), " "), "T' as vu l' un les Y a t il l' octet"; got != want {
		t.Errorf("words = %q, want %q", got, want)
	}
	for _, tc := range []struct {
		code, text string
		bad        bool
	}{
		{"fr", "Votre nom", false},
		{"fr", "ton nom · vous", true},
		{"fr", "Vous t’en souvenez ?", true},
		{"fr", "Y a-t-il une place ? vous", false},
		{"de", "Dein Name", false},
		{"de", "Wählen Sie · du", true},
		{"de", "Die 3 passt nirgends: Ihr Spieler nimmt · du", true},
		{"de", "also nimmt ihr Spieler die Reihe · du", false},
		{"es", "Tu nombre", false},
		{"es", "Pulse, por favor, usted · tú", true},
		{"es", "la fila que elija su jugador", true}, // no word of the register at all
		{"it", "Il tuo nome", true},                  // no register for the language
	} {
		if got := registerProblems(tc.code, map[string]string{"k": tc.text}); (len(got) > 0) != tc.bad {
			t.Errorf("%s %q: problems %q, want some: %v", tc.code, tc.text, got, tc.bad)
		}
	}
}
