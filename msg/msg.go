// Package msg is the game's player-facing text: typed message ids (ids.go), messages (an id with
// its arguments, a value that can be stored and shown later in any language), and the text
// tables in assets/lang, one JSON file per language, loaded once.
//
// A language file is
//
//	{"name": "English", "plural": "one", "decimal": ".", "text": {"menu.new_game": "New game", …}}
//
// keyed by the ids' stable names. A text names its arguments in braces, in any order:
// "{name} took row {row}". A choice by number picks the plural form of the language's rule:
// "{n} {n|card|cards}" (rule "one": the first form for 1, the second otherwise; "zero-one": the
// first for 0 and 1; "none": one form). Adding a language is adding its file to assets/lang: the
// tests check that it has every id, no other key, and the same arguments as English; a text it
// lacks falls back to English.
package msg

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"

	"nimmt/assets"
	"nimmt/engine"
)

// English is the code of the language every other falls back to.
const English = "en"

// MaxArgs is the most arguments a message takes.
const MaxArgs = 4

// builtin ids have a text of their own, not in the language files.
const firstText = GameTitle

// argKind says what an Arg holds.
type argKind uint8

const (
	argNone argKind = iota
	argStr
	argInt
	argID
)

// Arg is one argument of a message: a string, a number or another message id (shown in the
// language of the message).
type Arg struct {
	kind argKind
	s    string
	n    int64
}

// Message is a text to show: an id and its arguments. It is a comparable value; its String is
// the text in the current language, so a log can keep messages and show them after the language
// changes.
type Message struct {
	ID   ID
	args [MaxArgs]Arg
	n    uint8
	// extra counts the arguments beyond MaxArgs, odd those of a type New does not take.
	extra, odd uint8
}

// New returns the message id with its arguments, in the order the id's definition names them.
// Arguments are strings, integers (any integer type, e.g. engine.Card) or IDs. A wrong number or
// type of arguments never panics: Err reports it, and the text shows the missing placeholder.
func New(id ID, args ...any) Message {
	m := Message{ID: id}
	for _, a := range args {
		if int(m.n) == MaxArgs {
			m.extra++
			continue
		}
		arg, ok := toArg(a)
		if !ok {
			m.odd++
			arg = Arg{kind: argStr, s: fmt.Sprint(a)}
		}
		m.args[m.n] = arg
		m.n++
	}
	return m
}

func toArg(a any) (Arg, bool) {
	switch v := a.(type) {
	case string:
		return Arg{kind: argStr, s: v}, true
	case int:
		return Arg{kind: argInt, n: int64(v)}, true
	case ID:
		return Arg{kind: argID, n: int64(v)}, true
	case Message:
		if v.n == 0 {
			return Arg{kind: argID, n: int64(v.ID)}, true
		}
		return Arg{kind: argStr, s: v.String()}, true
	}
	rv := reflect.ValueOf(a)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return Arg{kind: argInt, n: rv.Int()}, true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return Arg{kind: argInt, n: int64(rv.Uint())}, true
	}
	return Arg{}, false
}

// Err reports a message built with the wrong arguments: too few, too many, or of a type New does
// not take.
func (m Message) Err() error {
	if m.ID < 0 || m.ID >= numIDs {
		return fmt.Errorf("msg: unknown id %d", int(m.ID))
	}
	want, got := len(params[m.ID]), int(m.n)+int(m.extra)
	if got != want {
		return fmt.Errorf("msg: %s takes %d arguments (%s), got %d", m.ID, want, strings.Join(params[m.ID], ", "), got)
	}
	if m.odd > 0 {
		return fmt.Errorf("msg: %s: %d arguments are not a string, integer or id", m.ID, m.odd)
	}
	return nil
}

// String returns the message's text in the current language.
func (m Message) String() string { return current.Load().format(m) }

// In returns the message's text in the language code (English if there is no such language).
func (m Message) In(code string) string { return table(code).format(m) }

// String returns the id's stable name, its key in the language files.
func (id ID) String() string {
	if id < 0 || id >= numIDs {
		return "msg.ID(" + strconv.Itoa(int(id)) + ")"
	}
	return defs[id].name
}

// Text returns the text of an id without arguments in the current language. It allocates
// nothing, so drawing code may call it every frame.
func (id ID) Text() string {
	if id < 0 || id >= numIDs {
		return id.String()
	}
	t := current.Load()
	if c := t.texts[id]; c != nil && c.plain {
		return c.lit
	}
	return t.format(Message{ID: id})
}

