package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The comparison operators, predicates and truth tests. The planner
// builds them from their syntax (engine/expr's compare.go, similar.go and
// operators.go evaluate them); these specs document them.

// The specs (the registry, registry.go, lists them).
var (
	fnOpLess = &Function{
		Spec: funcs.Spec{Name: "<", Category: funcs.Comparison,
			Signatures:  []string{"value1 < value2"},
			Description: "TRUE when value1 is less than value2, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				ex("1 < 2", "TRUE"),
			},
		},
	}

	fnOpLessOrEqual = &Function{
		Spec: funcs.Spec{Name: "<=", Category: funcs.Comparison,
			Signatures:  []string{"value1 <= value2"},
			Description: "TRUE when value1 is less than or equal to value2, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				ex("2 <= 2", "TRUE"),
			},
		},
	}

	fnOpNotEqual = &Function{
		Spec: funcs.Spec{Name: "<>", Category: funcs.Comparison,
			Signatures:  []string{"value1 <> value2"},
			Description: "TRUE when the values differ, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				ex("2 <> 2", "FALSE"),
			},
		},
	}

	fnOpEqual = &Function{
		Spec: funcs.Spec{Name: "=", Category: funcs.Comparison,
			Signatures:  []string{"value1 = value2"},
			Description: "TRUE when both values are equal, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				ex("1 = 1", "TRUE"),
				ex("1 = CAST(NULL AS INT)", "<NULL>"),
			},
		},
	}

	fnOpGreater = &Function{
		Spec: funcs.Spec{Name: ">", Category: funcs.Comparison,
			Signatures:  []string{"value1 > value2"},
			Description: "TRUE when value1 is greater than value2, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				ex("3 > 2", "TRUE"),
			},
		},
	}

	fnOpGreaterOrEqual = &Function{
		Spec: funcs.Spec{Name: ">=", Category: funcs.Comparison,
			Signatures:  []string{"value1 >= value2"},
			Description: "TRUE when value1 is greater than or equal to value2, UNKNOWN (NULL) when either is NULL.",
			Examples: []funcs.Example{
				ex("3 >= 4", "FALSE"),
			},
		},
	}

	fnIn = &Function{
		Spec: funcs.Spec{Name: "IN", Category: funcs.Comparison,
			Signatures:  []string{"value1 IN (value2 [, value3]*)"},
			Description: "TRUE when value1 equals one of the listed values; UNKNOWN (NULL) when it equals none and the list holds a NULL.",
			Examples: []funcs.Example{
				ex("2 IN (1, 2, 3)", "TRUE"),
				ex("4 IN (1, NULL)", "<NULL>"),
			},
		},
	}

	fnIsNotNull = &Function{
		Spec: funcs.Spec{Name: "IS NOT NULL", Category: funcs.Comparison,
			Signatures:  []string{"value IS NOT NULL"},
			Description: "TRUE when the value is not NULL; never NULL itself.",
			Examples: []funcs.Example{
				ex("1 IS NOT NULL", "TRUE"),
			},
		},
	}

	fnIsNull = &Function{
		Spec: funcs.Spec{Name: "IS NULL", Category: funcs.Comparison,
			Signatures:  []string{"value IS NULL"},
			Description: "TRUE when the value is NULL; never NULL itself.",
			Examples: []funcs.Example{
				ex("CAST(NULL AS INT) IS NULL", "TRUE"),
			},
		},
	}

	fnLike = &Function{
		Spec: funcs.Spec{Name: "LIKE", Category: funcs.Comparison,
			Signatures:  []string{"string1 LIKE string2 [ ESCAPE char ]"},
			Description: "TRUE when string1 matches the pattern string2, where % matches any run of characters and _ exactly one; an escape character makes the next % or _ literal. NULL when either string is NULL.",
			Examples: []funcs.Example{
				ex("'Flink' LIKE 'F%'", "TRUE"),
				ex("'50%' LIKE '50!%' ESCAPE '!'", "TRUE"),
			},
		},
	}

	fnNotIn = &Function{
		Spec: funcs.Spec{Name: "NOT IN", Category: funcs.Comparison,
			Signatures:  []string{"value1 NOT IN (value2 [, value3]*)"},
			Description: "The negation of IN: UNKNOWN (NULL) when the list holds a NULL and value1 equals none of the others.",
			Examples: []funcs.Example{
				ex("2 NOT IN (1, 3)", "TRUE"),
			},
		},
	}

	fnNotLike = &Function{
		Spec: funcs.Spec{Name: "NOT LIKE", Category: funcs.Comparison,
			Signatures:  []string{"string1 NOT LIKE string2 [ ESCAPE char ]"},
			Description: "The negation of LIKE.",
			Examples: []funcs.Example{
				ex("'Flink' NOT LIKE '_link'", "FALSE"),
			},
		},
	}
)

