package sql

import (
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// at returns "line:col" of a script offset.
func at(src string, pos int) string {
	l, c := diag.LineCol(src, pos)
	return itoa(l) + ":" + itoa(c)
}

func TestPositions(t *testing.T) {
	script := "SELECT 1;\n" +
		"SELECT a,\n" +
		"  CAST(b AS BIGINT) AS c, -x,\n" +
		"  f(d, 'it''s') + 2.5,\n" +
		"  CASE WHEN NOT e THEN 1 END\n" +
		"FROM cat.db.t /*+ OPTIONS('k'='v') */ AS tt\n" +
		"WHERE EXISTS (VALUES (1)) AND x IS UNKNOWN"
	start := strings.Index(script, "SELECT a")
	q, err := parseQuery(script, start, len(script))
	if err != nil {
		t.Fatal(err)
	}
	s := q.(*Select)
	cast := s.Items[1].Expr.(*Cast)
	neg := s.Items[2].Expr.(*Unary)
	sum := s.Items[3].Expr.(*Binary)
	call := sum.L.(*Call)
	cs := s.Items[4].Expr.(*Case)
	not := cs.Whens[0].Cond.(*Unary)
	tn := s.From.(*TableName)
	and := s.Where.(*Binary)
	ex := and.L.(*Exists)
	is := and.R.(*IsPredicate)
	tests := []struct {
		name string
		pos  int
		want string
	}{
		{"select", s.Pos, "2:1"},
		{"item 0", s.Items[0].Pos, "2:8"},
		{"column", s.Items[0].Expr.ExprPos(), "2:8"},
		{"item 1", s.Items[1].Pos, "3:3"},
		{"cast", cast.Pos, "3:3"},
		{"cast operand", cast.X.ExprPos(), "3:8"},
		{"cast type", cast.TypePos, "3:13"},
		{"alias", s.Items[1].Alias.Pos, "3:24"},
		{"unary", neg.Pos, "3:27"},
		{"unary operand", neg.X.ExprPos(), "3:28"},
		{"call", call.Pos, "4:3"},
		{"string literal", call.Args[1].ExprPos(), "4:8"},
		{"binary", sum.Pos, "4:3"},
		{"number", sum.R.ExprPos(), "4:19"},
		{"case", cs.Pos, "5:3"},
		{"not", not.Pos, "5:13"},
		{"then literal", cs.Whens[0].Result.ExprPos(), "5:24"},
		{"table", tn.Pos, "6:6"},
		{"table part", tn.Name.Parts[2].Pos, "6:13"},
		{"hint key", tn.Hints[0].KeyPos, "6:27"},
		{"table alias", tn.Alias.Pos, "6:42"},
		{"exists", ex.Pos, "7:7"},
		{"values", ex.Subquery.QueryPos(), "7:15"},
		{"is", is.Pos, "7:31"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := at(script, tc.pos); got != tc.want {
				t.Errorf("%s at %s, want %s", tc.name, got, tc.want)
			}
		})
	}
	texts := []string{"a", "CAST(b AS BIGINT) AS c", "-x", "f(d, 'it''s') + 2.5", "CASE WHEN NOT e THEN 1 END"}
	for k, want := range texts {
		if got := s.Items[k].Text; got != want {
			t.Errorf("item %d text %q, want %q", k, got, want)
		}
	}
	if got := cast.TypeText; got != "BIGINT" {
		t.Errorf("cast type text %q", got)
	}
}

func TestErrorPositionsInScript(t *testing.T) {
	tests := []struct {
		name, script, stmt, want, at string
	}{
		{"second statement", "SELECT 1;\nSELECT a\nFROM t WHERE x = = 2", "SELECT a",
			"", "3:16"},
		{"query after AS", "CREATE VIEW v AS SELECT a FROM t WHERE x = = 2", "SELECT a",
			"", "1:42"},
		// The SQL client gives Flink's parser the statement with a ';' (it
		// adds one to a script's last statement), which is what it meets.
		{"eof", "SELECT 1;\nSELECT a FROM", "SELECT a", "Encountered \";\" at line 1, column 14.\nWas expecting one of:\n" +
			"    \"LATERAL\" ...\n    \"TABLE\" ...\n    \"UNNEST\" ...\n    <IDENTIFIER> ...\n    <HYPHENATED_IDENTIFIER> ...\n    <QUOTED_IDENTIFIER> ...\n" +
			"    <BACK_QUOTED_IDENTIFIER> ...\n    <BIG_QUERY_BACK_QUOTED_IDENTIFIER> ...\n    <BRACKET_QUOTED_IDENTIFIER> ...\n    <UNICODE_QUOTED_IDENTIFIER> ...\n    \"(\" ...", "2:14"},
		{"cast type", "SELECT 1;\nSELECT CAST(a AS NOPE) FROM t", "SELECT CAST", "", "2:18"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start := strings.Index(tc.script, tc.stmt)
			_, err := parseQuery(tc.script, start, len(tc.script))
			e, ok := diag.As(err)
			if !ok {
				t.Fatalf("error %v", err)
			}
			if tc.want != "" && e.Msg != tc.want {
				t.Errorf("message %q, want %q", e.Msg, tc.want)
			}
			if got := at(tc.script, e.Pos); got != tc.at {
				t.Errorf("error at %s, want %s", got, tc.at)
			}
		})
	}
}