// jsonMessage is a message as it is stored: the id's stable name and the arguments (strings,
// numbers, or {"id": name} for an id).
type jsonMessage struct {
	ID   string            `json:"id"`
	Args []json.RawMessage `json:"args,omitempty"`
}

// jsonID is an argument that is a message id.
type jsonID struct {
	ID string `json:"id"`
}

// MarshalJSON stores the message by its id's stable name, so stored logs survive renumbering.
func (m Message) MarshalJSON() ([]byte, error) {
	j := jsonMessage{ID: m.ID.String()}
	for _, a := range m.args[:m.n] {
		var v any
		switch a.kind {
		case argStr:
			v = a.s
		case argInt:
			v = a.n
		case argID:
			v = jsonID{ID(a.n).String()}
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("msg: %w", err)
		}
		j.Args = append(j.Args, b)
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads a message stored by MarshalJSON; an unknown id or an argument that is not
// a string, an integer or an id is an error.
func (m *Message) UnmarshalJSON(b []byte) error {
	var j jsonMessage
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("msg: %w", err)
	}
	id, ok := byName[j.ID]
	if !ok {
		return fmt.Errorf("msg: unknown message id %q", j.ID)
	}
	args := make([]any, 0, len(j.Args))
	for i, raw := range j.Args {
		var s string
		var n int64
		var aid jsonID
		switch {
		case json.Unmarshal(raw, &s) == nil:
			args = append(args, s)
		case json.Unmarshal(raw, &n) == nil:
			args = append(args, n)
		case json.Unmarshal(raw, &aid) == nil && aid.ID != "":
			x, ok := byName[aid.ID]
			if !ok {
				return fmt.Errorf("msg: %s argument %d: unknown message id %q", j.ID, i+1, aid.ID)
			}
			args = append(args, x)
		default:
			return fmt.Errorf("msg: %s argument %d: %s is not a string, integer or id", j.ID, i+1, raw)
		}
	}
	*m = New(id, args...)
	return m.Err()
}

// ByName returns the id whose stable name (its key in the language files) is name, and whether
// there is one: texts named after a list kept elsewhere (the bots' levels) are found without a
// table of ids.
func ByName(name string) (ID, bool) {
	id, ok := byName[name]
	return id, ok
}

// VariantTitle returns the id of a variant's name, as players know it ("Professional").
func VariantTitle(v engine.Variant) ID {
	if int(v) >= len(engine.Variants()) {
		return None
	}
	return VariantBasic + ID(v)
}

// VariantAbout returns the id of a variant's paragraph for players (docs/variants.md).
func VariantAbout(v engine.Variant) ID {
	if int(v) >= len(engine.Variants()) {
		return None
	}
	return AboutBasic + ID(v)
}

// VariantSummary returns the id of a variant's one-line summary on the new-game form; doublets
// picks Double with one deck and the doublets 11…99 of a second.
func VariantSummary(v engine.Variant, doublets bool) ID {
	switch {
	case int(v) >= len(engine.Variants()):
		return None
	case v == engine.Double && doublets:
		return SumDoublets
	}
	return SumBasic + ID(v)
}

// Language is one language the game can show.
type Language struct {
	// Code is the file's name without .json, e.g. "en".
	Code string
	// Name is the language's name in itself, e.g. "English".
	Name string
}

// Langs returns the languages there are, English first, then by code.
func Langs() []Language {
	out := make([]Language, 0, len(tables))
	for _, code := range codes {
		out = append(out, Language{Code: code, Name: tables[code].name})
	}
	return out
}

// Decimal returns x with digits digits after the decimal separator of the current language
// ("2.5" in English, "2,5" in German).
func Decimal(x float64, digits int) string {
	s := strconv.FormatFloat(x, 'f', digits, 64)
	if sep := current.Load().decimal; sep != "." {
		s = strings.Replace(s, ".", sep, 1)
	}
	return s
}

// Lang returns the code of the current language.
func Lang() string { return current.Load().code }

// SetLang makes code the current language; an unknown code is an error and changes nothing.
func SetLang(code string) error {
	t, ok := tables[code]
	if !ok {
		return fmt.Errorf("msg: no language %q (have %s)", code, strings.Join(codes, ", "))
	}
	current.Store(t)
	return nil
}

// Match returns the language for a system or browser locale such as "de-DE" or "fr_CA.UTF-8":
// the one with its code, else English.
func Match(locale string) string {
	l := strings.ToLower(locale)
	if i := strings.IndexAny(l, "-_.@"); i >= 0 {
		l = l[:i]
	}
	if _, ok := tables[l]; ok {
		return l
	}
	return English
}

// MatchAny returns the language of the first locale that names one the game has (a browser's
// navigator.languages, best first), else English.
func MatchAny(locales ...string) string {
	for _, l := range locales {
		if code := Match(l); code != English || strings.HasPrefix(strings.ToLower(l), English) {
			return code
		}
	}
	return English
}

// SystemLocale returns the locale a POSIX system uses for messages: the first of LC_ALL,
// LC_MESSAGES and LANG that is set (getenv is os.Getenv), or "" when none is or it is the "C"
// or "POSIX" locale.
func SystemLocale(getenv func(string) string) string {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		l := getenv(v)
		if l == "" {
			continue
		}
		if l == "C" || l == "POSIX" || strings.HasPrefix(l, "C.") {
			return ""
		}
		return l
	}
	return ""
}

