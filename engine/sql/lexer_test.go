package sql

import (
	"reflect"
	"testing"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// tok is a compact token for expectations: kind and value.
type tok struct {
	Kind TokenKind
	Val  string
}

func lexAll(t *testing.T, src string) []Token {
	t.Helper()
	toks, err := Lex(src, 0, len(src))
	if err != nil {
		t.Fatalf("Lex(%q): %v", src, err)
	}
	return toks
}

func TestLex(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []tok
	}{
		{"words and punctuation", "SELECT a, b FROM t;", []tok{
			{Word, "SELECT"}, {Word, "a"}, {Punct, ","}, {Word, "b"}, {Word, "FROM"}, {Word, "t"}, {Punct, ";"}, {EOF, ""}}},
		{"string with doubled quote", "'it''s'", []tok{{String, "it's"}, {EOF, ""}}},
		{"no backslash escapes", `'a\'`, []tok{{String, `a\`}, {EOF, ""}}},
		{"empty string", "''", []tok{{String, ""}, {EOF, ""}}},
		{"string over lines", "'a\nb'", []tok{{String, "a\nb"}, {EOF, ""}}},
		{"national string", "N'x'", []tok{{String, "x"}, {EOF, ""}}},
		{"binary string", "X'0aFF'", []tok{{BinaryStr, "0aFF"}, {EOF, ""}}},
		{"backtick identifier", "`my col`", []tok{{QuotedIdent, "my col"}, {EOF, ""}}},
		{"backtick escape", "`a``b`", []tok{{QuotedIdent, "a`b"}, {EOF, ""}}},
		{"line comment", "a -- comment ; here\nb", []tok{{Word, "a"}, {Word, "b"}, {EOF, ""}}},
		{"slash comment", "a // comment\nb", []tok{{Word, "a"}, {Word, "b"}, {EOF, ""}}},
		{"block comment", "a /* x ; 'y */ b", []tok{{Word, "a"}, {Word, "b"}, {EOF, ""}}},
		{"empty block comment", "a /**/ b", []tok{{Word, "a"}, {Word, "b"}, {EOF, ""}}},
		{"hint", "t /*+ OPTIONS('a'='b') */", []tok{{Word, "t"}, {Hint, " OPTIONS('a'='b') "}, {EOF, ""}}},
		{"numbers", "1 1.5 .5 1e3 1.5E-2 7.", []tok{
			{Number, "1"}, {Number, "1.5"}, {Number, ".5"}, {Number, "1e3"}, {Number, "1.5E-2"}, {Number, "7."}, {EOF, ""}}},
		{"number then word", "1e", []tok{{Number, "1"}, {Word, "e"}, {EOF, ""}}},
		{"two-character operators", "<> != <= >= || => ::", []tok{
			{Punct, "<>"}, {Punct, "!="}, {Punct, "<="}, {Punct, ">="}, {Punct, "||"}, {Punct, "=>"}, {Punct, "::"}, {EOF, ""}}},
		{"generics close", "ARRAY<ROW<a INT>>", []tok{
			{Word, "ARRAY"}, {Punct, "<"}, {Word, "ROW"}, {Punct, "<"}, {Word, "a"}, {Word, "INT"}, {Punct, ">"}, {Punct, ">"}, {EOF, ""}}},
		{"double quote is a token", `"a"`, []tok{{Punct, `"`}, {Word, "a"}, {Punct, `"`}, {EOF, ""}}},
		{"dollar and underscore", "$a _b c$1", []tok{{Word, "$a"}, {Word, "_b"}, {Word, "c$1"}, {EOF, ""}}},
		{"unicode letters", "名字 café", []tok{{Word, "名字"}, {Word, "café"}, {EOF, ""}}},
		{"only comments", "-- x\n/* y */", []tok{{EOF, ""}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []tok
			for _, tk := range lexAll(t, tc.src) {
				got = append(got, tok{tk.Kind, tk.Val})
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Lex(%q)\n got %v\nwant %v", tc.src, got, tc.want)
			}
		})
	}
}

func TestLexPositions(t *testing.T) {
	src := "x  SELECT 'a''b' `c` -- z\n  /*+ h */ 12"
	toks, err := Lex(src, 3, len(src))
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]int{{3, 9}, {10, 16}, {17, 20}, {28, 36}, {37, 39}, {39, 39}}
	if len(toks) != len(want) {
		t.Fatalf("got %d tokens", len(toks))
	}
	for i, w := range want {
		if toks[i].Pos != w[0] || toks[i].End != w[1] {
			t.Errorf("token %d %q at [%d,%d), want [%d,%d)", i, toks[i].Val, toks[i].Pos, toks[i].End, w[0], w[1])
		}
	}
	// Keywords match case-insensitively, and never a quoted identifier.
	if !toks[0].Is("select") || toks[0].Is("FROM") || toks[2].Is("c") {
		t.Error("Is misbehaves")
	}
}

func TestLexErrors(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		start int
		msg   string
		pos   int
	}{
		{"unterminated string", "select 'abc", 0, `Lexical error at line 1, column 12.  Encountered: <EOF> after : "\'abc"`, 7},
		{"unterminated string over lines", "select 'a\nbc", 0, `Lexical error at line 2, column 3.  Encountered: <EOF> after : "\'a\nbc"`, 7},
		{"unterminated at line end", "select 'a\n", 0, `Lexical error at line 2, column 0.  Encountered: <EOF> after : "\'a\n"`, 7},
		{"unterminated comment", "a /* x", 0, `Lexical error at line 1, column 7.  Encountered: <EOF> after : "/* x"`, 2},
		{"unterminated hint", "a /*+ x", 0, `Lexical error at line 1, column 8.  Encountered: <EOF> after : "/*+ x"`, 2},
		{"unterminated identifier", "`abc", 0, `Lexical error at line 1, column 5.  Encountered: <EOF> after : "` + "`abc" + `"`, 0},
		{"newline in identifier", "`ab\nc`", 0, `Lexical error at line 1, column 4.  Encountered: "\n" (10), after : "` + "`ab" + `"`, 3},
		{"stray character", "select #", 0, `Lexical error at line 1, column 8.  Encountered: "#" (35), after : ""`, 7},
		{"non-ASCII stray", "a ，b", 0, `Lexical error at line 1, column 3.  Encountered: "\uff0c" (65292), after : ""`, 2},
		{"relative to start", "SELECT 1;\n select 'x", 10, `Lexical error at line 1, column 11.  Encountered: <EOF> after : "\'x"`, 18},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Lex(tc.src, tc.start, len(tc.src))
			e, ok := diag.As(err)
			if !ok {
				t.Fatalf("Lex(%q) error = %v", tc.src, err)
			}
			if e.Msg != tc.msg || e.Pos != tc.pos || e.Class != diag.ParseException {
				t.Errorf("Lex(%q)\n got %q at %d (%s)\nwant %q at %d", tc.src, e.Msg, e.Pos, e.Class, tc.msg, tc.pos)
			}
		})
	}
	if _, err := Lex("abc", 2, 1); err == nil {
		t.Error("a reversed range should fail")
	}
}

