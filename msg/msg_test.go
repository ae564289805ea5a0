package msg

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"nimmt/bots"
	"nimmt/engine"
)

// TestTables: every language file loads without a problem — every id has a text, no key is not
// an id, every placeholder is an argument of its id, plural choices have the rule's forms — and
// the English file shows every argument of every id.
func TestTables(t *testing.T) {
	for _, err := range loadErrs {
		t.Error(err)
	}
	if len(tables) == 0 || tables[English] == nil {
		t.Fatal("no English table")
	}
	for id := firstText; id < numIDs; id++ {
		if defs[id].name == "" {
			t.Errorf("id %d has no stable name in defs", int(id))
		}
		if tables[English].texts[id] == nil {
			t.Errorf("%s has no English text", id)
		}
	}
	seen := map[string]ID{}
	for id := range numIDs {
		if other, ok := seen[defs[id].name]; ok {
			t.Errorf("ids %d and %d share the name %q", int(other), int(id), defs[id].name)
		}
		seen[defs[id].name] = id
	}
	for id := firstText; id < numIDs; id++ {
		c := tables[English].texts[id]
		if c == nil {
			continue
		}
		if got, want := used(c), len(params[id]); len(got) != want {
			t.Errorf("%s: the English text shows the arguments %v of %v", id, got, params[id])
		}
	}
}

// TestTablesSameArguments: in every language each text uses the same arguments as English.
func TestTablesSameArguments(t *testing.T) {
	en := tables[English]
	for code, lt := range tables {
		if code == English {
			continue
		}
		for id := firstText; id < numIDs; id++ {
			c, e := lt.texts[id], en.texts[id]
			if c == nil || e == nil {
				continue
			}
			if got, want := used(c), used(e); !slices.Equal(got, want) {
				t.Errorf("%s: %s uses the arguments %v, English %v", code, id, got, want)
			}
		}
	}
}

// used returns the argument indices a text shows, sorted, without repeats.
func used(c *compiled) []int {
	var out []int
	for _, p := range c.pieces {
		if p.arg >= 0 && !slices.Contains(out, p.arg) {
			out = append(out, p.arg)
		}
	}
	slices.Sort(out)
	return out
}

// TestParseProblems: a bad language file is reported, key by key, and what is good is kept.
func TestParseProblems(t *testing.T) {
	file := `{"name": "Test", "plural": "one", "text": {
		"menu.quit": "Leave",
		"menu.nope": "extra",
		"notice.save_failed": "Failed: {err}",
		"rules.title": "{step|a|b|c} of {steps}",
		"menu.rules": "Rules {"
	}}`
	lt, errs := parseTable("xx", []byte(file))
	if lt == nil {
		t.Fatal("no table")
	}
	all := ""
	for _, e := range errs {
		all += e.Error() + "\n"
	}
	for _, want := range []string{`"menu.nope" is no message id`, "{err}: no such argument", "3 plural forms, the language's rule has 2",
		"menu.rules: a { without }", "no text for menu.continue"} {
		if !strings.Contains(all, want) {
			t.Errorf("problems do not say %q:\n%s", want, all)
		}
	}
	if got := lt.format(New(MenuQuit)); got != "Leave" {
		t.Errorf("kept text %q", got)
	}
	if _, errs := parseTable("xx", []byte(`{"name": "T", "plural": "many", "text": {}}`)); len(errs) == 0 || !strings.Contains(errs[0].Error(), `unknown plural rule "many"`) {
		t.Errorf("unknown plural rule not reported: %v", errs)
	}
	if _, errs := parseTable("xx", []byte(`{"name": `)); len(errs) != 1 {
		t.Errorf("broken JSON: %v", errs)
	}
	if lt, errs := parseTable("xx", []byte(`{"name": "T", "plural": "one", "decimal": ";", "text": {}}`)); len(errs) == 0 || !strings.Contains(errs[0].Error(), `decimal separator ";"`) || lt.decimal != "." {
		t.Errorf("a bad decimal separator is not reported or kept: %v", errs)
	}
}

// TestDecimal: numbers with a fraction use the language's decimal separator, a comma in German,
// French and Spanish.
func TestDecimal(t *testing.T) {
	defer SetLang(English)
	for code, want := range map[string]string{"en": "2.5", "de": "2,5", "fr": "2,5", "es": "2,5"} {
		if err := SetLang(code); err != nil {
			t.Fatal(err)
		}
		if got := Decimal(2.5, 1); got != want {
			t.Errorf("%s: Decimal(2.5, 1) = %q, want %q", code, got, want)
		}
		if got := Decimal(-12.345, 2); got != strings.Replace("-12.35", ".", want[1:2], 1) && got != strings.Replace("-12.34", ".", want[1:2], 1) {
			t.Errorf("%s: Decimal(-12.345, 2) = %q", code, got)
		}
		if got := Decimal(7, 0); got != "7" {
			t.Errorf("%s: Decimal(7, 0) = %q", code, got)
		}
	}
}