// FuzzParseQuery parses any text as a query and as an expression: neither
// may panic, and what parses must survive the unparse round trip
// (checkQueryRoundTrip, checkExprRoundTrip).
func FuzzParseQuery(f *testing.F) {
	seeds := []string{
		"SELECT a, b FROM t WHERE a > 1",
		"SELECT''",
		"SELECT * FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' MINUTES))",
		"SELECT a[1], m['k'], CAST(x AS INT) FROM t /*+ OPTIONS('a'='b') */",
		"VALUES (1, 'a'), (2, 'b')",
		"WITH c AS (SELECT 1) SELECT * FROM c UNION ALL SELECT 2 ORDER BY 1 NULLS LAST LIMIT 3",
		"SELECT SUM(a) OVER (PARTITION BY b ORDER BY c ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t",
		"SELECT * FROM o JOIN r FOR SYSTEM_TIME AS OF o.p AS x ON o.k = x.k",
		"SELECT TRIM(BOTH 'x' FROM s), EXTRACT(DAY FROM ts), a IS NOT DISTINCT FROM b",
		"SELECT * FROM (SELECT 1) WHERE (",
		"SELECT * FROM t MATCH_RECOGNIZE (PARTITION BY k ORDER BY ts MEASURES FIRST(A.p, 1) AS f, AVG(B.p) AS a " +
			"AFTER MATCH SKIP TO LAST B PATTERN (A{2,3}? B+ C) WITHIN INTERVAL '5' SECOND DEFINE A AS PREV(A.p) > 1, B AS LAST(B.p, 1) IS NULL) AS m",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		// Must never panic; and what parses unparses to text that parses
		// to the same unparsed text (the text SHOW CREATE VIEW prints and
		// a view is expanded from).
		if q, err := parseQuery(src, 0, len(src)); err == nil {
			checkQueryRoundTrip(t, src, q)
		}
		if e, err := parseExpr(src, 0, len(src)); err == nil {
			checkExprRoundTrip(t, src, e)
		}
	})
}

// checkQueryRoundTrip fails unless q, parsed from src, unparses to text
// that parses again and unparses to the same text: the query a view stores
// (SHOW CREATE VIEW prints it, a later statement expands it) reads back as
// the query it was. The one exception is text that nests parentheses
// deeper than the parser takes: the unparse parenthesizes as Calcite does
// (`-(-a)`), so a long chain of signs, which parses without parentheses,
// does not come back.
func checkQueryRoundTrip(t *testing.T, src string, q Query) {
	t.Helper()
	text := FormatQuery(q)
	q2, err := parseQuery(text, 0, len(text))
	if err != nil && parenDepth(text) >= maxParserNesting {
		return
	}
	if err != nil {
		t.Fatalf("%q unparses to %q, which does not parse: %v", src, text, err)
	}
	if again := FormatQuery(q2); again != text {
		t.Fatalf("%q unparses to %q, which unparses to %q", src, text, again)
	}
	if d := treeDiff(q, q2); d != "" {
		t.Fatalf("%q unparses to %q, which parses to another tree: %s", src, text, d)
	}
}

// checkExprRoundTrip is checkQueryRoundTrip for an expression: the text a
// computed column or a watermark is stored as, and bound again from.
func checkExprRoundTrip(t *testing.T, src string, e Expr) {
	t.Helper()
	text := FormatExpr(e)
	e2, err := parseExpr(text, 0, len(text))
	if err != nil && parenDepth(text) >= maxParserNesting {
		return
	}
	if err != nil {
		t.Fatalf("%q unparses to %q, which does not parse: %v", src, text, err)
	}
	if again := FormatExpr(e2); again != text {
		t.Fatalf("%q unparses to %q, which unparses to %q", src, text, again)
	}
	if d := treeDiff(e, e2); d != "" {
		t.Fatalf("%q unparses to %q, which parses to another tree: %s", src, text, d)
	}
}

// maxParserNesting is the parenthesis depth the parser (vitess's grammar,
// its Tokenizer's nesting count) refuses.
const maxParserNesting = 200

// parenDepth is the deepest nesting of parentheses in text, outside
// quotes.
func parenDepth(text string) int {
	depth, deepest := 0, 0
	var quote byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '`' || c == '"':
			quote = c
		case c == '(':
			depth++
			deepest = max(deepest, depth)
		case c == ')':
			depth--
		}
	}
	return deepest
}

// TestParserNesting pins maxParserNesting: FuzzParseQuery forgives a round
// trip only past the parser's own limit.
func TestParserNesting(t *testing.T) {
	for depth, ok := range map[int]bool{maxParserNesting - 1: true, maxParserNesting: false} {
		q := "SELECT " + strings.Repeat("(", depth) + "0" + strings.Repeat(")", depth)
		if _, err := parseQuery(q, 0, len(q)); (err == nil) != ok {
			t.Errorf("%d parentheses deep: parse error %v", depth, err)
		}
	}
	// a chain of signs parses without parentheses however long
	q := "SELECT " + strings.Repeat("+", 2*maxParserNesting) + "0"
	if _, err := parseQuery(q, 0, len(q)); err != nil {
		t.Errorf("a chain of signs: %v", err)
	}
}
