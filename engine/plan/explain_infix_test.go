package plan

import "testing"

func TestInfixLine(t *testing.T) {
	tests := []struct{ in, want string }{
		// Flink's table.q: the physical plan's line and the execution plan's.
		{"WatermarkAssigner(rowtime=[ts], watermark=[-(ts, 1000:INTERVAL SECOND)])",
			"WatermarkAssigner(rowtime=[ts], watermark=[(ts - 1000:INTERVAL SECOND)])"},
		{"Calc(select=[user, product])", "Calc(select=[user, product])"},
		{"Calc(select=[a, *(b, 2) AS c], where=[AND(>(a, 10), IS NOT NULL(b))])",
			"Calc(select=[a, (b * 2) AS c], where=[((a > 10) AND b IS NOT NULL)])"},
		// Three operands of one AND; a call outside the list keeps its form,
		// its operands do not.
		{"where=[AND(=(a, 1), <>(b, 2), OR(c, d))]", "where=[((a = 1) AND (b <> 2) AND (c OR d))]"},
		{"select=[TO_TIMESTAMP_LTZ(*(%(*(id, 3), 7), 1000)) AS ts]", "select=[TO_TIMESTAMP_LTZ((%((id * 3), 7) * 1000)) AS ts]"},
		{"select=[CAST(+(a, 1) AS VARCHAR(2147483647)) AS s]", "select=[CAST((a + 1) AS VARCHAR(2147483647)) AS s]"},
		// Unary minus and NOT stay prefix; COUNT(*) is not a product.
		{"select=[-(a) AS n, NOT(b) AS nb, COUNT(*) AS c]", "select=[-(a) AS n, NOT(b) AS nb, COUNT(*) AS c]"},
		// Literals keep their text, parentheses and commas inside them too.
		{"where=[=(name, _UTF-16LE'a(b, c)=(d'':')]", "where=[(name = _UTF-16LE'a(b, c)=(d'':')]"},
		{"where=[LIKE(name, _UTF-16LE'x%')]", "where=[LIKE(name, _UTF-16LE'x%')]"},
		{"where=[>=(ts, -(CURRENT_TIMESTAMP, 5000:INTERVAL SECOND))]", "where=[(ts >= (CURRENT_TIMESTAMP - 5000:INTERVAL SECOND))]"},
		{"where=[IS NULL(x)]", "where=[x IS NULL]"},
		// A name that merely ends like an operator is left alone.
		{"select=[a_OR(x)]", "select=[a_OR(x)]"},
		// Unbalanced text is copied.
		{"where=[=(a, 1]", "where=[=(a, 1]"},
	}
	for _, tt := range tests {
		if got := InfixLine(tt.in); got != tt.want {
			t.Errorf("InfixLine(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

func TestExecLine(t *testing.T) {
	// Flink's sql_multi/statement_set.q: the physical plan's Values and the
	// execution plan's.
	in := ":- Values(type=[RecordType(INTEGER EXPR$0, VARCHAR(11) EXPR$1)], tuples=[[{ 1, _UTF-16LE'Hello World' }, { 2, _UTF-16LE'Hi' }]])"
	want := ":- Values(tuples=[[{ 1, _UTF-16LE'Hello World' }, { 2, _UTF-16LE'Hi' }]])"
	if got := ExecLine(in); got != want {
		t.Errorf("ExecLine\n got %q\nwant %q", got, want)
	}
	if got, want := ExecLine("Calc(select=[+(a, 1) AS b])"), "Calc(select=[(a + 1) AS b])"; got != want {
		t.Errorf("ExecLine = %q, want %q", got, want)
	}
}

func TestDigestCasts(t *testing.T) {
	tests := []struct{ in, want string }{
		// Flink's table.q prints these in its abstract syntax tree.
		{"LogicalProject(user=[CAST(123:BIGINT AS BIGINT)], amount=[CAST(1 AS INTEGER)])",
			"LogicalProject(user=[CAST(123:BIGINT):BIGINT], amount=[CAST(1):INTEGER])"},
		{`dt=[CAST(_UTF-16LE'2022-06-12' AS VARCHAR(2147483647) CHARACTER SET "UTF-16LE")]`,
			`dt=[CAST(_UTF-16LE'2022-06-12'):VARCHAR(2147483647) CHARACTER SET "UTF-16LE"]`},
		// Nested, and a literal that holds " AS ".
		{"x=[CAST(CAST($0 AS INTEGER) AS BIGINT NOT NULL)]", "x=[CAST(CAST($0):INTEGER):BIGINT NOT NULL]"},
		{"x=[TRY_CAST(_UTF-16LE'a AS b' AS INTEGER)]", "x=[TRY_CAST(_UTF-16LE'a AS b'):INTEGER]"},
		{"x=[BROADCAST(a)]", "x=[BROADCAST(a)]"},
	}
	for _, tt := range tests {
		if got := digestCasts(tt.in); got != tt.want {
			t.Errorf("digestCasts(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
	if got, want := ExecLine(`Calc(select=[CAST(a AS VARCHAR(2147483647) CHARACTER SET "UTF-16LE" NOT NULL) AS s, CAST(c AS DECIMAL(10, 2)) AS d], where=[IS NOT NULL(a)])`),
		`Calc(select=[CAST(a AS VARCHAR(2147483647)) AS s, CAST(c AS DECIMAL(10, 2)) AS d], where=[a IS NOT NULL])`; got != want {
		t.Errorf("ExecLine\n got %q\nwant %q", got, want)
	}
}

func TestExecLiterals(t *testing.T) {
	// Flink's table.q: the physical plan's Calc, and the execution plan's.
	in := `+- Calc(select=[CAST(123:BIGINT AS BIGINT) AS user, CAST(_UTF-16LE'toothpick':VARCHAR(2147483647) CHARACTER SET "UTF-16LE" AS VARCHAR(2147483647) CHARACTER SET "UTF-16LE") AS product, CAST(1 AS INTEGER) AS amount])`
	want := `+- Calc(select=[CAST(123 AS BIGINT) AS user, CAST('toothpick' AS VARCHAR(2147483647)) AS product, CAST(1 AS INTEGER) AS amount])`
	if got := ExecLine(in); got != want {
		t.Errorf("ExecLine\n got %q\nwant %q", got, want)
	}
	in = `Calc(select=[a], where=[AND(=(b, _UTF-16LE'it''s'), >(c, 1.5:DECIMAL(2, 1)), IS NULL(d), <>(e, null:VARCHAR(2147483647) CHARACTER SET "UTF-16LE"))])`
	want = `Calc(select=[a], where=[((b = 'it''s') AND (c > 1.5) AND d IS NULL AND (e <> null:VARCHAR(2147483647)))])`
	if got := ExecLine(in); got != want {
		t.Errorf("ExecLine\n got %q\nwant %q", got, want)
	}
}