// testTable compiles texts for the ids given into a table falling back to English.
func testTable(t *testing.T, plural string, texts map[ID]string) *langTable {
	t.Helper()
	lt := &langTable{code: "xx", name: "Test", plural: plural, fallback: tables[English]}
	for id, s := range texts {
		c, err := compile(s, params[id], pluralRules[plural].forms)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		lt.texts[id] = c
	}
	return lt
}

// TestFormat: arguments in any order, plural forms by the language's rule, ids as arguments
// shown in the message's language, and English for what a language lacks.
func TestFormat(t *testing.T) {
	lt := testTable(t, "zero-one", map[ID]string{
		RulesTitle:   "{steps} {steps|étape|étapes}, voici {step}",
		VariantPage:  "{about} — {min} à {max}",
		AboutBasic:   "De base.",
		MenuContinue: "Reprendre",
	})
	for _, tc := range []struct {
		m    Message
		want string
	}{
		{New(RulesTitle, 2, 5), "5 étapes, voici 2"},
		{New(RulesTitle, 1, 1), "1 étape, voici 1"},
		{New(RulesTitle, 0, 0), "0 étape, voici 0"},
		{New(VariantPage, AboutBasic, 2, engine.Card(10)), "De base. — 2 à 10"},
		{New(MenuContinue), "Reprendre"},
		{New(MenuQuit), "Quit"}, // not in the table: English
		{New(Verbatim, "as is"), "as is"},
		{New(None), ""},
	} {
		if got := lt.format(tc.m); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.m.ID, got, tc.want)
		}
	}
	en := testTable(t, "one", map[ID]string{RulesTitle: "{step} of {steps} {steps|card|cards}"})
	for n, want := range map[int]string{0: "0 of 0 cards", 1: "0 of 1 card", 2: "0 of 2 cards"} {
		if got := en.format(New(RulesTitle, 0, n)); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
	if got := New(VariantPage, AboutTactics, 2, 10).String(); !strings.HasPrefix(got, "Only the cards") || !strings.HasSuffix(got, "(2–10 players.)") {
		t.Errorf("English: %q", got)
	}
}

// TestWrongArguments: a message with too few, too many or odd arguments never panics; Err says
// what is wrong and the text shows the missing placeholder.
func TestWrongArguments(t *testing.T) {
	for _, tc := range []struct {
		m       Message
		err     string
		contain string
	}{
		{New(RulesTitle, 2), "rules.title takes 2 arguments (step, steps), got 1", "How to play · 2/{steps}"},
		{New(RulesTitle), "got 0", "{step}/{steps}"},
		{New(MenuQuit, "x"), "menu.quit takes 0 arguments", "Quit"},
		{New(RulesTitle, 1, 2, 3, 4, 5, 6), "got 6", "1/2"},
		{New(RulesTitle, 1, 2.5), "1 arguments are not a string, integer or id", "1/2.5"},
		{Message{ID: numIDs + 3}, "unknown id", "msg.ID("},
		{Message{ID: -1}, "unknown id", "msg.ID(-1)"},
	} {
		err := tc.m.Err()
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%v: Err %v, want %q", tc.m.ID, err, tc.err)
		}
		if got := tc.m.String(); !strings.Contains(got, tc.contain) {
			t.Errorf("%v: text %q, want it to contain %q", tc.m.ID, got, tc.contain)
		}
	}
	if err := New(RulesTitle, 1, 5).Err(); err != nil {
		t.Error(err)
	}
	if got := RulesTitle.Text(); got != "How to play · {step}/{steps}" {
		t.Errorf("Text of an id with arguments: %q", got)
	}
}

