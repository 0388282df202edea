package main

import (
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A miniature of goyacc's output: the shapes Outline must handle.
const miniParser = `package p

type yySymType struct{ val any }
type yyLexer interface{ Error(string) }
type yyParserImpl struct{ stack [4]yySymType }

func (yyrcvr *yyParserImpl) Parse(yylex yyLexer) int {
	var yyVAL yySymType
	var yyDollar []yySymType
	_ = yyDollar
	yyS := yyrcvr.stack[:]
	yypt := 1
	yynt := 2
	yystate := 0
	switch yynt {
	case 1:
		yyDollar = yyS[yypt-1 : yypt+1]
		{
			yyVAL.val = yyDollar[1].val
		}
	case 2:
		yyDollar = yyS[yypt-0 : yypt+1]
		{
			if yyVAL.val == nil {
				yylex.Error("bad")
				return 1
			}
		}
	case 3:
		yyDollar = yyS[yypt-1 : yypt+1]
		{
			yystate = 7
		}
	}
	_ = yystate
	return 0
}
`

func TestOutlineMiniature(t *testing.T) {
	out, n, err := Outline([]byte(miniParser))
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Errorf("moved %d actions, want 2 (case 3 uses yystate and must stay)", n)
	}
	src := string(out)
	for _, want := range []string{"func yyAction1(", "func yyAction2(", "var yyActions = [...]func(", "case 3:", "return r"} {
		if !strings.Contains(src, want) {
			t.Errorf("output lacks %q:\n%s", want, src)
		}
	}
	if strings.Contains(src, "case 1:") {
		t.Errorf("case 1 is still in the switch:\n%s", src)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "out.go", out, 0); err != nil {
		t.Fatalf("output does not parse: %v", err)
	}
	// It must also compile and behave: build it as a package and run it.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module p\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "p.go"), out, 0o644)
	os.WriteFile(filepath.Join(dir, "p_test.go"), []byte(`package p

import "testing"

type lex struct{ msg string }

func (l *lex) Error(s string) { l.msg = s }

func TestParse(t *testing.T) {
	l := &lex{}
	if r := (&yyParserImpl{}).Parse(l); r != 1 || l.msg != "bad" {
		t.Fatalf("Parse = %d, %q; want 1, \"bad\"", r, l.msg)
	}
}
`), 0o644)
	cmd := exec.Command("go", "test", "./...")
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the rewritten miniature fails: %v\n%s", err, b)
	}
}

// TestOutlineVitess rewrites the real parser: every action moves.
func TestOutlineVitess(t *testing.T) {
	dir, err := vitessDir()
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, "go", "vt", "sqlparser", "sql.go"))
	if err != nil {
		t.Fatal(err)
	}
	out, n, err := Outline(src)
	if err != nil {
		t.Fatal(err)
	}
	if n < 1700 {
		t.Errorf("moved %d actions; vitess's grammar has ~1,720", n)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "sql.go", out, 0); err != nil {
		t.Fatalf("output does not parse: %v", err)
	}
}
