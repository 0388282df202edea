package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the logical operators and truth tests (Flink's "logical"
// category), which the planner builds from their syntax (engine/expr's
// logic.go evaluates them).

var (
	fnAnd = &Function{
		Spec: funcs.Spec{Name: "AND", Category: funcs.Logical,
			Signatures:  []string{"boolean1 AND boolean2"},
			Description: "TRUE when both are TRUE; FALSE when either is FALSE, else UNKNOWN (NULL).",
			Examples: []funcs.Example{
				{SQL: "TRUE AND NULL", Result: "<NULL>"},
				{SQL: "FALSE AND NULL", Result: "FALSE"},
			},
		},
	}

	fnIsFalse = &Function{
		Spec: funcs.Spec{Name: "IS FALSE", Category: funcs.Logical,
			Signatures:  []string{"boolean IS FALSE"},
			Description: "TRUE when the boolean is FALSE; FALSE for TRUE and UNKNOWN.",
			Examples: []funcs.Example{
				{SQL: "FALSE IS FALSE", Result: "TRUE"},
			},
		},
	}

	fnIsNotFalse = &Function{
		Spec: funcs.Spec{Name: "IS NOT FALSE", Category: funcs.Logical,
			Signatures:  []string{"boolean IS NOT FALSE"},
			Description: "TRUE when the boolean is TRUE or UNKNOWN.",
			Examples: []funcs.Example{
				{SQL: "CAST(NULL AS BOOLEAN) IS NOT FALSE", Result: "TRUE"},
			},
		},
	}

	fnIsNotTrue = &Function{
		Spec: funcs.Spec{Name: "IS NOT TRUE", Category: funcs.Logical,
			Signatures:  []string{"boolean IS NOT TRUE"},
			Description: "TRUE when the boolean is FALSE or UNKNOWN.",
			Examples: []funcs.Example{
				{SQL: "CAST(NULL AS BOOLEAN) IS NOT TRUE", Result: "TRUE"},
			},
		},
	}

	fnIsNotUnknown = &Function{
		Spec: funcs.Spec{Name: "IS NOT UNKNOWN", Category: funcs.Logical,
			Signatures:  []string{"boolean IS NOT UNKNOWN"},
			Description: "TRUE when the boolean is TRUE or FALSE.",
			Examples: []funcs.Example{
				{SQL: "TRUE IS NOT UNKNOWN", Result: "TRUE"},
			},
		},
	}

	fnIsTrue = &Function{
		Spec: funcs.Spec{Name: "IS TRUE", Category: funcs.Logical,
			Signatures:  []string{"boolean IS TRUE"},
			Description: "TRUE when the boolean is TRUE; FALSE for FALSE and UNKNOWN.",
			Examples: []funcs.Example{
				{SQL: "CAST(NULL AS BOOLEAN) IS TRUE", Result: "FALSE"},
			},
		},
	}

	fnIsUnknown = &Function{
		Spec: funcs.Spec{Name: "IS UNKNOWN", Category: funcs.Logical,
			Signatures:  []string{"boolean IS UNKNOWN"},
			Description: "TRUE when the boolean is UNKNOWN (NULL).",
			Examples: []funcs.Example{
				{SQL: "CAST(NULL AS BOOLEAN) IS UNKNOWN", Result: "TRUE"},
			},
		},
	}

	fnNot = &Function{
		Spec: funcs.Spec{Name: "NOT", Category: funcs.Logical,
			Signatures:  []string{"NOT boolean"},
			Description: "Negates a boolean; NOT UNKNOWN is UNKNOWN.",
			Examples: []funcs.Example{
				{SQL: "NOT TRUE", Result: "FALSE"},
			},
		},
	}

	fnOr = &Function{
		Spec: funcs.Spec{Name: "OR", Category: funcs.Logical,
			Signatures:  []string{"boolean1 OR boolean2"},
			Description: "TRUE when either is TRUE; UNKNOWN (NULL) when neither is TRUE and one is UNKNOWN.",
			Examples: []funcs.Example{
				{SQL: "TRUE OR FALSE", Result: "TRUE"},
				{SQL: "FALSE OR NULL", Result: "<NULL>"},
			},
		},
	}
)
