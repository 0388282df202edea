package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The logical operators AND, OR and NOT, which the planner builds from
// their syntax (engine/expr's logic.go evaluates them).

// The specs (the registry, registry.go, lists them).
var (
	fnAnd = &Function{
		Spec: funcs.Spec{Name: "AND", Category: funcs.Logical,
			Signatures:  []string{"boolean1 AND boolean2"},
			Description: "TRUE when both are TRUE; FALSE when either is FALSE, else UNKNOWN (NULL).",
			Examples: []funcs.Example{
				ex("TRUE AND NULL", "<NULL>"),
				ex("FALSE AND NULL", "FALSE"),
			},
		},
	}

	fnNot = &Function{
		Spec: funcs.Spec{Name: "NOT", Category: funcs.Logical,
			Signatures:  []string{"NOT boolean"},
			Description: "Negates a boolean; NOT UNKNOWN is UNKNOWN.",
			Examples: []funcs.Example{
				ex("NOT TRUE", "FALSE"),
			},
		},
	}

	fnOr = &Function{
		Spec: funcs.Spec{Name: "OR", Category: funcs.Logical,
			Signatures:  []string{"boolean1 OR boolean2"},
			Description: "TRUE when either is TRUE; UNKNOWN (NULL) when neither is TRUE and one is UNKNOWN.",
			Examples: []funcs.Example{
				ex("TRUE OR FALSE", "TRUE"),
				ex("FALSE OR NULL", "<NULL>"),
			},
		},
	}
)
