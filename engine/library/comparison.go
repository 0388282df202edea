package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the comparison operators and predicates (Flink's
// "comparison" category). The planner builds them from their syntax:
// engine/expr's compare.go, similar.go and operators.go evaluate them, and
// the subquery predicates become joins.

var (
	fnOpLess = &Function{
		Spec: funcs.Spec{Name: "<", Category: funcs.Comparison,
			Signatures:  []string{"value1 < value2"},
			Description: "TRUE when value1 is less than value2, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				{SQL: "1 < 2", Result: "TRUE"},
			},
		},
	}

	fnOpLessOrEqual = &Function{
		Spec: funcs.Spec{Name: "<=", Category: funcs.Comparison,
			Signatures:  []string{"value1 <= value2"},
			Description: "TRUE when value1 is less than or equal to value2, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				{SQL: "2 <= 2", Result: "TRUE"},
			},
		},
	}

	fnOpNotEqual = &Function{
		Spec: funcs.Spec{Name: "<>", Category: funcs.Comparison,
			Signatures:  []string{"value1 <> value2"},
			Description: "TRUE when the values differ, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				{SQL: "2 <> 2", Result: "FALSE"},
			},
		},
	}

	fnOpEqual = &Function{
		Spec: funcs.Spec{Name: "=", Category: funcs.Comparison,
			Signatures:  []string{"value1 = value2"},
			Description: "TRUE when both values are equal, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				{SQL: "1 = 1", Result: "TRUE"},
				{SQL: "1 = CAST(NULL AS INT)", Result: "<NULL>"},
			},
		},
	}

	fnOpGreater = &Function{
		Spec: funcs.Spec{Name: ">", Category: funcs.Comparison,
			Signatures:  []string{"value1 > value2"},
			Description: "TRUE when value1 is greater than value2, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				{SQL: "3 > 2", Result: "TRUE"},
			},
		},
	}

	fnOpGreaterOrEqual = &Function{
		Spec: funcs.Spec{Name: ">=", Category: funcs.Comparison,
			Signatures:  []string{"value1 >= value2"},
			Description: "TRUE when value1 is greater than or equal to value2, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				{SQL: "3 >= 4", Result: "FALSE"},
			},
		},
	}

	fnBetween = &Function{
		Spec: funcs.Spec{Name: "BETWEEN", Category: funcs.Comparison,
			Signatures:  []string{"value1 BETWEEN [ ASYMMETRIC | SYMMETRIC ] value2 AND value3"},
			Description: "value2 <= value1 AND value1 <= value3; SYMMETRIC also accepts the bounds in the other order. A NULL bound gives FALSE or UNKNOWN.",
			Examples: []funcs.Example{
				{SQL: "12 BETWEEN 15 AND 12", Result: "FALSE"},
				{SQL: "12 BETWEEN SYMMETRIC 15 AND 12", Result: "TRUE"},
				{SQL: "12 BETWEEN 10 AND NULL", Result: "<NULL>"},
			},
		},
	}

	fnExists = &Function{
		Spec: funcs.Spec{Name: "EXISTS", Category: funcs.Comparison,
			Signatures:  []string{"EXISTS (sub-query)"},
			Description: "TRUE when the subquery returns at least one row; it may refer to the outer query's columns. Supported as a condition of WHERE, planned as a semi join (NOT EXISTS: an anti join).",
			Examples: []funcs.Example{
				{SQL: "SELECT COUNT(*) FROM (VALUES (1), (2)) AS t(x) WHERE EXISTS (SELECT 1 FROM (VALUES (2)) AS s(y) WHERE y = x)", Result: "1"},
				{SQL: "SELECT x FROM (VALUES (1), (2)) AS t(x) WHERE NOT EXISTS (SELECT 1 FROM (VALUES (2)) AS s(y) WHERE y = x)", Result: "1"},
			},
		},
	}

	fnIn = &Function{
		Spec: funcs.Spec{Name: "IN", Category: funcs.Comparison,
			Signatures:  []string{"value1 IN (value2 [, value3]*)"},
			Description: "TRUE when value1 equals one of the listed values; UNKNOWN (NULL) when it equals none and the list holds a NULL.",
			Examples: []funcs.Example{
				{SQL: "2 IN (1, 2, 3)", Result: "TRUE"},
				{SQL: "4 IN (1, NULL)", Result: "<NULL>"},
			},
		},
	}

	fnInSubquery = &Function{
		Spec: funcs.Spec{Name: "IN (SUBQUERY)", Category: funcs.Comparison,
			Signatures:  []string{"value IN (sub-query)"},
			Description: "TRUE when value equals a row of the one-column subquery. Supported as a condition of WHERE, planned as a semi join.",
			Examples: []funcs.Example{
				{SQL: "SELECT x FROM (VALUES (1), (2)) AS t(x) WHERE x IN (SELECT 2)", Result: "2"},
			},
		},
	}

	fnIsDistinctFrom = &Function{
		Spec: funcs.Spec{Name: "IS DISTINCT FROM", Category: funcs.Comparison,
			Signatures:  []string{"value1 IS DISTINCT FROM value2"},
			Description: "TRUE when the values differ, treating two NULLs as equal and NULL as different from any value; never NULL.",
			Examples: []funcs.Example{
				{SQL: "1 IS DISTINCT FROM NULL", Result: "TRUE"},
				{SQL: "CAST(NULL AS INT) IS DISTINCT FROM NULL", Result: "FALSE"},
			},
		},
	}

	fnIsNotDistinctFrom = &Function{
		Spec: funcs.Spec{Name: "IS NOT DISTINCT FROM", Category: funcs.Comparison,
			Signatures:  []string{"value1 IS NOT DISTINCT FROM value2"},
			Description: "TRUE when the values are equal, treating two NULLs as equal; never NULL.",
			Examples: []funcs.Example{
				{SQL: "1 IS NOT DISTINCT FROM NULL", Result: "FALSE"},
				{SQL: "CAST(NULL AS INT) IS NOT DISTINCT FROM NULL", Result: "TRUE"},
			},
		},
	}

	fnIsNotNull = &Function{
		Spec: funcs.Spec{Name: "IS NOT NULL", Category: funcs.Comparison,
			Signatures:  []string{"value IS NOT NULL"},
			Description: "TRUE when the value is not NULL; never NULL itself.",
			Examples: []funcs.Example{
				{SQL: "1 IS NOT NULL", Result: "TRUE"},
			},
		},
	}

	fnIsNull = &Function{
		Spec: funcs.Spec{Name: "IS NULL", Category: funcs.Comparison,
			Signatures:  []string{"value IS NULL"},
			Description: "TRUE when the value is NULL; never NULL itself.",
			Examples: []funcs.Example{
				{SQL: "CAST(NULL AS INT) IS NULL", Result: "TRUE"},
			},
		},
	}

	fnLike = &Function{
		Spec: funcs.Spec{Name: "LIKE", Category: funcs.Comparison,
			Signatures:  []string{"string1 LIKE string2 [ ESCAPE char ]"},
			Description: "TRUE when string1 matches the pattern string2, where % matches any run of characters and _ exactly one; an escape character makes the next % or _ literal. NULL when either string is NULL.",
			Examples: []funcs.Example{
				{SQL: "'Flink' LIKE 'F%'", Result: "TRUE"},
				{SQL: "'50%' LIKE '50!%' ESCAPE '!'", Result: "TRUE"},
			},
		},
	}

	fnNotBetween = &Function{
		Spec: funcs.Spec{Name: "NOT BETWEEN", Category: funcs.Comparison,
			Signatures:  []string{"value1 NOT BETWEEN [ ASYMMETRIC | SYMMETRIC ] value2 AND value3"},
			Description: "The negation of BETWEEN: value1 < value2 OR value1 > value3 (either bound order with SYMMETRIC).",
			Examples: []funcs.Example{
				{SQL: "12 NOT BETWEEN 15 AND 12", Result: "TRUE"},
				{SQL: "12 NOT BETWEEN 15 AND NULL", Result: "TRUE"},
			},
		},
	}

	fnNotIn = &Function{
		Spec: funcs.Spec{Name: "NOT IN", Category: funcs.Comparison,
			Signatures:  []string{"value1 NOT IN (value2 [, value3]*)"},
			Description: "The negation of IN: UNKNOWN (NULL) when the list holds a NULL and value1 equals none of the others.",
			Examples: []funcs.Example{
				{SQL: "2 NOT IN (1, 3)", Result: "TRUE"},
			},
		},
	}

	fnNotInSubquery = &Function{
		Spec: funcs.Spec{Name: "NOT IN (SUBQUERY)", Category: funcs.Comparison,
			Signatures:  []string{"value NOT IN (sub-query)"},
			Description: "TRUE when value equals no row of the one-column subquery; UNKNOWN, so not selected, when value or a row of the subquery is NULL. Supported as a condition of WHERE, planned as an anti join.",
			Examples: []funcs.Example{
				{SQL: "SELECT x FROM (VALUES (1), (2)) AS t(x) WHERE x NOT IN (SELECT 2)", Result: "1"},
				{SQL: "SELECT x FROM (VALUES (1), (CAST(NULL AS INT))) AS t(x) WHERE x NOT IN (SELECT 2)", Result: "1"},
			},
		},
	}

	fnNotLike = &Function{
		Spec: funcs.Spec{Name: "NOT LIKE", Category: funcs.Comparison,
			Signatures:  []string{"string1 NOT LIKE string2 [ ESCAPE char ]"},
			Description: "The negation of LIKE.",
			Examples: []funcs.Example{
				{SQL: "'Flink' NOT LIKE '_link'", Result: "FALSE"},
			},
		},
	}

	fnNotSimilarTo = &Function{
		Spec: funcs.Spec{Name: "NOT SIMILAR TO", Category: funcs.Comparison,
			Signatures:  []string{"string1 NOT SIMILAR TO string2 [ ESCAPE char ]"},
			Description: "The negation of SIMILAR TO; UNKNOWN when either string is NULL.",
			Examples: []funcs.Example{
				{SQL: "'abc' NOT SIMILAR TO '_b'", Result: "TRUE"},
			},
		},
	}

	fnSimilarTo = &Function{
		Spec: funcs.Spec{Name: "SIMILAR TO", Category: funcs.Comparison,
			Signatures:  []string{"string1 SIMILAR TO string2 [ ESCAPE char ]"},
			Description: "TRUE when the whole string matches the SQL regular expression: % and _ as in LIKE, plus | * + ? {m,n} ( ) [...] and [:ALPHA:]-style classes. Translated to RE2, so backreferences are not supported.",
			Examples: []funcs.Example{
				{SQL: "'abc' SIMILAR TO 'a(b|x)c'", Result: "TRUE"},
				{SQL: "'abc' SIMILAR TO 'a.c'", Result: "FALSE"},
			},
		},
	}
)
