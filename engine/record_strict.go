package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Records come from saves, the server's database and other people's files, so they are read
// strictly: encoding/json alone matches keys in any case (an unknown "ROWS" would override
// "rows"), takes a repeated key's last value without a word, and drops the values of a
// fixed-size array past its length (a fifth row card) or fills missing ones with zeros.
// checkStrict refuses each of these, naming the place; keys no field has in any case are
// skipped (docs/game-record.md: fields a newer writer may add).

// wireTypes are the types whose JSON form is another type's (their UnmarshalJSON reads it).
var wireTypes = map[reflect.Type]reflect.Type{
	reflect.TypeFor[Move]():   reflect.TypeFor[actionJSON](),
	reflect.TypeFor[Action](): reflect.TypeFor[actionJSON](),
}

// checkStrict walks the JSON value data as it decodes into a t, and refuses a key that is a
// field's name in another case, a key twice in one object, and an array of the wrong length for
// a fixed-size Go array. where names the value in errors ("" for a whole record). data must be
// valid JSON.
func checkStrict(data []byte, t reflect.Type, where string) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	return strictValue(d, t, where)
}

// strictValue checks the next value of d as it decodes into a t.
func strictValue(d *json.Decoder, t reflect.Type, where string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if w, ok := wireTypes[t]; ok {
		t = w
	}
	tok, err := d.Token()
	if err != nil {
		return err
	}
	start := d.InputOffset() - 1 // the opening delimiter's
	delim, ok := tok.(json.Delim)
	if !ok {
		return nil // a scalar or null: json.Unmarshal checks its type
	}
	switch {
	case delim == '{' && t.Kind() == reflect.Struct:
		return strictObject(d, fieldTypes(t), where)
	case delim == '[' && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array):
		n := 0
		for d.More() {
			if err := strictValue(d, t.Elem(), where+"["+strconv.Itoa(n)+"]"); err != nil {
				return err
			}
			n++
		}
		if _, err := d.Token(); err != nil {
			return err
		}
		if t.Kind() == reflect.Array && n != t.Len() {
			return fmt.Errorf("%s (at byte %d): %d values, want %d", name(where), start, n, t.Len())
		}
		return nil
	}
	return skipRest(d, delim) // a shape json.Unmarshal refuses, or a value of an unknown type
}

// strictObject checks the keys and values of an object whose '{' was read.
func strictObject(d *json.Decoder, fields map[string]reflect.Type, where string) error {
	seen := map[string]bool{}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		at := d.InputOffset() - int64(len(strconv.Quote(key))) // the key's opening quote, unless escaped
		if seen[key] {
			return fmt.Errorf("%s: key %q appears twice (the second at byte %d); a key may appear once", name(where), key, at)
		}
		seen[key] = true
		if ft, ok := fields[key]; ok {
			if err := strictValue(d, ft, join(where, key)); err != nil {
				return err
			}
			continue
		}
		for f := range fields {
			if strings.EqualFold(f, key) {
				return fmt.Errorf("%s: key %q (at byte %d) is not %q: keys are case-sensitive", name(where), key, at, f)
			}
		}
		var skip json.RawMessage
		if err := d.Decode(&skip); err != nil {
			return err
		}
	}
	_, err := d.Token()
	return err
}

// skipRest reads to the end of the object or array whose opening delim was read.
func skipRest(d *json.Decoder, delim json.Delim) error {
	for depth := 1; depth > 0; {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return nil
}

// fieldTypes returns the JSON keys of struct type t and their types, as encoding/json decodes
// them: the tag's name or the field's, embedded structs' fields inlined, "-" and unexported
// fields left out.
func fieldTypes(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for f := range t.Fields() {
		tag := f.Tag.Get("json")
		key, _, _ := strings.Cut(tag, ",")
		switch {
		case key == "-" && !strings.Contains(tag, ","):
			continue
		case f.Anonymous && key == "" && f.Type.Kind() == reflect.Struct:
			for k, v := range fieldTypes(f.Type) {
				out[k] = v
			}
			continue
		case !f.IsExported():
			continue
		case key == "":
			key = f.Name
		}
		out[key] = f.Type
	}
	return out
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
	return unmarshalStrict(b, (*plainDeal)(d), reflect.TypeFor[Deal](), "deal")
}

// unmarshalStrict decodes b into v after checkStrict as a t.
func unmarshalStrict(b []byte, v any, t reflect.Type, where string) error {
	if err := json.Unmarshal(b, v); err != nil {
		return err
	}
	if err := checkStrict(b, t, where); err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	return nil
}
