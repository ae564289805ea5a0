package main

import "testing"

// module is a wasm module with one imported function, two function bodies and a name section
// naming all three, as Go's linker writes them.
func module() []byte {
	sec := func(id byte, body ...byte) []byte { return append([]byte{id, byte(len(body))}, body...) }
	name := func(s string) []byte { return append([]byte{byte(len(s))}, s...) }
	var b []byte
	b = append(b, "\x00asm\x01\x00\x00\x00"...)
	imp := []byte{1}
	imp = append(imp, name("go")...)
	imp = append(imp, name("debug")...)
	imp = append(imp, 0, 0) // a function of type 0
	b = append(b, sec(2, imp...)...)
	code := []byte{2, 3, 0, 0x41, 0x0b, 5, 0, 1, 1, 1, 0x0b}
	b = append(b, sec(10, code...)...)
	names := []byte{3}
	names = append(names, 0)
	names = append(names, name("go.debug")...)
	names = append(names, 1)
	names = append(names, name("golang.org_x_image_font_sfnt.__Font_.Name")...)
	names = append(names, 2)
	names = append(names, name("nimmt_engine.clone[go.shape.uint8]")...)
	custom := append(name("name"), 1, byte(len(names)))
	custom = append(custom, names...)
	return append(b, sec(0, custom...)...)
}

func TestParse(t *testing.T) {
	fs, err := parse(module())
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 2 || fs[0].name != "golang.org_x_image_font_sfnt.__Font_.Name" || len(fs[0].body) != 3 ||
		fs[1].name != "nimmt_engine.clone[go.shape.uint8]" || len(fs[1].body) != 5 {
		t.Fatalf("got %+v", fs)
	}
	g := groupBy(fs, false, "")
	if len(g) != 2 || g["golang.org_x_image_font_sfnt"] == nil || g["nimmt_engine"] == nil {
		t.Fatalf("packages %v", g)
	}
	if _, err := parse(module()[:20]); err == nil {
		t.Error("a cut module parsed")
	}
}