// The specs of BETWEEN, SIMILAR TO, IS [NOT] DISTINCT FROM and the truth
// tests (IS TRUE, IS UNKNOWN, ...), which the planner rewrites into the
// operators of this file and logic.go.
var (
	fnBetween = &Function{
		Spec: funcs.Spec{Name: "BETWEEN", Category: funcs.Comparison,
			Signatures:  []string{"value1 BETWEEN [ ASYMMETRIC | SYMMETRIC ] value2 AND value3"},
			Description: "value2 <= value1 AND value1 <= value3; SYMMETRIC also accepts the bounds in the other order. A NULL bound gives FALSE or UNKNOWN.",
			Examples: []funcs.Example{
				ex("12 BETWEEN 15 AND 12", "FALSE"),
				ex("12 BETWEEN SYMMETRIC 15 AND 12", "TRUE"),
				ex("12 BETWEEN 10 AND NULL", "<NULL>"),
			},
		},
	}

	fnIsDistinctFrom = &Function{
		Spec: funcs.Spec{Name: "IS DISTINCT FROM", Category: funcs.Comparison,
			Signatures:  []string{"value1 IS DISTINCT FROM value2"},
			Description: "TRUE when the values differ, treating two NULLs as equal and NULL as different from any value; never NULL.",
			Examples: []funcs.Example{
				ex("1 IS DISTINCT FROM NULL", "TRUE"),
				ex("CAST(NULL AS INT) IS DISTINCT FROM NULL", "FALSE"),
			},
		},
	}

	fnIsFalse = &Function{
		Spec: funcs.Spec{Name: "IS FALSE", Category: funcs.Logical,
			Signatures:  []string{"boolean IS FALSE"},
			Description: "TRUE when the boolean is FALSE; FALSE for TRUE and UNKNOWN.",
			Examples: []funcs.Example{
				ex("FALSE IS FALSE", "TRUE"),
			},
		},
	}

	fnIsNotDistinctFrom = &Function{
		Spec: funcs.Spec{Name: "IS NOT DISTINCT FROM", Category: funcs.Comparison,
			Signatures:  []string{"value1 IS NOT DISTINCT FROM value2"},
			Description: "TRUE when the values are equal, treating two NULLs as equal; never NULL.",
			Examples: []funcs.Example{
				ex("1 IS NOT DISTINCT FROM NULL", "FALSE"),
				ex("CAST(NULL AS INT) IS NOT DISTINCT FROM NULL", "TRUE"),
			},
		},
	}

	fnIsNotFalse = &Function{
		Spec: funcs.Spec{Name: "IS NOT FALSE", Category: funcs.Logical,
			Signatures:  []string{"boolean IS NOT FALSE"},
			Description: "TRUE when the boolean is TRUE or UNKNOWN.",
			Examples: []funcs.Example{
				ex("CAST(NULL AS BOOLEAN) IS NOT FALSE", "TRUE"),
			},
		},
	}

	fnIsNotTrue = &Function{
		Spec: funcs.Spec{Name: "IS NOT TRUE", Category: funcs.Logical,
			Signatures:  []string{"boolean IS NOT TRUE"},
			Description: "TRUE when the boolean is FALSE or UNKNOWN.",
			Examples: []funcs.Example{
				ex("CAST(NULL AS BOOLEAN) IS NOT TRUE", "TRUE"),
			},
		},
	}

	fnIsNotUnknown = &Function{
		Spec: funcs.Spec{Name: "IS NOT UNKNOWN", Category: funcs.Logical,
			Signatures:  []string{"boolean IS NOT UNKNOWN"},
			Description: "TRUE when the boolean is TRUE or FALSE.",
			Examples: []funcs.Example{
				ex("TRUE IS NOT UNKNOWN", "TRUE"),
			},
		},
	}

	fnIsTrue = &Function{
		Spec: funcs.Spec{Name: "IS TRUE", Category: funcs.Logical,
			Signatures:  []string{"boolean IS TRUE"},
			Description: "TRUE when the boolean is TRUE; FALSE for FALSE and UNKNOWN.",
			Examples: []funcs.Example{
				ex("CAST(NULL AS BOOLEAN) IS TRUE", "FALSE"),
			},
		},
	}

	fnIsUnknown = &Function{
		Spec: funcs.Spec{Name: "IS UNKNOWN", Category: funcs.Logical,
			Signatures:  []string{"boolean IS UNKNOWN"},
			Description: "TRUE when the boolean is UNKNOWN (NULL).",
			Examples: []funcs.Example{
				ex("CAST(NULL AS BOOLEAN) IS UNKNOWN", "TRUE"),
			},
		},
	}

	fnNotBetween = &Function{
		Spec: funcs.Spec{Name: "NOT BETWEEN", Category: funcs.Comparison,
			Signatures:  []string{"value1 NOT BETWEEN [ ASYMMETRIC | SYMMETRIC ] value2 AND value3"},
			Description: "The negation of BETWEEN: value1 < value2 OR value1 > value3 (either bound order with SYMMETRIC).",
			Examples: []funcs.Example{
				ex("12 NOT BETWEEN 15 AND 12", "TRUE"),
				ex("12 NOT BETWEEN 15 AND NULL", "TRUE"),
			},
		},
	}

	fnNotSimilarTo = &Function{
		Spec: funcs.Spec{Name: "NOT SIMILAR TO", Category: funcs.Comparison,
			Signatures:  []string{"string1 NOT SIMILAR TO string2 [ ESCAPE char ]"},
			Description: "The negation of SIMILAR TO; UNKNOWN when either string is NULL.",
			Examples: []funcs.Example{
				ex("'abc' NOT SIMILAR TO '_b'", "TRUE"),
			},
		},
	}

	fnSimilarTo = &Function{
		Spec: funcs.Spec{Name: "SIMILAR TO", Category: funcs.Comparison,
			Signatures:  []string{"string1 SIMILAR TO string2 [ ESCAPE char ]"},
			Description: "TRUE when the whole string matches the SQL regular expression: % and _ as in LIKE, plus | * + ? {m,n} ( ) [...] and [:ALPHA:]-style classes. Translated to RE2, so backreferences are not supported.",
			Examples: []funcs.Example{
				ex("'abc' SIMILAR TO 'a(b|x)c'", "TRUE"),
				ex("'abc' SIMILAR TO 'a.c'", "FALSE"),
			},
		},
	}
)
