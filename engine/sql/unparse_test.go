package sql

import "testing"

func TestFormatExpr(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"watermark", "ts - INTERVAL '1' SECONDS", "`ts` - INTERVAL '1' SECOND"},
		{"watermark minute", "ts - INTERVAL '1' MINUTE", "`ts` - INTERVAL '1' MINUTE"},
		{"proctime", "PROCTIME()", "PROCTIME()"},
		{"coalesce", "coalesce(product, 'missing_sku')", "COALESCE(`product`, 'missing_sku')"},
		{"cast", "CAST(a AS BIGINT)", "CAST(`a` AS BIGINT)"},
		{"cast int", "CAST(a AS INT)", "CAST(`a` AS INTEGER)"},
		// interval types as the SQL grammar reads them, not as Flink's type
		// string prints them (INTERVAL SECOND(6) would read as a leading
		// precision of 6)
		{"cast interval", "CAST(a AS INTERVAL SECOND)", "CAST(`a` AS INTERVAL SECOND)"},
		{"cast interval leading", "CAST(a AS INTERVAL SECOND(3))", "CAST(`a` AS INTERVAL SECOND(3))"},
		{"cast interval fraction", "CAST(a AS INTERVAL SECOND(2, 3))", "CAST(`a` AS INTERVAL SECOND(2, 3))"},
		{"cast interval range", "CAST(a AS INTERVAL HOUR(4) TO SECOND(1))", "CAST(`a` AS INTERVAL HOUR(4) TO SECOND(1))"},
		{"cast interval nested", "CAST(a AS ARRAY<INTERVAL MONTH(3) NOT NULL>)", "CAST(`a` AS ARRAY<INTERVAL MONTH(3) NOT NULL>)"},
		{"string escape", "'it''s'", "'it''s'"},
		{"backslash", `'\d+'`, `'\d+'`},
		{"quoted ident with backtick", "`a``b`", "`a``b`"},
		{"qualified", "t.a + 1", "`t`.`a` + 1"},
		{"precedence kept", "(a + b) * c", "(`a` + `b`) * `c`"},
		{"no redundant parens", "a + (b * c)", "`a` + `b` * `c`"},
		{"right operand parens", "a - (b - c)", "`a` - (`b` - `c`)"},
		{"left assoc", "(a - b) - c", "`a` - `b` - `c`"},
		{"concat", "a || b || 'c'", "`a` || `b` || 'c'"},
		{"and or", "(a OR b) AND NOT c", "(`a` OR `b`) AND NOT `c`"},
		{"not equals", "NOT a = b", "NOT `a` = `b`"},
		{"comparison", "a != b", "`a` <> `b`"},
		{"is", "a IS NOT NULL AND b IS UNKNOWN", "`a` IS NOT NULL AND `b` IS UNKNOWN"},
		{"distinct from", "a IS NOT DISTINCT FROM b", "`a` IS NOT DISTINCT FROM `b`"},
		{"between", "a NOT BETWEEN 1 AND 2", "`a` NOT BETWEEN ASYMMETRIC 1 AND 2"},
		{"like", "a LIKE 'x%' ESCAPE '!'", "`a` LIKE 'x%' ESCAPE '!'"},
		{"similar", "a NOT SIMILAR TO 'x'", "`a` NOT SIMILAR TO 'x'"},
		{"in", "a IN (1, 2)", "`a` IN (1, 2)"},
		{"case", "case when a then 'x' else 'y' end", "CASE WHEN `a` THEN 'x' ELSE 'y' END"},
		{"simple case", "CASE a WHEN 1 THEN 2 END", "CASE `a` WHEN 1 THEN 2 END"},
		{"literals", "ARRAY[NULL, TRUE, 1.5E3, X'ab', DATE '2020-01-01', TIMESTAMP '2020-01-01 00:00:00']",
			"ARRAY[NULL, TRUE, 1.5E3, X'ab', DATE '2020-01-01', TIMESTAMP '2020-01-01 00:00:00']"},
		{"day to second", "INTERVAL '1 02:00:00' DAY TO SECOND", "INTERVAL '1 02:00:00' DAY TO SECOND"},
		{"negative interval", "INTERVAL -'1' DAYS", "INTERVAL -'1' DAY"},
		{"unary", "-a + +b", "-`a` + +`b`"},
		{"chained comparison", "(a = b) = (c)", "(`a` = `b`) = `c`"},
		{"nested minus", "- -a", "-(-`a`)"},
		{"named argument as an operand", "(A => 0) % 0", "(`A` => 0) % 0"},
		{"named argument in a call", "f(a => x OR y)", "F(`a` => `x` OR `y`)"},
		{"count star", "count(*)", "COUNT(*)"},
		{"count distinct filter", "COUNT(DISTINCT a) FILTER (WHERE b > 0)", "COUNT(DISTINCT `a`) FILTER (WHERE `b` > 0)"},
		{"over", "sum(a) over (partition by b order by ts desc rows between unbounded preceding and current row)",
			"SUM(`a`) OVER (PARTITION BY `b` ORDER BY `ts` DESC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)"},
		{"extract", "extract(year from ts)", "EXTRACT(YEAR FROM `ts`)"},
		{"substring", "substring(s from 1 for 2)", "SUBSTRING(`s` FROM 1 FOR 2)"},
		{"trim", "trim(s)", "TRIM(BOTH ' ' FROM `s`)"},
		{"position", "position('a' in s)", "POSITION('a' IN `s`)"},
		{"floor to", "floor(ts to hour)", "FLOOR(`ts` TO HOUR)"},
		{"item", "m['k'][1]", "`m`['k'][1]"},
		{"map row", "MAP['a', ROW(1, 2)]", "MAP['a', ROW(1, 2)]"},
		{"niladic", "CURRENT_TIMESTAMP", "CURRENT_TIMESTAMP"},
		{"udf", "myUdf(a)", "MYUDF(`a`)"},
		{"qualified udf", "cat.db.f(a)", "`cat`.`db`.`f`(`a`)"},
		{"subquery", "a IN (SELECT b FROM t WHERE c)", "`a` IN (SELECT `b`\nFROM `t`\nWHERE `c`)"},
		// the name of a niladic function in any case prints without
		// parentheses: CURRENT_DATE() read back as CURRENT_DATE
		{"niladic in lower case", "`current_date`()", "CURRENT_DATE"},
		// a comparison takes no BETWEEN, LIKE, IN or EXISTS as an operand
		// in the parser's grammar (a BETWEEN b AND c = d did not parse)
		{"between under a comparison", "(a BETWEEN b AND c) = d", "(`a` BETWEEN ASYMMETRIC `b` AND `c`) = `d`"},
		{"in under a comparison", "a <> (b NOT IN (1))", "`a` <> (`b` NOT IN (1))"},
		{"like under distinct from", "(a SIMILAR TO b) IS DISTINCT FROM c", "(`a` SIMILAR TO `b`) IS DISTINCT FROM `c`"},
		{"between under and", "a BETWEEN b AND c AND d", "`a` BETWEEN ASYMMETRIC `b` AND `c` AND `d`"},
		// EXISTS goes only where a condition goes (b + EXISTS (...) did
		// not parse)
		{"exists as an operand", "b + (EXISTS (SELECT 1))", "`b` + (EXISTS (SELECT 1))"},
		{"exists under is", "EXISTS (SELECT 1) IS TRUE", "EXISTS (SELECT 1) IS TRUE"},
		{"negated exists", "-(EXISTS (SELECT 1))", "-(EXISTS (SELECT 1))"},
		// a subscript of what is no name, call, string or number keeps its
		// parentheses: DATE '2020-01-01'[1] subscripted the string alone
		{"subscript of a typed literal", "(DATE '2020-01-01')[1]", "(DATE '2020-01-01')[1]"},
		{"subscript of case", "(CASE WHEN a THEN b END)[1]", "(CASE WHEN `a` THEN `b` END)[1]"},
		{"subscript of null", "(NULL)[1]", "(NULL)[1]"},
		{"subscript of over", "(SUM(a) OVER (ORDER BY b))[1]", "(SUM(`a`) OVER (ORDER BY `b`))[1]"},
		{"subscript of a call", "(f(a))[1]", "F(`a`)[1]"},
		{"subscript of a subquery", "((SELECT a))[1]", "(SELECT `a`)[1]"},
		// a named argument outside an argument list keeps its parentheses:
		// the parser takes its value up to the next comma
		{"named argument in case", "CASE WHEN (a => 1) THEN b END", "CASE WHEN (`a` => 1) THEN `b` END"},
		{"named argument", "a => 1", "`a` => 1"},
		// operands of the keyword forms that hold the keyword, or start
		// with a sign after a keyword that is no reserved word
		{"distinct from in substring", "SUBSTRING((a IS DISTINCT FROM b) FROM 1 FOR (c IS NOT DISTINCT FROM d))",
			"SUBSTRING((`a` IS DISTINCT FROM `b`) FROM 1 FOR `c` IS NOT DISTINCT FROM `d`)"},
		{"in in position", "POSITION((a IN (b)) IN c)", "POSITION((`a` IN (`b`)) IN `c`)"},
		{"sign after placing", "OVERLAY(a PLACING (-b) FROM 1 FOR 2)", "OVERLAY(`a` PLACING (-`b`) FROM 1 FOR 2)"},
		{"sign after leading", "TRIM(LEADING (-1) FROM a)", "TRIM(LEADING (-1) FROM `a`)"},
		{"similar to in floor", "FLOOR((a SIMILAR TO b) TO DAY)", "FLOOR((`a` SIMILAR TO `b`) TO DAY)"},
		{"similar to in ceil", "CEIL((a SIMILAR TO b))", "CEIL((`a` SIMILAR TO `b`))"},
		{"interval in floor", "FLOOR((INTERVAL '1' DAY) TO DAY)", "FLOOR((INTERVAL '1' DAY) TO DAY)"},
		{"floor of a sum", "FLOOR(a + b TO DAY)", "FLOOR(`a` + `b` TO DAY)"},
		{"sign after key and value", "JSON_OBJECT(KEY (-1) VALUE (-a))", "JSON_OBJECT(KEY (-1) VALUE (-`a`) NULL ON NULL)"},
		{"sign after default", "JSON_VALUE(a, '$' DEFAULT (-1) ON EMPTY)", "JSON_VALUE(`a`, '$' DEFAULT (-1) ON EMPTY)"},
		{"sign after similar to", "a SIMILAR TO (-1)", "`a` SIMILAR TO (-1)"},
		{"subscript after leading", "TRIM(LEADING ((NULL)[1]) FROM a)", "TRIM(LEADING ((NULL)[1]) FROM `a`)"},
		{"chain of is", "(a IS TRUE) IS FALSE", "`a` IS TRUE IS FALSE"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := parseExpr(tc.src, 0, len(tc.src))
			if err != nil {
				t.Fatalf("parseExpr(%q): %v", tc.src, err)
			}
			got := FormatExpr(e)
			if got != tc.want {
				t.Errorf("FormatExpr(%q)\n got %s\nwant %s", tc.src, got, tc.want)
			}
			// the canonical form parses back and formats to itself
			e2, err := parseExpr(got, 0, len(got))
			if err != nil {
				t.Fatalf("round trip parseExpr(%q): %v", got, err)
			}
			if again := FormatExpr(e2); again != got {
				t.Errorf("round trip of %q gives %q", got, again)
			}
			if d := treeDiff(e, e2); d != "" {
				t.Errorf("%q parses to another tree: %s", got, d)
			}
		})
	}
}

