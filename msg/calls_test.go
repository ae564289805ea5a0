package msg

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestCallArguments reads every Go file of the module and checks each call msg.New(msg.X, …)
// (New(X, …) inside this package) passes as many arguments as X takes, and that X.Text() is only
// used for ids without arguments. Calls whose id is not a constant, or that spread a slice, cannot
// be checked here; Message.Err reports them at run time.
func TestCallArguments(t *testing.T) {
	if idNames["RulesTitle"] != RulesTitle || idNames["numIDs"] != numIDs {
		t.Fatalf("ids.go read wrong: %d ids", len(idNames))
	}
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != ".." && (strings.HasPrefix(n, ".") || n == "testdata" || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		inMsg := f.Name.Name == "msg" && filepath.Base(filepath.Dir(p)) == "msg"
		// idOf returns the id an expression names: msg.X outside, X inside this package.
		idOf := func(e ast.Expr) (ID, bool) {
			var name string
			switch e := e.(type) {
			case *ast.SelectorExpr:
				if x, ok := e.X.(*ast.Ident); ok && x.Name == "msg" && !inMsg {
					name = e.Sel.Name
				}
			case *ast.Ident:
				if inMsg {
					name = e.Name
				}
			}
			id, ok := idNames[name]
			return id, ok
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				if fn.Sel.Name == "Text" && len(call.Args) == 0 {
					if id, ok := idOf(fn.X); ok {
						checked++
						if len(params[id]) > 0 && !strings.HasSuffix(p, "_test.go") {
							t.Errorf("%s: %s.Text() shows a text with arguments %v: use New", fset.Position(call.Pos()), id, params[id])
						}
					}
					return true
				}
			}
			isNew := false
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				x, ok := fn.X.(*ast.Ident)
				isNew = ok && x.Name == "msg" && fn.Sel.Name == "New" && !inMsg
			case *ast.Ident:
				isNew = inMsg && fn.Name == "New"
			}
			if !isNew || len(call.Args) == 0 || call.Ellipsis.IsValid() {
				return true
			}
			id, ok := idOf(call.Args[0])
			if !ok {
				return true
			}
			checked++
			if got, want := len(call.Args)-1, len(params[id]); got != want && !strings.HasSuffix(p, "_test.go") {
				t.Errorf("%s: New(%s, …) with %d arguments; it takes %d (%s)", fset.Position(call.Pos()), id, got, want, strings.Join(params[id], ", "))
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Error("no call of msg.New or Text found: the check reads nothing")
	}
}

// idNames maps the Go names of the ids to the ids, read from ids.go.
var idNames = func() map[string]ID {
	out := map[string]ID{}
	f, err := parser.ParseFile(token.NewFileSet(), "ids.go", nil, 0)
	if err != nil {
		return out
	}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for i, s := range g.Specs {
			for _, n := range s.(*ast.ValueSpec).Names {
				out[n.Name] = ID(i)
			}
		}
	}
	return out
}()