func TestSplit(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"simple", "SELECT 1; SELECT 2;", []string{"SELECT 1", "SELECT 2"}},
		{"no final semicolon", "SELECT 1;\nSELECT 2", []string{"SELECT 1", "SELECT 2"}},
		{"semicolon in string", "SELECT ';\n';", []string{"SELECT ';\n'"}},
		{"semicolon in comment", "SELECT /*;\n'*/ 1;", []string{"SELECT /*;\n'*/ 1"}},
		{"semicolon in line comment", "SELECT 1 -- ;\n + 1;", []string{"SELECT 1 -- ;\n + 1"}},
		{"semicolon in identifier", "SELECT `a;b` FROM t", []string{"SELECT `a;b` FROM t"}},
		{"empty statements dropped", ";;\n-- only a comment\n;SELECT 1;;", []string{"SELECT 1"}},
		{"leading comment excluded", "-- hello\nSELECT 1", []string{"SELECT 1"}},
		{"client statement set", "BEGIN STATEMENT SET;\nINSERT INTO t SELECT 1;\nEND;", []string{"BEGIN STATEMENT SET", "INSERT INTO t SELECT 1", "END"}},
		{"execute statement set", "EXECUTE STATEMENT SET BEGIN\nINSERT INTO a SELECT 1;\nINSERT INTO b SELECT ';';\nEND;\nSELECT 2;",
			[]string{"EXECUTE STATEMENT SET BEGIN\nINSERT INTO a SELECT 1;\nINSERT INTO b SELECT ';';\nEND", "SELECT 2"}},
		{"explain statement set", "EXPLAIN STATEMENT SET BEGIN\nINSERT INTO a SELECT 1;\nEND;\nSELECT 2",
			[]string{"EXPLAIN STATEMENT SET BEGIN\nINSERT INTO a SELECT 1;\nEND", "SELECT 2"}},
		{"explain details execute statement set", "explain changelog_mode, plan_advice execute statement set begin insert into a select 1; end; show tables",
			[]string{"explain changelog_mode, plan_advice execute statement set begin insert into a select 1; end", "show tables"}},
		{"empty block", "EXECUTE STATEMENT SET BEGIN\nEND;\nSELECT 1;", []string{"EXECUTE STATEMENT SET BEGIN\nEND", "SELECT 1"}},
		{"unterminated block", "EXECUTE STATEMENT SET BEGIN INSERT INTO a SELECT 1; SELECT 2", []string{"EXECUTE STATEMENT SET BEGIN INSERT INTO a SELECT 1; SELECT 2"}},
		{"nothing", "  \n ", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			spans, err := Split(tc.src)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, sp := range spans {
				got = append(got, tc.src[sp.Start:sp.End])
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Split(%q)\n got %q\nwant %q", tc.src, got, tc.want)
			}
		})
	}
}
