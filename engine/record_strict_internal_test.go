package engine

import (
	"reflect"
	"strings"
	"testing"
)

// TestShapesMatchTypes: the record format's shapes (record_strict.go) hold exactly the JSON keys
// of the types they stand for, with the same nesting and fixed lengths, so a field added to
// Record, Config, Deal, RoundRecord or an action without its shape fails here.
func TestShapesMatchTypes(t *testing.T) {
	for _, tc := range []struct {
		sh *shape
		t  reflect.Type
	}{
		{recordShape, reflect.TypeFor[Record]()},
		{dealShape, reflect.TypeFor[Deal]()},
		{actionShape, reflect.TypeFor[Move]()},
	} {
		compareShape(t, tc.t.Name(), tc.sh, tc.t)
	}
}

// wireTypes are the types whose JSON form is another type's (their UnmarshalJSON reads it).
var wireTypes = map[reflect.Type]reflect.Type{
	reflect.TypeFor[Move]():   reflect.TypeFor[actionJSON](),
	reflect.TypeFor[Action](): reflect.TypeFor[actionJSON](),
}

func compareShape(t *testing.T, where string, sh *shape, typ reflect.Type) {
	t.Helper()
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	if w, ok := wireTypes[typ]; ok {
		typ = w
	}
	switch typ.Kind() {
	case reflect.Struct:
		fields := fieldTypes(typ)
		if len(fields) != len(sh.keys) {
			t.Errorf("%s: %d keys in the shape, %d in %s", where, len(sh.keys), len(fields), typ)
		}
		for k, ft := range fields {
			if sub, ok := sh.key(k); !ok {
				t.Errorf("%s: key %q of %s not in the shape", where, k, typ)
			} else {
				compareShape(t, where+"."+k, sub, ft)
			}
		}
	case reflect.Slice, reflect.Array:
		if sh.elem == nil {
			t.Errorf("%s: %s is an array, the shape is not", where, typ)
			return
		}
		want := 0 // a slice's length is free
		if typ.Kind() == reflect.Array {
			want = typ.Len()
		}
		if sh.n != want {
			t.Errorf("%s: length %d in the shape, %d in %s", where, sh.n, want, typ)
		}
		compareShape(t, where+"[]", sh.elem, typ.Elem())
	default:
		if sh.keys != nil || sh.elem != nil {
			t.Errorf("%s: %s is a scalar, the shape is not", where, typ)
		}
	}
}

// fieldTypes returns the JSON keys of struct type t and their types, as encoding/json decodes
// them: the tag's name or the field's, embedded structs' fields inlined, "-" and unexported
// fields left out.
func fieldTypes(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
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