// TestJSON: a message survives a round trip through JSON by its stable name; unknown ids and bad
// arguments are errors.
func TestJSON(t *testing.T) {
	for _, m := range []Message{New(VariantPage, AboutNifty, 3, 10), New(Verbatim, "disk full"), New(MenuQuit)} {
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var back Message
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if back != m {
			t.Errorf("%s came back as %+v, want %+v", b, back, m)
		}
	}
	b, _ := json.Marshal(New(VariantPage, AboutNifty, 3, 10))
	if string(b) != `{"id":"variant.page","args":[{"id":"variant.nifty.about"},3,10]}` {
		t.Errorf("stored as %s", b)
	}
	for _, bad := range []string{`{"id":"nope"}`, `{"id":"variant.page","args":[{"id":"nope"},1,2]}`, `{"id":"variant.page","args":[true,1,2]}`,
		`{"id":"rules.title","args":[1]}`, `{"id":"rules.title","args":[1.5,2]}`, `[`} {
		var m Message
		if err := json.Unmarshal([]byte(bad), &m); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestLangs: English is there and current; SetLang refuses an unknown code and changes nothing;
// another language is used and falls back to English.
func TestLangs(t *testing.T) {
	want := []Language{{"en", "English"}, {"de", "Deutsch"}, {"es", "Español"}, {"fr", "Français"}}
	if ls := Langs(); !slices.Equal(ls, want) {
		t.Errorf("Langs %v, want %v", ls, want)
	}
	if Lang() != English {
		t.Errorf("current language %q", Lang())
	}
	if err := SetLang("zz"); err == nil || !strings.Contains(err.Error(), `no language "zz"`) || Lang() != English {
		t.Errorf("SetLang(zz): %v, now %q", err, Lang())
	}
	tables["xx"] = testTable(t, "one", map[ID]string{MenuQuit: "Leave"})
	defer delete(tables, "xx")
	if err := SetLang("xx"); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = SetLang(English) }()
	if got, back := MenuQuit.Text(), MenuContinue.Text(); got != "Leave" || back != "Continue" {
		t.Errorf("xx: %q, %q", got, back)
	}
	if got := New(MenuQuit).In(English); got != "Quit" {
		t.Errorf("In(en): %q", got)
	}
	for loc, want := range map[string]string{"xx-YY": "xx", "XX_yy.UTF-8": "xx", "de-DE": "de", "fr_CA.UTF-8": "fr", "es-419": "es", "pt-BR": English, "": English, "en": English} {
		if got := Match(loc); got != want {
			t.Errorf("Match(%q) = %q, want %q", loc, got, want)
		}
	}
	for _, tc := range []struct {
		locales []string
		want    string
	}{
		{[]string{"pt-BR", "fr-CA", "de"}, "fr"},
		{[]string{"en-US", "de-DE"}, English},
		{[]string{"pt-BR", "ja"}, English},
		{nil, English},
	} {
		if got := MatchAny(tc.locales...); got != tc.want {
			t.Errorf("MatchAny(%q) = %q, want %q", tc.locales, got, tc.want)
		}
	}
}

// TestTextAllocs: an id's text costs no allocation, so drawing may ask for it every frame.
func TestTextAllocs(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { _ = MenuNewGame.Text() }); n != 0 {
		t.Errorf("Text allocates %v times", n)
	}
}

// TestVariantParagraphsMatchDocs: the paragraph and name the menu shows for each variant are the
// ones in docs/variants.md.
func TestVariantParagraphsMatchDocs(t *testing.T) {
	b, err := os.ReadFile("../docs/variants.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(string(b)), " ")
	for _, v := range engine.Variants() {
		title, about := New(VariantTitle(v)).In(English), New(VariantAbout(v)).In(English)
		if VariantTitle(v) == None || title != v.Title() || about == "" || !strings.Contains(doc, "**"+title) || !strings.Contains(doc, about) {
			t.Errorf("%s: %q, paragraph %q not in docs/variants.md", v, title, about)
		}
	}
	if VariantTitle(engine.Variant(len(engine.Variants()))) != None || VariantAbout(engine.Variant(200)) != None {
		t.Error("an unknown variant has a text")
	}
}

// TestSystemLocale: LC_ALL, then LC_MESSAGES, then LANG; the C locale is English.
func TestSystemLocale(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"LANG": "de_DE.UTF-8"}, "de_DE.UTF-8"},
		{map[string]string{"LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR"}, "fr_FR"},
		{map[string]string{"LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR", "LC_ALL": "es_ES"}, "es_ES"},
		{map[string]string{"LANG": "de_DE.UTF-8", "LC_ALL": "C"}, ""},
		{map[string]string{"LANG": "C.UTF-8"}, ""},
		{map[string]string{"LANG": "POSIX"}, ""},
		{nil, ""},
	} {
		if got := SystemLocale(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.env, got, tc.want)
		}
	}
}

// TestLevelsNamed: every bot level offered to players has a name and a one-line description, each
// with a text in every language, and no other string is a level.
func TestLevelsNamed(t *testing.T) {
	for _, l := range bots.Levels() {
		name, means, ok := Level(l)
		if !ok {
			t.Errorf("level %q has no name or description", l)
			continue
		}
		for code, tb := range tables {
			if tb.texts[name] == nil || tb.texts[means] == nil {
				t.Errorf("%s: level %q lacks its name or description", code, l)
			}
		}
	}
	if _, _, ok := Level(bots.LevelMC100); ok {
		t.Errorf("mc100, not offered to players, has a description")
	}
}
