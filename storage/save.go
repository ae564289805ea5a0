package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// SaveProblem says what is wrong with a save file.
type SaveProblem int

// The problems CheckSave and LoadSave report.
const (
	SaveUnreadable SaveProblem = iota // the file exists but cannot be read
	SaveEmpty                         // the file is empty
	SaveTruncated                     // the file ends in the middle of its JSON
	SaveGarbage                       // the file is not a JSON object, or its version is not a number
	SaveVersion                       // the file's version is not one this build reads
)

// SaveError is a save file that cannot be resumed. Its message says what and where, for the
// player: "storage: save.json is cut short at byte 812".
type SaveError struct {
	_       [0]func() // not comparable (only *SaveError is an error): no equality code in the wasm (#25)
	Name    string    // the file
	Problem SaveProblem
	Version int   // the file's version (SaveVersion)
	Max     int   // the newest version this build reads (SaveVersion)
	Offset  int64 // where the JSON breaks (SaveTruncated, SaveGarbage), -1 if unknown
	Err     error // the underlying error, if any
}

func (e *SaveError) Error() string {
	s := "storage: " + e.Name
	switch e.Problem {
	case SaveUnreadable:
		s += " cannot be read"
	case SaveEmpty:
		s += " is empty"
	case SaveTruncated:
		s += fmt.Sprintf(" is cut short at byte %d", e.Offset)
	case SaveGarbage:
		s += " is not a saved game"
		if e.Offset >= 0 {
			s += fmt.Sprintf(" (broken at byte %d)", e.Offset)
		}
	case SaveVersion:
		return s + fmt.Sprintf(" is version %d; this build reads versions 1 to %d", e.Version, e.Max)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the underlying error.
func (e *SaveError) Unwrap() error { return e.Err }

// Loader is what LoadSave reads from: Dir, Memory, the browser's Local, or any scenes.Storage.
type Loader interface {
	Load(name string) ([]byte, error)
}

// LoadSave loads the save file name from st and checks it with CheckSave. A missing file is not a
// SaveError: the error wraps fs.ErrNotExist (IsNotExist). Any other failure is a *SaveError.
func LoadSave(st Loader, name string, maxVersion int) ([]byte, int, error) {
	b, err := st.Load(name)
	if err != nil {
		if IsNotExist(err) {
			return nil, 0, err
		}
		return nil, 0, &SaveError{Name: name, Problem: SaveUnreadable, Offset: -1, Err: err}
	}
	v, err := CheckSave(name, b, maxVersion)
	if err != nil {
		return nil, 0, err
	}
	return b, v, nil
}

// CheckSave checks that data is one whole JSON object whose "version" is an integer from 1 to
// maxVersion, and returns that version. Anything else is a *SaveError naming the problem: empty,
// cut short, not a save (with the byte where it breaks), or a version this build does not read.
func CheckSave(name string, data []byte, maxVersion int) (int, error) {
	fail := func(p SaveProblem, off int64, err error) (int, error) {
		return 0, &SaveError{Name: name, Problem: p, Offset: off, Err: err}
	}
	if len(data) == 0 {
		return fail(SaveEmpty, -1, nil)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		syn, isSyntax := errors.AsType[*json.SyntaxError](err)
		typ, isType := errors.AsType[*json.UnmarshalTypeError](err)
		switch {
		case isSyntax && syn.Error() == "unexpected end of JSON input":
			return fail(SaveTruncated, int64(len(data)), nil)
		case errors.Is(err, io.ErrUnexpectedEOF):
			return fail(SaveTruncated, int64(len(data)), nil)
		case isSyntax:
			return fail(SaveGarbage, syn.Offset, errors.New(syn.Error()))
		case isType:
			return fail(SaveGarbage, typ.Offset, errors.New("not a JSON object"))
		}
		return fail(SaveGarbage, -1, err)
	}
	var v int
	raw, ok := top["version"]
	if !ok {
		return fail(SaveGarbage, -1, errors.New("no version"))
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return fail(SaveGarbage, -1, fmt.Errorf("version %s is not a whole number", clip(string(raw))))
	}
	if v < 1 || v > maxVersion {
		return 0, &SaveError{Name: name, Problem: SaveVersion, Version: v, Max: maxVersion, Offset: -1}
	}
	return v, nil
}

func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}
