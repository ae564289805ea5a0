package engine

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// Records come from saves, the server's database and other people's files, so they are read
// strictly: encoding/json alone matches keys in any case (an unknown "ROWS" would override
// "rows"), takes a repeated key's last value without a word, and drops the values of a
// fixed-size array past its length (a fifth row card) or fills missing ones with zeros.
// checkStrict refuses each of these, naming the place; keys no field has in any case are
// skipped (docs/game-record.md: fields a newer writer may add).

// shape is what a JSON value of the record format may hold, as its Go type decodes it: an
// object's keys (exact) and their shapes, an array's elements, a fixed array's length. It is
// written out rather than read from the types with reflection, which would add its weight to the
// web build; TestShapesMatchTypes checks it against the types' JSON tags.
type shape struct {
	keys []field // an object's keys, each once; nil: not an object
	elem *shape  // an array's elements; nil: not an array
	n    int     // a fixed array's length, or 0
}

// field is an object's key and its value's shape. The shapes are slices of fields, not maps: the
// compiler lays them out as data, where map literals were 1 KB of gzipped init code in the wasm.
type field struct {
	key string
	sh  *shape
}

var (
	anyValue    = &shape{} // a scalar (or a shape json.Unmarshal checks)
	cardsShape  = &shape{elem: anyValue}
	actionShape = &shape{keys: []field{{"seat", anyValue}, {"kind", anyValue}, {"cards", cardsShape}, {"row", anyValue}}}
	handsShape  = &shape{elem: cardsShape}
	rowsShape   = &shape{elem: anyValue, n: NumRows}
	dealShape   = &shape{keys: []field{{"hands", handsShape}, {"rows", rowsShape}, {"stacked", cardsShape}}}
	roundShape  = &shape{keys: []field{{"hands", handsShape}, {"rows", rowsShape}, {"stacked", cardsShape},
		{"actions", &shape{elem: actionShape}}}}
	configShape = &shape{keys: []field{{"seats", anyValue}, {"variant", anyValue}, {"end_score", anyValue}, {"rounds", anyValue}, {"doublets", anyValue}}}
	recordShape = &shape{keys: []field{{"format", anyValue}, {"version", anyValue}, {"config", configShape},
		{"players", &shape{elem: anyValue}}, {"rounds", &shape{elem: roundShape}}}}
)

// key returns the shape of key's value in an object of shape sh, and whether sh has key.
func (sh *shape) key(key string) (*shape, bool) {
	for _, f := range sh.keys {
		if f.key == key {
			return f.sh, true
		}
	}
	return nil, false
}

// checkStrict walks the JSON value data as it has shape sh, and refuses a key that is a known
// key in another case, a key twice in one object, and an array of the wrong length for a
// fixed-size Go array. where names the value in errors ("" for a whole record). data must be
// valid JSON (json.Unmarshal or json.Valid accepted it). It scans the bytes itself: the web build
// links no json.Decoder for it.
func checkStrict(data []byte, sh *shape, where string) error {
	s := scanner{b: data}
	return s.value(sh, where)
}

// scanner walks valid JSON; i is the offset of the next byte.
type scanner struct {
	b []byte
	i int
}

// space skips white space and returns the next byte (0 at the end).
func (s *scanner) space() byte {
	for s.i < len(s.b) {
		switch c := s.b[s.i]; c {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return c
		}
	}
	return 0
}

// value checks the next value as it has shape sh.
func (s *scanner) value(sh *shape, where string) error {
	c := s.space()
	start := s.i
	switch {
	case c == '{' && sh.keys != nil:
		s.i++
		return s.object(sh, where)
	case c == '[' && sh.elem != nil:
		s.i++
		n := 0
		if s.space() == ']' {
			s.i++
		} else {
			for {
				if err := s.value(sh.elem, where+"["+strconv.Itoa(n)+"]"); err != nil {
					return err
				}
				n++
				c := s.space()
				s.i++
				if c != ',' {
					break
				}
			}
		}
		if sh.n > 0 && n != sh.n {
			return errorf("%s (at byte %d): %d values, want %d", name(where), start, n, sh.n)
		}
		return nil
	}
	s.skip() // a scalar, or a shape json.Unmarshal checks
	return nil
}

// object checks the keys and values of an object of shape sh whose '{' was read.
func (s *scanner) object(sh *shape, where string) error {
	seen := map[string]bool{}
	if s.space() == '}' {
		s.i++
		return nil
	}
	for {
		s.space()
		at := s.i
		s.skip()
		key, err := s.key(s.b[at:s.i])
		if err != nil {
			return err
		}
		s.space()
		s.i++ // ':'
		if seen[key] {
			return errorf("%s: key %q appears twice (the second at byte %d); a key may appear once", name(where), key, at)
		}
		seen[key] = true
		if ft, ok := sh.key(key); ok {
			if err := s.value(ft, join(where, key)); err != nil {
				return err
			}
		} else {
			for _, f := range sh.keys {
				if strings.EqualFold(f.key, key) {
					return errorf("%s: key %q (at byte %d) is not %q: keys are case-sensitive", name(where), key, at, f.key)
				}
			}
			s.space()
			s.skip()
		}
		c := s.space()
		s.i++
		if c != ',' {
			return nil
		}
	}
}

// key decodes a key's JSON string.
func (s *scanner) key(raw []byte) (string, error) {
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1]), nil
	}
	var k string
	err := json.Unmarshal(raw, &k)
	return k, err
}

// skip passes the value that starts at s.i (white space skipped).
func (s *scanner) skip() {
	depth := 0
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch c {
		case '"':
			for s.i++; s.i < len(s.b) && s.b[s.i] != '"'; s.i++ {
				if s.b[s.i] == '\\' {
					s.i++
				}
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return // the end of the enclosing object or array
			}
			depth--
		case ',', ':', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return
			}
		}
		s.i++
		if depth == 0 && (c == '"' || c == '}' || c == ']') {
			return
		}
	}
}

func join(where, key string) string {
	if where == "" {
		return key
	}
	return where + "." + key
}

func name(where string) string {
	if where == "" {
		return "the record"
	}
	return where
}

// plainDeal is a Deal without its UnmarshalJSON.
type plainDeal Deal

// UnmarshalJSON reads a deal strictly, as ParseRecord reads a record: exactly four row cards,
// each key once and in its case (the server's log stores deals alone).
func (d *Deal) UnmarshalJSON(b []byte) error {
	return unmarshalStrict(b, (*plainDeal)(d), dealShape, "deal")
}

// unmarshalStrict decodes b into v after checkStrict with shape sh.
func unmarshalStrict(b []byte, v any, sh *shape, where string) error {
	if err := json.Unmarshal(b, v); err != nil {
		return err
	}
	if err := checkStrict(b, sh, where); err != nil {
		return errorf("engine: %w", err)
	}
	return nil
}
