// Command yyoutline makes the copy of vitess that the wasm builds use.
//
// First, it rewrites the SQL parser that goyacc generated for
// vitess (sqlparser/sql.go) so that each grammar action is a function of its
// own, in a copy of the vitess module, and writes a go.mod for
// `go build -modfile` that uses the copy. Nothing of vitess is committed:
// the build makes the copy from the module cache.
//
// Why: goyacc puts every action (1,720 of them) into one switch inside
// Parse, which the Go compiler turns into a single 1.3 MB WebAssembly
// function. Browsers compile a hot wasm function a second time with their
// optimizing tier; for this one V8 spends seconds of CPU and ~400 MB of
// memory doing it, in the middle of the page's first query. Split up, the
// parse loop stays small and only the actions that run get compiled. The
// rewrite changes no behaviour: each case keeps its statements, moved into
// a function that receives the parser's state it uses, and a `return n`
// inside an action still returns n from Parse.
//
// Second (protostrip.go): vitess's generated protobuf packages
// (go/vt/proto/{query,vtgate,binlogdata,topodata,vtrpc,vttime}) become
// plain Go in the copy. The parser, sqltypes and vterrors use their types,
// enums and getters, never the protobuf runtime, yet the generated code
// linked all of google.golang.org/protobuf into the wasm builds (~1.5 MB of
// wasm code, plus ~0.5 MB of the packages' descriptors and tables, and the
// registration work of their init functions at every start). The copy keeps
// every type, constant, _name/_value map, oneof wrapper, getter and Enum();
// it drops the runtime's state fields, methods, raw descriptors and init;
// enums print their names from the _name maps, as the runtime did; and
// sqltypes' proto.Equal calls become a generated Equal method of the same
// meaning. engine.wasm went from 21.9 MB raw (3.17 MB brotli) to 15.5 MB
// (2.49 MB brotli), the Worker's wasm from 25.5 MB to 17.5 MB.
//
// usage: go run ./scripts/yyoutline OUTDIR   (from the repository root)
//
// It copies the vitess module (go mod download) to OUTDIR/vitess, rewrites
// sql.go and the proto packages there, writes OUTDIR/go.mod (this module's
// go.mod plus a replace of vitess by the copy) and OUTDIR/go.sum, and
// prints OUTDIR/go.mod. The web build, the Worker build and `make
// test-wasm` build with it; native builds and tests use the module as it is.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: yyoutline OUTDIR")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "yyoutline:", err)
		os.Exit(1)
	}
}

func run(outDir string) error {
	modDir, err := vitessDir()
	if err != nil {
		return err
	}
	abs, err := filepath.Abs(outDir)
	if err != nil {
		return err
	}
	copyDir := filepath.Join(abs, "vitess")
	if err := os.RemoveAll(copyDir); err != nil {
		return err
	}
	if err := os.CopyFS(copyDir, os.DirFS(modDir)); err != nil {
		return fmt.Errorf("copying %s: %w", modDir, err)
	}
	msgs, enums, err := StripProto(copyDir)
	if err != nil {
		return err
	}
	src := filepath.Join(copyDir, "go", "vt", "sqlparser", "sql.go")
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	rewritten, n, err := Outline(data)
	if err != nil {
		return fmt.Errorf("%s: %w", src, err)
	}
	if err := os.Chmod(src, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(src, rewritten, 0o644); err != nil {
		return err
	}
	gomod, err := os.ReadFile("go.mod")
	if err != nil {
		return fmt.Errorf("run from the repository root: %w", err)
	}
	gosum, err := os.ReadFile("go.sum")
	if err != nil {
		return err
	}
	// Paths in the copied go.mod are relative to OUTDIR now.
	gomod = bytes.ReplaceAll(gomod, []byte("=> ./"), []byte("=> "+filepath.Join(mustAbs("."), "")+"/"))
	gomod = append(gomod, []byte("\nreplace github.com/dolthub/vitess => "+copyDir+"\n")...)
	modPath := filepath.Join(abs, "go.mod")
	if err := os.WriteFile(modPath, gomod, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(abs, "go.sum"), gosum, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "yyoutline: %d grammar actions moved out of Parse; %d messages and %d enums without the protobuf runtime\n", n, msgs, enums)
	fmt.Println(modPath)
	return nil
}

// vitessDir returns the folder of the vitess module that go.mod requires,
// downloading it first: on a fresh machine the module cache is empty until
// something asks for it, and `go list -m` only reports a folder that is
// already there.
func vitessDir() (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", vitessModule)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var mod struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &mod); jerr == nil && mod.Error != "" {
		return "", fmt.Errorf("go mod download %s: %s", vitessModule, mod.Error)
	}
	if err != nil {
		return "", fmt.Errorf("go mod download %s: %w\n%s", vitessModule, err, stderr.Bytes())
	}
	if mod.Dir == "" {
		return "", fmt.Errorf("go mod download %s: no folder in %q", vitessModule, out)
	}
	return mod.Dir, nil
}

