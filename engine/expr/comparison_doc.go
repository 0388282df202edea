package expr

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the comparison and truth-value operators this package
// implements beyond = < > (IsDistinctFrom in compare.go, SimilarTo in
// similar.go, BETWEEN bound in engine/plan, IsTrue/IsFalse/IsUnknown in
// logic.go).
func init() {
	b := func(sql, result string) []funcs.Example { return []funcs.Example{{SQL: sql, Result: result}} }
	for _, s := range []funcs.Spec{
		{Name: "IS DISTINCT FROM", Category: funcs.Comparison, Signatures: []string{"value1 IS DISTINCT FROM value2"},
			Description: "TRUE when the values differ, treating two NULLs as equal and NULL as different from any value; never NULL.",
			Examples:    []funcs.Example{{SQL: "1 IS DISTINCT FROM NULL", Result: "TRUE"}, {SQL: "CAST(NULL AS INT) IS DISTINCT FROM NULL", Result: "FALSE"}}},
		{Name: "IS NOT DISTINCT FROM", Category: funcs.Comparison, Signatures: []string{"value1 IS NOT DISTINCT FROM value2"},
			Description: "TRUE when the values are equal, treating two NULLs as equal; never NULL.",
			Examples:    []funcs.Example{{SQL: "1 IS NOT DISTINCT FROM NULL", Result: "FALSE"}, {SQL: "CAST(NULL AS INT) IS NOT DISTINCT FROM NULL", Result: "TRUE"}}},
		{Name: "BETWEEN", Category: funcs.Comparison, Signatures: []string{"value1 BETWEEN [ ASYMMETRIC | SYMMETRIC ] value2 AND value3"},
			Description: "value2 <= value1 AND value1 <= value3; SYMMETRIC also accepts the bounds in the other order. A NULL bound gives FALSE or UNKNOWN.",
			Examples:    []funcs.Example{{SQL: "12 BETWEEN 15 AND 12", Result: "FALSE"}, {SQL: "12 BETWEEN SYMMETRIC 15 AND 12", Result: "TRUE"}, {SQL: "12 BETWEEN 10 AND NULL", Result: "<NULL>"}}},
		{Name: "NOT BETWEEN", Category: funcs.Comparison, Signatures: []string{"value1 NOT BETWEEN [ ASYMMETRIC | SYMMETRIC ] value2 AND value3"},
			Description: "The negation of BETWEEN: value1 < value2 OR value1 > value3 (either bound order with SYMMETRIC).",
			Examples:    []funcs.Example{{SQL: "12 NOT BETWEEN 15 AND 12", Result: "TRUE"}, {SQL: "12 NOT BETWEEN 15 AND NULL", Result: "TRUE"}}},
		{Name: "SIMILAR TO", Category: funcs.Comparison, Signatures: []string{"string1 SIMILAR TO string2 [ ESCAPE char ]"},
			Description: "TRUE when the whole string matches the SQL regular expression: % and _ as in LIKE, plus | * + ? {m,n} ( ) [...] and [:ALPHA:]-style classes. Translated to RE2, so backreferences are not supported.",
			Examples:    []funcs.Example{{SQL: "'abc' SIMILAR TO 'a(b|x)c'", Result: "TRUE"}, {SQL: "'abc' SIMILAR TO 'a.c'", Result: "FALSE"}}},
		{Name: "NOT SIMILAR TO", Category: funcs.Comparison, Signatures: []string{"string1 NOT SIMILAR TO string2 [ ESCAPE char ]"},
			Description: "The negation of SIMILAR TO; UNKNOWN when either string is NULL.",
			Examples:    b("'abc' NOT SIMILAR TO '_b'", "TRUE")},
		{Name: "IS TRUE", Category: funcs.Logical, Signatures: []string{"boolean IS TRUE"},
			Description: "TRUE when the boolean is TRUE; FALSE for FALSE and UNKNOWN.", Examples: b("CAST(NULL AS BOOLEAN) IS TRUE", "FALSE")},
		{Name: "IS NOT TRUE", Category: funcs.Logical, Signatures: []string{"boolean IS NOT TRUE"},
			Description: "TRUE when the boolean is FALSE or UNKNOWN.", Examples: b("CAST(NULL AS BOOLEAN) IS NOT TRUE", "TRUE")},
		{Name: "IS FALSE", Category: funcs.Logical, Signatures: []string{"boolean IS FALSE"},
			Description: "TRUE when the boolean is FALSE; FALSE for TRUE and UNKNOWN.", Examples: b("FALSE IS FALSE", "TRUE")},
		{Name: "IS NOT FALSE", Category: funcs.Logical, Signatures: []string{"boolean IS NOT FALSE"},
			Description: "TRUE when the boolean is TRUE or UNKNOWN.", Examples: b("CAST(NULL AS BOOLEAN) IS NOT FALSE", "TRUE")},
		{Name: "IS UNKNOWN", Category: funcs.Logical, Signatures: []string{"boolean IS UNKNOWN"},
			Description: "TRUE when the boolean is UNKNOWN (NULL).", Examples: b("CAST(NULL AS BOOLEAN) IS UNKNOWN", "TRUE")},
		{Name: "IS NOT UNKNOWN", Category: funcs.Logical, Signatures: []string{"boolean IS NOT UNKNOWN"},
			Description: "TRUE when the boolean is TRUE or FALSE.", Examples: b("TRUE IS NOT UNKNOWN", "TRUE")},
	} {
		funcs.Register(s)
	}
}
