package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nimmt/engine"
)

func TestReplayRecordWrittenByEngine(t *testing.T) {
	var rec, out, errb bytes.Buffer
	if code := run([]string{"-random", "-seats", "5", "-seed", "7"}, nil, &rec, &errb); code != 0 {
		t.Fatalf("-random: exit %d: %s", code, errb.String())
	}
	file := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(file, rec.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{file}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	types := map[string]int{}
	for i, l := range lines[:len(lines)-1] {
		e, err := engine.UnmarshalEvent([]byte(l))
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		types[e.Type()]++
	}
	for _, want := range []string{"round_dealt", "seat_chose", "cards_revealed", "card_placed", "row_taken", "round_scored", "game_over"} {
		if types[want] == 0 {
			t.Errorf("no %s event", want)
		}
	}
	var fin struct {
		Type   string `json:"type"`
		Phase  string `json:"phase"`
		Scores []int  `json:"scores"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &fin); err != nil || fin.Type != "final" || fin.Phase != "over" || len(fin.Scores) != 5 {
		t.Fatalf("final line %q: %v", lines[len(lines)-1], err)
	}
	// As seat 2 sees it: other hands are gone.
	out.Reset()
	if code := run([]string{"-seat", "2", file}, nil, &out, &errb); code != 0 {
		t.Fatalf("-seat 2: exit %d", code)
	}
	first, _ := engine.UnmarshalEvent([]byte(strings.SplitN(out.String(), "\n", 2)[0]))
	if d := first.(engine.RoundDealt); d.Hands[0] != nil || d.Hands[2] == nil {
		t.Errorf("seat 2's deal shows hands %v", d.Hands)
	}
}

func TestReplayErrors(t *testing.T) {
	var rec bytes.Buffer
	run([]string{"-random", "-seats", "3", "-seed", "1"}, nil, &rec, &bytes.Buffer{})
	bad := bytes.Replace(rec.Bytes(), []byte(`{"seat":1,"kind":"play","cards":[`), []byte(`{"seat":1,"kind":"play","cards":[0,`), 1)
	tty, err := os.Open(os.DevNull) // a character device, as a terminal is
	if err != nil {
		t.Fatal(err)
	}
	defer tty.Close()
	cases := []struct {
		name string
		args []string
		in   []byte
		code int
		want string
	}{
		{"no file on a terminal", []string{}, nil, 2, "usage"},
		{"no file reads standard input", []string{}, bad, 1, "replay: standard input: engine: record: round 1, turn 1, seat 1"},
		{"two files", []string{"a.json", "b.json"}, nil, 2, "2 files given"},
		{"seat flag on an illegal record", []string{"-seat", "5", "-"}, bad, 1, "round 1, turn 1, seat 1"},
		{"variant with a record", []string{"-variant", "tactics", "-"}, rec.Bytes(), 2, "-variant is a flag of -random: a record replays with the configuration it holds"},
		{"seats with a record", []string{"-seats", "5", "-"}, rec.Bytes(), 2, "-seats is a flag of -random"},
		{"random with a file", []string{"-random", "game.json"}, nil, 2, "-random writes a record: it reads no FILE"},
		{"random with eleven seats", []string{"-random", "-seats", "11"}, nil, 2, "-seats 11: engine: config seats = 11: must be 2 to 10"},
		{"random with an unknown variant", []string{"-random", "-variant", "chaos"}, nil, 2, `-variant: engine: unknown variant "chaos"`},
		{"missing file", []string{"/nonexistent/x.json"}, nil, 1, "no such file"},
		{"garbage", []string{"-"}, []byte("garbage"), 1, "malformed JSON"},
		{"illegal action", []string{"-"}, bad, 1, "round 1, turn 1, seat 1"},
		{"bad seat flag", []string{"-seat", "5", "-"}, rec.Bytes(), 2, "-seat 5: the record has seats 0–2"},
		{"too large", []string{"-"}, bytes.Repeat([]byte(" "), MaxInput+1), 1, "standard input is larger than 16 MB"},
		{"doublets without double", []string{"-random", "-doublets"}, nil, 2, "add -variant double"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			var in io.Reader = bytes.NewReader(tc.in)
			if tc.in == nil {
				in = tty
			}
			code := run(tc.args, in, &out, &errb)
			if code != tc.code || !strings.Contains(errb.String(), tc.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errb.String(), tc.code, tc.want)
			}
		})
	}
}

// TestRandomEveryVariant: -random writes a whole game of every variant that replays (#7).
func TestRandomEveryVariant(t *testing.T) {
	for _, v := range engine.Variants() {
		var rec, out, errb bytes.Buffer
		if code := run([]string{"-random", "-seats", "4", "-seed", "3", "-variant", v.String()}, nil, &rec, &errb); code != 0 {
			t.Fatalf("%s: -random: exit %d: %s", v, code, errb.String())
		}
		if code := run([]string{"-"}, bytes.NewReader(rec.Bytes()), &out, &errb); code != 0 {
			t.Fatalf("%s: replay: exit %d: %s", v, code, errb.String())
		}
		if !strings.Contains(out.String(), `"phase":"over"`) {
			t.Errorf("%s: the replay does not end the game", v)
		}
	}
}

// TestRandomDoublets: -doublets writes Double with one deck and the doublets, in the record's
// config; without Double it is a configuration error.
func TestRandomDoublets(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string // in the record (code 0) or on stderr
	}{
		{[]string{"-random", "-seed", "5", "-variant", "double", "-doublets"}, 0, `"doublets":true`},
		{[]string{"-random", "-seed", "5", "-variant", "basic", "-doublets"}, 2, "-doublets plays the Double variant with the doublets: add -variant double (not -variant basic)"},
	}
	for _, tc := range tests {
		var rec, out, errb bytes.Buffer
		code := run(tc.args, nil, &rec, &errb)
		if code != tc.code {
			t.Fatalf("%v: exit %d (%s), want %d", tc.args, code, errb.String(), tc.code)
		}
		if code != 0 {
			if !strings.Contains(errb.String(), tc.want) {
				t.Errorf("%v: stderr %q, want %q", tc.args, errb.String(), tc.want)
			}
			continue
		}
		if !strings.Contains(rec.String(), tc.want) {
			t.Errorf("%v: record lacks %s: %.200s", tc.args, tc.want, rec.String())
		}
		if code := run([]string{"-"}, bytes.NewReader(rec.Bytes()), &out, &errb); code != 0 || !strings.Contains(out.String(), `"phase":"over"`) {
			t.Errorf("%v: replay exit %d: %s", tc.args, code, errb.String())
		}
	}
}