// piece is one part of a compiled text: a literal, an argument, or a plural choice.
type piece struct {
	lit   string
	arg   int // index into the message's arguments; -1 for a literal
	forms []string
}

// compiled is one text, ready to format.
type compiled struct {
	pieces []piece
	plain  bool // no argument: lit is the whole text
	lit    string
}

// langTable is one language's texts, compiled.
type langTable struct {
	// Not comparable: no equality code in the wasm (#25).
	_          [0]func()
	code, name string
	plural     string
	decimal    string // the decimal separator
	texts      [numIDs]*compiled
	fallback   *langTable
}

var (
	params  [numIDs][]string
	byName  = map[string]ID{}
	tables  = map[string]*langTable{}
	codes   []string
	current atomic.Pointer[langTable]
	// loadErrs are the problems found loading the files (a test reports them; the game shows
	// the English text or the id instead).
	loadErrs []error
)

// pluralForms gives the number of forms of each plural rule and picks one.
var pluralRules = map[string]struct {
	forms int
	pick  func(n int64) int
}{
	"one":      {2, func(n int64) int { return b2i(n != 1) }},
	"zero-one": {2, func(n int64) int { return b2i(n != 0 && n != 1) }},
	"none":     {1, func(int64) int { return 0 }},
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func init() {
	for id := range numIDs {
		if defs[id].params != "" {
			params[id] = strings.Fields(defs[id].params)
		}
		byName[defs[id].name] = id
	}
	for _, f := range assets.Lang {
		t, errs := parseTable(f.Code, f.JSON)
		loadErrs = append(loadErrs, errs...)
		if t != nil {
			tables[f.Code] = t
			codes = append(codes, f.Code)
		}
	}
	// English first, then by code: an insertion sort, as sort.Slice adds 5 KB to the wasm (#13).
	for i := 1; i < len(codes); i++ {
		for j := i; j > 0 && codeBefore(codes[j], codes[j-1]); j-- {
			codes[j], codes[j-1] = codes[j-1], codes[j]
		}
	}
	en := tables[English]
	if en == nil {
		loadErrs = append(loadErrs, errors.New("msg: no English table (assets/lang/en.json)"))
		en = &langTable{code: English, name: "English", plural: "one", decimal: "."}
		tables[English] = en
		codes = append([]string{English}, codes...)
	}
	for _, t := range tables {
		if t != en {
			t.fallback = en
		}
	}
	current.Store(en)
}

// codeBefore reports whether language a is listed before b: English first, then by code.
func codeBefore(a, b string) bool {
	if (a == English) != (b == English) {
		return a == English
	}
	return a < b
}

// langFile is the JSON form of a language file.
type langFile struct {
	Name   string `json:"name"`
	Plural string `json:"plural"`
	// Decimal is the decimal separator ("." or ","); "." if left out.
	Decimal string            `json:"decimal"`
	Text    map[string]string `json:"text"`
}

// parseTable compiles a language file; it returns every problem found (a key that is no id, an
// id without text, a placeholder the id does not take, a plural choice with the wrong number of
// forms), keeping what is usable.
func parseTable(code string, b []byte) (*langTable, []error) {
	var f langFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, []error{fmt.Errorf("msg: %s.json: %w", code, err)}
	}
	var errs []error
	rule, ok := pluralRules[f.Plural]
	if !ok {
		errs = append(errs, fmt.Errorf("msg: %s.json: unknown plural rule %q (want one, zero-one or none)", code, f.Plural))
		f.Plural = "one"
		rule = pluralRules["one"]
	}
	t := &langTable{code: code, name: f.Name, plural: f.Plural, decimal: f.Decimal}
	switch t.decimal {
	case "":
		t.decimal = "."
	case ".", ",":
	default:
		errs = append(errs, fmt.Errorf("msg: %s.json: decimal separator %q (want . or ,)", code, f.Decimal))
		t.decimal = "."
	}
	if t.name == "" {
		errs = append(errs, fmt.Errorf("msg: %s.json: no name", code))
		t.name = code
	}
	for key, s := range f.Text {
		id, ok := byName[key]
		if !ok || id < firstText {
			errs = append(errs, fmt.Errorf("msg: %s.json: %q is no message id", code, key))
			continue
		}
		c, err := compile(s, params[id], rule.forms)
		if err != nil {
			errs = append(errs, fmt.Errorf("msg: %s.json: %s: %w", code, key, err))
			continue
		}
		t.texts[id] = c
	}
	for id := firstText; id < numIDs; id++ {
		if _, ok := f.Text[id.String()]; !ok {
			errs = append(errs, fmt.Errorf("msg: %s.json: no text for %s", code, id))
		}
	}
	t.texts[None] = &compiled{plain: true}
	t.texts[Verbatim] = &compiled{pieces: []piece{{arg: 0}}}
	return t, errs
}