const vitessModule = "github.com/dolthub/vitess"

func mustAbs(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		panic(err)
	}
	return a
}

// Outline rewrites the goyacc output src and returns it with the number of
// actions it moved.
func Outline(src []byte) ([]byte, int, error) {
	fset := token.NewFileSet()
	// Comments are dropped: goyacc's //line directives would point the
	// moved code at wrong lines, and nothing else in the file needs them.
	f, err := parser.ParseFile(fset, "sql.go", src, 0)
	if err != nil {
		return nil, 0, err
	}
	var parse *ast.FuncDecl
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "Parse" && fd.Recv != nil {
			parse = fd
		}
	}
	if parse == nil {
		return nil, 0, fmt.Errorf("no Parse method")
	}
	var sw *ast.SwitchStmt
	ast.Inspect(parse.Body, func(n ast.Node) bool {
		if s, ok := n.(*ast.SwitchStmt); ok {
			if id, ok := s.Tag.(*ast.Ident); ok && id.Name == "yynt" {
				sw = s
				return false
			}
		}
		return true
	})
	if sw == nil {
		return nil, 0, fmt.Errorf("no switch yynt in Parse")
	}
	var funcs []ast.Decl
	var table []ast.Expr
	var kept []ast.Stmt
	moved := 0
	for _, st := range sw.Body.List {
		cc := st.(*ast.CaseClause)
		lit, ok := caseNumber(cc)
		if !ok || len(cc.Body) < 1 || !isDollarSlice(cc.Body[0]) || usesOtherLocals(cc.Body[1:]) {
			kept = append(kept, cc) // left in place: it needs more of Parse than we pass
			continue
		}
		name := "yyAction" + lit.Value
		// yyDollar := yyS[yypt-K : yypt+1], then the action, then "no return".
		first := cc.Body[0].(*ast.AssignStmt)
		fnBody := []ast.Stmt{&ast.AssignStmt{Lhs: first.Lhs, Tok: token.DEFINE, Rhs: first.Rhs}}
		fnBody = append(fnBody, cc.Body[1:]...)
		fnBody = append(fnBody, &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("_")}, Tok: token.ASSIGN, Rhs: []ast.Expr{ast.NewIdent("yyDollar")}})
		fnBody = append(fnBody, &ast.ReturnStmt{Results: []ast.Expr{&ast.UnaryExpr{Op: token.SUB, X: &ast.BasicLit{Kind: token.INT, Value: "1"}}}})
		funcs = append(funcs, &ast.FuncDecl{
			Name: ast.NewIdent(name),
			Type: actionType(),
			Body: &ast.BlockStmt{List: fnBody},
		})
		table = append(table, &ast.KeyValueExpr{Key: &ast.BasicLit{Kind: token.INT, Value: lit.Value}, Value: ast.NewIdent(name)})
		moved++
	}
	// The switch keeps what could not move; a table of functions, indexed by
	// the rule number, dispatches the rest from one call site.
	sw.Body.List = kept
	funcs = append(funcs, &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{&ast.ValueSpec{
		Names:  []*ast.Ident{ast.NewIdent("yyActions")},
		Values: []ast.Expr{&ast.CompositeLit{Type: &ast.ArrayType{Len: &ast.Ellipsis{}, Elt: actionType()}, Elts: table}},
	}}})
	dispatch, err := parser.ParseExpr(`func() {
		if yynt >= 0 && yynt < len(yyActions) {
			if yyf := yyActions[yynt]; yyf != nil {
				if r := yyf(yyrcvr, yylex, yyS, yypt, &yyVAL); r >= 0 {
					return r
				}
			}
		}
	}`)
	if err != nil {
		return nil, 0, err
	}
	if !replaceStmt(parse.Body, sw, append(dispatch.(*ast.FuncLit).Body.List, sw)) {
		return nil, 0, fmt.Errorf("could not place the dispatch")
	}
	f.Decls = append(f.Decls, funcs...)
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, 0, err
	}
	return buf.Bytes(), moved, nil
}

