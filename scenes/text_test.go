package scenes

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// unconverted are the files of scenes whose player-facing strings do not come from nimmt/msg
// yet: none now. A file listed here is skipped; a new file is checked from the start.
var unconverted = []string{}

// textArg says which argument of a call is the text drawn or laid out, by the called function's
// name: the text renderer's Draw, DrawWrap, DrawDevice, Measure and Fit, and the scenes' own
// label, add (menu widgets) and wrapText.
var textArg = map[string]int{"Draw": 1, "DrawWrap": 1, "DrawDevice": 1, "Measure": 0, "Fit": 0, "label": 1, "add": 1, "wrapText": 0}

// textFields are the fields and variables that hold text shown to the player.
var textFields = []string{"label", "title", "notice", "caption"}

// notShown are the calls whose string arguments are for developers, not the screen.
var notShown = []string{"fmt.Errorf", "errors.New", "fmt.Fprintf", "fmt.Fprintln", "fmt.Fprint", "panic", "os.Getenv"}

// TestNoRawText is the check that keeps player-facing text in nimmt/msg. In every non-test file
// of scenes and its sub-packages (but those listed in unconverted) it reports
//   - a string literal holding a letter in the text argument of a draw or layout call (textArg),
//     or assigned to a text field or variable (textFields) — the sure cases;
//   - any other string literal that reads like prose: with a letter, and a space or a capital
//     letter (ids such as "new-game" and values such as "score" have neither), outside imports,
//     struct tags and the developer messages of notShown.
//
// Literals without letters ("−", "+", "?") are not text to translate.
func TestNoRawText(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	sub, err := filepath.Glob("*/*.go") // the sub-packages: ui, session, table, menu, online
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, sub...)
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || slices.Contains(unconverted, name) {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, lit := range rawTexts(f) {
			s, _ := strconv.Unquote(lit.Value)
			t.Errorf("%s: raw text %q shown to players: give it a message id in nimmt/msg (or, while the file is being converted, list it in unconverted)", fset.Position(lit.Pos()), s)
		}
	}
	if checked == 0 {
		t.Fatal("no file checked")
	}
}

// TestNoRawTextCatches: the check finds raw text drawn, laid out, assigned or concatenated, and
// passes ids, values and developer messages.
func TestNoRawTextCatches(t *testing.T) {
	bad := `package scenes
func f() {
	g.txt.Draw(dst, "Hello", 1, 2, st)
	g.label(dst, "Score: "+num(3), x, y, 12, c, a, true)
	m.add("ok-id", "Start", r, true, 0)
	w := widget{label: "Next"}
	m.title = "Settings"
	s := "Your turn"
	_ = txt.Measure("x", st)
}`
	good := `package scenes
import "fmt"
type T struct{ A int ` + "`json:\"a\"`" + ` }
func f() {
	g.txt.Draw(dst, msg.Next.Text(), 1, 2, st)
	m.add("new-game", msg.MenuNewGame.Text(), r, true, 0)
	m.add("seats-minus", "−", mi, true, 0)
	st.EndMode = "score"
	err := fmt.Errorf("scenes: unknown speed %q", s)
	fmt.Fprintf(os.Stderr, "Shot %d\n", 1)
}
func (k Kind) String() string { return fmt.Sprintf("Kind(%d)", int(k)) }`
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{bad, []string{`"Hello"`, `"Score: "`, `"Start"`, `"Next"`, `"Settings"`, `"Your turn"`, `"x"`}},
		{good, nil},
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", tc.src, 0)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, lit := range rawTexts(f) {
			got = append(got, lit.Value)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("found %v, want %v", got, tc.want)
		}
	}
}

// rawTexts returns the string literals of f that TestNoRawText reports, in source order.
func rawTexts(f *ast.File) []*ast.BasicLit {
	found := map[*ast.BasicLit]bool{}
	skip := map[*ast.BasicLit]bool{}
	// markAll marks every string literal under n holding a letter.
	markAll := func(n ast.Node, m map[*ast.BasicLit]bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && hasLetter(lit.Value) {
				m[lit] = true
			}
			return true
		})
	}
	for _, imp := range f.Imports {
		skip[imp.Path] = true
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			// A String method names a value for developers (fmt's %v), not for the screen.
			if n.Recv != nil && n.Name.Name == "String" {
				markAll(n, skip)
			}
		case *ast.Field:
			if n.Tag != nil {
				skip[n.Tag] = true
			}
		case *ast.CallExpr:
			name, full := callName(n.Fun)
			if slices.Contains(notShown, full) {
				markAll(n, skip)
			} else if i, ok := textArg[name]; ok && i < len(n.Args) {
				markAll(n.Args[i], found)
			}
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok && slices.Contains(textFields, k.Name) {
				markAll(n.Value, found)
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if slices.Contains(textFields, exprName(l)) && i < len(n.Rhs) {
					markAll(n.Rhs[i], found)
				}
			}
		case *ast.BasicLit:
			if n.Kind == token.STRING && readsLikeProse(n.Value) {
				found[n] = true
			}
		}
		return true
	})
	var out []*ast.BasicLit
	for lit := range found {
		if !skip[lit] {
			out = append(out, lit)
		}
	}
	slices.SortFunc(out, func(a, b *ast.BasicLit) int { return int(a.Pos() - b.Pos()) })
	return out
}

// callName returns a call's function name ("Draw") and its qualified form ("g.txt.Draw" gives
// "txt.Draw"; "fmt.Errorf" stays).
func callName(fun ast.Expr) (name, full string) {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name, f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name, exprName(f.X) + "." + f.Sel.Name
	}
	return "", ""
}

// exprName returns the last name of an identifier or selector (m.title gives "title").
func exprName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	}
	return ""
}

func hasLetter(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }

// readsLikeProse: a letter, and a space or a capital letter.
func readsLikeProse(quoted string) bool {
	s, err := strconv.Unquote(quoted)
	if err != nil || !hasLetter(s) {
		return false
	}
	return strings.ContainsRune(s, ' ') || strings.IndexFunc(s, unicode.IsUpper) >= 0
}