// compile parses a text's placeholders against the id's parameters.
func compile(s string, names []string, forms int) (*compiled, error) {
	c := &compiled{}
	rest := s
	for rest != "" {
		i := strings.IndexAny(rest, "{}")
		if i < 0 {
			c.pieces = append(c.pieces, piece{lit: rest, arg: -1})
			break
		}
		if rest[i] == '}' {
			return nil, fmt.Errorf("a } without {")
		}
		if i > 0 {
			c.pieces = append(c.pieces, piece{lit: rest[:i], arg: -1})
		}
		j := strings.IndexAny(rest[i+1:], "{}")
		if j < 0 || rest[i+1+j] != '}' {
			return nil, fmt.Errorf("a { without }")
		}
		inner := rest[i+1 : i+1+j]
		rest = rest[i+2+j:]
		parts := strings.Split(inner, "|")
		arg := -1
		for k, n := range names {
			if n == parts[0] {
				arg = k
			}
		}
		if arg < 0 {
			return nil, fmt.Errorf("{%s}: no such argument (takes %q)", parts[0], names)
		}
		p := piece{arg: arg}
		if len(parts) > 1 {
			p.forms = parts[1:]
			if len(p.forms) != forms {
				return nil, fmt.Errorf("{%s}: %d plural forms, the language's rule has %d", inner, len(p.forms), forms)
			}
		}
		c.pieces = append(c.pieces, p)
	}
	if len(c.pieces) == 0 {
		c.plain = true
	} else if len(c.pieces) == 1 && c.pieces[0].arg < 0 {
		c.plain, c.lit = true, c.pieces[0].lit
	}
	return c, nil
}

// table returns the language code's table, or English.
func table(code string) *langTable {
	if t, ok := tables[code]; ok {
		return t
	}
	return tables[English]
}

// format returns m's text in t (falling back to English, then to the id's name).
func (t *langTable) format(m Message) string {
	if m.ID < 0 || m.ID >= numIDs {
		return m.ID.String()
	}
	c := t.texts[m.ID]
	lt := t
	if c == nil && t.fallback != nil {
		lt = t.fallback
		c = lt.texts[m.ID]
	}
	if c == nil {
		return m.ID.String()
	}
	if c.plain {
		return c.lit
	}
	var b strings.Builder
	pick := pluralRules[lt.plural].pick
	for _, p := range c.pieces {
		if p.arg < 0 {
			b.WriteString(p.lit)
			continue
		}
		if p.arg >= int(m.n) {
			// A missing argument shows its placeholder.
			b.WriteString("{" + params[m.ID][p.arg] + "}")
			continue
		}
		a := m.args[p.arg]
		if p.forms != nil {
			n := a.n
			if a.kind != argInt {
				n = 0
			}
			b.WriteString(p.forms[pick(n)])
			continue
		}
		switch a.kind {
		case argStr:
			b.WriteString(a.s)
		case argInt:
			b.WriteString(strconv.FormatInt(a.n, 10))
		case argID:
			b.WriteString(t.format(Message{ID: ID(a.n)}))
		}
	}
	return b.String()
}
