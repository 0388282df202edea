package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the conditional functions (Flink's "conditional"
// category); their code is in funcs.go and funcs_cond.go.

var (
	fnCase = &Function{
		Spec: funcs.Spec{Name: "CASE", Category: funcs.Conditional,
			Signatures:  []string{"CASE value WHEN value1_1 [, value1_2]* THEN result1 [WHEN ...]* [ELSE resultZ] END", "CASE WHEN condition1 THEN result1 [WHEN ...]* [ELSE resultZ] END"},
			Description: "The result of the first WHEN that matches (equals value, or whose condition is TRUE); resultZ or NULL when none does. The type is the common type of the results.",
			Examples: []funcs.Example{
				{SQL: "CASE 2 WHEN 1 THEN 'one' WHEN 2 THEN 'two' ELSE 'many' END", Result: "two"},
				{SQL: "CASE WHEN 1 > 2 THEN 'yes' END", Result: "<NULL>"},
			},
		},
	}

	fnCoalesce = &Function{
		Spec: funcs.Spec{Name: "COALESCE", Category: funcs.Conditional, Call: true,
			Signatures:  []string{"COALESCE(value1[, value2]*)"},
			Description: "The first argument that is not NULL, in the common type of all; NOT NULL when any argument is.",
			Examples: []funcs.Example{
				{SQL: "COALESCE(CAST(NULL AS INT), 2, 3)", Result: "2"},
				{SQL: "COALESCE(CAST(NULL AS STRING), 'default')", Result: "default"},
			},
		},
		Min: 1, Max: -1, Build: buildCoalesce,
	}

	fnGreatest = &Function{
		Spec: funcs.Spec{Name: "GREATEST", Category: funcs.Conditional, Call: true,
			Signatures:  []string{"GREATEST(value1[, value2]*)"},
			Description: "The greatest argument in their common type; NULL when any argument is NULL.",
			Examples: []funcs.Example{
				{SQL: "GREATEST(1, 3, 2)", Result: "3"},
				{SQL: "GREATEST('a', 'c', 'b')", Result: "c"},
				{SQL: "GREATEST(1, CAST(NULL AS INT))", Result: "<NULL>"},
			},
		},
		Min: 1, Max: -1, Build: buildGreatestLeast,
	}

	fnIf = &Function{
		Spec: funcs.Spec{Name: "IF", Category: funcs.Conditional, Call: true,
			Signatures:  []string{"IF(condition, true_value, false_value)"},
			Description: "true_value when condition is TRUE, else false_value (also when it is NULL), in the common type of both.",
			Examples: []funcs.Example{
				{SQL: "IF(5 > 3, 5, 3)", Result: "5"},
				{SQL: "IF(CAST(NULL AS BOOLEAN), 1, 2)", Result: "2"},
			},
		},
		Min: 3, Max: 3, Build: buildIf,
	}

	fnIfnull = &Function{
		Spec: funcs.Spec{Name: "IFNULL", Category: funcs.Conditional, Call: true,
			Signatures:  []string{"IFNULL(input, null_replacement)"},
			Description: "input, or null_replacement when input is NULL, in the common type of both; nullable only when null_replacement is.",
			Examples: []funcs.Example{
				{SQL: "IFNULL(CAST(NULL AS INT), 5)", Result: "5"},
				{SQL: "IFNULL(1, 5)", Result: "1"},
			},
		},
		Min: 2, Max: 2, Build: buildIfNull,
	}

	fnIsAlpha = &Function{
		Spec: funcs.Spec{Name: "IS_ALPHA", Category: funcs.Conditional, Call: true,
			Signatures:  []string{"IS_ALPHA(string)"},
			Description: "TRUE when the string is not empty and every character is a letter; FALSE otherwise, for numbers and for NULL.",
			Examples: []funcs.Example{
				{SQL: "IS_ALPHA('abc')", Result: "TRUE"},
				{SQL: "IS_ALPHA('ab1')", Result: "FALSE"},
			},
		},
		Min: 1, Max: 1, Build: buildIsTest,
	}

	fnIsDecimal = &Function{
		Spec: funcs.Spec{Name: "IS_DECIMAL", Category: funcs.Conditional, Call: true,
			Signatures:  []string{"IS_DECIMAL(string)"},
			Description: "TRUE when the string parses as a Java int, long or double (and for any number); FALSE otherwise and for NULL.",
			Examples: []funcs.Example{
				{SQL: "IS_DECIMAL('1.5e3')", Result: "TRUE"},
				{SQL: "IS_DECIMAL('1a')", Result: "FALSE"},
			},
		},
		Min: 1, Max: 1, Build: buildIsTest,
	}

	fnIsDigit = &Function{
		Spec: funcs.Spec{Name: "IS_DIGIT", Category: funcs.Conditional, Call: true,
			Signatures:  []string{"IS_DIGIT(string)"},
			Description: "TRUE when the string is not empty and every character is a digit (and for any integer); FALSE otherwise and for NULL.",
			Examples: []funcs.Example{
				{SQL: "IS_DIGIT('123')", Result: "TRUE"},
				{SQL: "IS_DIGIT('-1')", Result: "FALSE"},
			},
		},
		Min: 1, Max: 1, Build: buildIsTest,
	}

	fnLeast = &Function{
		Spec: funcs.Spec{Name: "LEAST", Category: funcs.Conditional, Call: true,
			Signatures:  []string{"LEAST(value1[, value2]*)"},
			Description: "The least argument in their common type; NULL when any argument is NULL.",
			Examples: []funcs.Example{
				{SQL: "LEAST(1, 3, 2)", Result: "1"},
			},
		},
		Min: 1, Max: -1, Build: buildGreatestLeast,
	}

	fnNullif = &Function{
		Spec: funcs.Spec{Name: "NULLIF", Category: funcs.Conditional, Call: true,
			Signatures:  []string{"NULLIF(value1, value2)"},
			Description: "NULL when value1 equals value2, else value1.",
			Examples: []funcs.Example{
				{SQL: "NULLIF(5, 5)", Result: "<NULL>"},
				{SQL: "NULLIF(5, 0)", Result: "5"},
			},
		},
		Min: 2, Max: 2, Build: buildNullIf,
	}
)