func caseNumber(cc *ast.CaseClause) (*ast.BasicLit, bool) {
	if len(cc.List) != 1 {
		return nil, false
	}
	lit, ok := cc.List[0].(*ast.BasicLit)
	return lit, ok && lit.Kind == token.INT
}

// isDollarSlice matches goyacc's "yyDollar = yyS[yypt-K : yypt+1]".
func isDollarSlice(st ast.Stmt) bool {
	as, ok := st.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || as.Tok != token.ASSIGN {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	return ok && id.Name == "yyDollar"
}

func actionType() *ast.FuncType {
	return &ast.FuncType{
		Params: &ast.FieldList{List: []*ast.Field{
			{Names: []*ast.Ident{ast.NewIdent("yyrcvr")}, Type: &ast.StarExpr{X: ast.NewIdent("yyParserImpl")}},
			{Names: []*ast.Ident{ast.NewIdent("yylex")}, Type: ast.NewIdent("yyLexer")},
			{Names: []*ast.Ident{ast.NewIdent("yyS")}, Type: &ast.ArrayType{Elt: ast.NewIdent("yySymType")}},
			{Names: []*ast.Ident{ast.NewIdent("yypt")}, Type: ast.NewIdent("int")},
			{Names: []*ast.Ident{ast.NewIdent("yyVAL")}, Type: &ast.StarExpr{X: ast.NewIdent("yySymType")}},
		}},
		Results: &ast.FieldList{List: []*ast.Field{{Type: ast.NewIdent("int")}}},
	}
}

// replaceStmt replaces target, wherever it is in a statement list under
// root, by with.
func replaceStmt(root ast.Node, target ast.Stmt, with []ast.Stmt) bool {
	done := false
	ast.Inspect(root, func(n ast.Node) bool {
		if done {
			return false
		}
		var list *[]ast.Stmt
		switch b := n.(type) {
		case *ast.BlockStmt:
			list = &b.List
		case *ast.CaseClause:
			list = &b.Body
		default:
			return true
		}
		for i, st := range *list {
			if st == target {
				out := append([]ast.Stmt{}, (*list)[:i]...)
				out = append(out, with...)
				*list = append(out, (*list)[i+1:]...)
				done = true
				return false
			}
		}
		return true
	})
	return done
}

// parseLocals are Parse's own variables; an action that names one of them
// (beyond yyrcvr, yylex, yyS, yypt and yyVAL, which the function receives,
// and yyDollar, which it makes)
// cannot move. goto and labels cannot move either.
var parseLocals = map[string]bool{
	"yyn": true, "yyp": true, "yystate": true, "yytoken": true,
	"yychar": true, "yyrcvr_": true, "Nerrs": true, "Errflag": true, "yyxi": true, "yyR2": true,
	"yyR1": true, "yyg": true, "yyj": true, "yyt": true, "yynt": true, "yylval": true,
}

func usesOtherLocals(body []ast.Stmt) bool {
	bad := false
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if parseLocals[n.Name] {
					bad = true
				}
			case *ast.BranchStmt:
				if n.Tok == token.GOTO || n.Label != nil {
					bad = true
				}
			case *ast.LabeledStmt:
				bad = true
			case *ast.FuncLit:
				// closures are fine: they capture only what the body names
			}
			return !bad
		})
	}
	return bad
}