func TestFormatQuery(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"view", "select `orders`.`user`, orders.product from `default_catalog`.`default_database`.`orders` AS `orders`",
			"SELECT `orders`.`user`, `orders`.`product`\nFROM `default_catalog`.`default_database`.`orders` AS `orders`"},
		{"clauses", "SELECT a, COUNT(*) AS c FROM t WHERE b > 1 GROUP BY a HAVING COUNT(*) > 2 ORDER BY a DESC LIMIT 5",
			"SELECT `a`, COUNT(*) AS `c`\nFROM `t`\nWHERE `b` > 1\nGROUP BY `a`\nHAVING COUNT(*) > 2\nORDER BY `a` DESC\nFETCH NEXT 5 ROWS ONLY"},
		{"join", "SELECT * FROM a JOIN b ON a.x = b.x LEFT JOIN c USING (y)",
			"SELECT *\nFROM `a`\nINNER JOIN `b` ON `a`.`x` = `b`.`x`\nLEFT JOIN `c` USING (`y`)"},
		{"union", "SELECT 1 UNION ALL SELECT 2", "SELECT 1\nUNION ALL\nSELECT 2"},
		{"set op on the right", "SELECT 1 EXCEPT (SELECT 2 EXCEPT SELECT 3)", "SELECT 1\nEXCEPT\n(SELECT 2\nEXCEPT\nSELECT 3)"},
		{"union under intersect", "(SELECT 1 UNION SELECT 2) INTERSECT SELECT 3", "(SELECT 1\nUNION\nSELECT 2)\nINTERSECT\nSELECT 3"},
		{"intersect under union", "SELECT 1 UNION SELECT 2 INTERSECT SELECT 3", "SELECT 1\nUNION\nSELECT 2\nINTERSECT\nSELECT 3"},
		{"comma join on the right", "SELECT * FROM a, (b, c)", "SELECT *\nFROM `a`,\n(`b`,\n`c`)"},
		{"comma join under a join", "SELECT * FROM (a, b) JOIN c ON TRUE", "SELECT *\nFROM (`a`,\n`b`)\nINNER JOIN `c` ON TRUE"},
		{"join under a comma", "SELECT * FROM a, b JOIN c ON TRUE", "SELECT *\nFROM `a`,\n`b`\nINNER JOIN `c` ON TRUE"},
		{"natural join", "SELECT * FROM t NATURAL JOIN u NATURAL LEFT JOIN v", "SELECT *\nFROM `t`\nNATURAL JOIN `u`\nNATURAL LEFT JOIN `v`"},
		{"values", "VALUES (1, 'a'), (2, 'b')", "VALUES ROW(1, 'a'),\nROW(2, 'b')"},
		{"tvf", "SELECT * FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' MINUTES))",
			"SELECT *\nFROM TABLE(TUMBLE(TABLE `t`, DESCRIPTOR(`ts`), INTERVAL '10' MINUTE))"},
		{"with", "WITH c AS (SELECT 1 AS x) SELECT x FROM c", "WITH `c` AS (SELECT 1 AS `x`)\nSELECT `x`\nFROM `c`"},
		{"derived", "SELECT * FROM (SELECT a FROM t) AS s (b)", "SELECT *\nFROM (SELECT `a`\nFROM `t`) AS `s` (`b`)"},
		{"derived columns without an alias", "SELECT * FROM (VALUES (1))(a)", "SELECT *\nFROM (VALUES ROW(1)) (`a`)"},
		// FOR SYSTEM_TIME AS OF takes no condition, and reads a sign after
		// OF as a subtraction
		{"as of a condition", "SELECT * FROM t FOR SYSTEM_TIME AS OF (a = b)", "SELECT *\nFROM `t` FOR SYSTEM_TIME AS OF (`a` = `b`)"},
		{"as of a negation", "SELECT * FROM t FOR SYSTEM_TIME AS OF (-a)", "SELECT *\nFROM `t` FOR SYSTEM_TIME AS OF (-`a`)"},
		{"as of a sum", "SELECT * FROM t FOR SYSTEM_TIME AS OF a + b", "SELECT *\nFROM `t` FOR SYSTEM_TIME AS OF `a` + `b`"},
		{"as of an interval", "SELECT * FROM t FOR SYSTEM_TIME AS OF (INTERVAL '1' HOUR TO MINUTE) + a",
			"SELECT *\nFROM `t` FOR SYSTEM_TIME AS OF (INTERVAL '1' HOUR TO MINUTE + `a`)"},
		{"as of an interval difference", "SELECT * FROM t FOR SYSTEM_TIME AS OF o.ts - INTERVAL '1' SECOND AS d",
			"SELECT *\nFROM `t` FOR SYSTEM_TIME AS OF `o`.`ts` - INTERVAL '1' SECOND AS `d`"},
		{"as of a subscript", "SELECT * FROM t FOR SYSTEM_TIME AS OF ((CURRENT_DATE)[1])", "SELECT *\nFROM `t` FOR SYSTEM_TIME AS OF ((CURRENT_DATE)[1])"},
		// a parenthesized join may not start with a subquery, but the right
		// operand of an outer join may be a whole join
		{"join under an outer join", "SELECT * FROM a LEFT JOIN (SELECT 1) JOIN c ON x ON y",
			"SELECT *\nFROM `a`\nLEFT JOIN (SELECT 1)\nINNER JOIN `c` ON `x` ON `y`"},
		{"join of tables under an outer join", "SELECT * FROM a LEFT JOIN b JOIN c ON x ON y",
			"SELECT *\nFROM `a`\nLEFT JOIN (`b`\nINNER JOIN `c` ON `x`) ON `y`"},
		// a comma after ON continues the condition in the parser
		{"comma after on", "SELECT * FROM (a JOIN b ON x), TABLE(f(1))", "SELECT *\nFROM (`a`\nINNER JOIN `b` ON `x`),\nTABLE(F(1))"},
		{"comma after a join under a comma", "SELECT * FROM a, (b JOIN c ON x), UNNEST(d)",
			"SELECT *\nFROM `a`,\n(`b`\nINNER JOIN `c` ON `x`),\nUNNEST(`d`)"},
		{"comma after using", "SELECT * FROM a JOIN b USING (x), UNNEST(d)", "SELECT *\nFROM `a`\nINNER JOIN `b` USING (`x`),\nUNNEST(`d`)"},
		{"comma after a join on a subquery", "SELECT * FROM (SELECT 1) JOIN b ON x, c", "SELECT *\nFROM (SELECT 1)\nINNER JOIN `b` ON `x`,\n`c`"},
		// PARTITION BY of a table argument: a ( starts a list, a bare key
		// runs to the next comma
		{"partition by keys", "SELECT * FROM TABLE(f(TABLE t PARTITION BY (a, b)))", "SELECT *\nFROM TABLE(F(TABLE `t` PARTITION BY (`a`, `b`)))"},
		{"partition by an expression", "SELECT * FROM TABLE(f(TABLE t PARTITION BY a IS NULL IS NULL))",
			"SELECT *\nFROM TABLE(F(TABLE `t` PARTITION BY (`a` IS NULL IS NULL)))"},
		{"table argument as an operand", "SELECT TABLE t PARTITION BY (a) IS NULL", "SELECT (TABLE `t` PARTITION BY `a`) IS NULL"},
		{"chain of is", "SELECT * FROM t MATCH_RECOGNIZE (ORDER BY ts MEASURES 1 AS m PATTERN (A) WITHIN INTERVAL '1' SECOND IS NULL IS FALSE DEFINE A AS a IS TRUE IS NULL)",
			"SELECT *\nFROM `t` MATCH_RECOGNIZE (\nORDER BY `ts`\nMEASURES 1 AS `m`\nONE ROW PER MATCH\nAFTER MATCH SKIP TO NEXT ROW\nPATTERN (`A`)\nWITHIN INTERVAL '1' SECOND IS NULL IS FALSE\nDEFINE `A` AS `a` IS TRUE IS NULL)"},
		{"partition by a key", "SELECT * FROM TABLE(f(TABLE t PARTITION BY a, 1))", "SELECT *\nFROM TABLE(F(TABLE `t` PARTITION BY `a`, 1))"},
		{"named argument as a select item", "SELECT (a => 1) FROM t", "SELECT (`a` => 1)\nFROM `t`"},
		{"named argument in partition by", "SELECT SUM(a) OVER (PARTITION BY (a => 1) ORDER BY b) FROM t",
			"SELECT SUM(`a`) OVER (PARTITION BY (`a` => 1) ORDER BY `b`)\nFROM `t`"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q, err := parseQuery(tc.src, 0, len(tc.src))
			if err != nil {
				t.Fatalf("parseQuery(%q): %v", tc.src, err)
			}
			got := FormatQuery(q)
			if got != tc.want {
				t.Errorf("FormatQuery(%q)\n got %s\nwant %s", tc.src, got, tc.want)
			}
			q2, err := parseQuery(got, 0, len(got))
			if err != nil {
				t.Fatalf("round trip parseQuery(%q): %v", got, err)
			}
			if again := FormatQuery(q2); again != got {
				t.Errorf("round trip of %q gives %q", got, again)
			}
			if d := treeDiff(q, q2); d != "" {
				t.Errorf("%q parses to another tree: %s", got, d)
			}
		})
	}
}
