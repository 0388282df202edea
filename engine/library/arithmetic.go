package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The arithmetic operators, which the planner builds from their syntax
// (engine/expr's arith.go evaluates them).

// The specs (the registry, registry.go, lists them).
var (
	fnOpMod = &Function{
		Spec: funcs.Spec{Name: "%", Category: funcs.Arithmetic,
			Signatures:  []string{"numeric1 % numeric2"},
			Description: "The remainder of numeric1 divided by numeric2, with the sign of numeric1.",
			Examples: []funcs.Example{
				ex("7 % 3", "1"),
				ex("-7 % 3", "-1"),
			},
		},
	}

	fnOpTimes = &Function{
		Spec: funcs.Spec{Name: "*", Category: funcs.Arithmetic,
			Signatures:  []string{"numeric1 * numeric2"},
			Description: "Multiplies two numbers, in their common type.",
			Examples: []funcs.Example{
				ex("2 * 3", "6"),
			},
		},
	}

	fnOpPlus = &Function{
		Spec: funcs.Spec{Name: "+", Category: funcs.Arithmetic,
			Signatures:  []string{"numeric1 + numeric2"},
			Description: "Adds two numbers, in their common type; integers wrap around on overflow as in Java.",
			Examples: []funcs.Example{
				ex("1 + 2", "3"),
				ex("2147483647 + 1", "-2147483648"),
			},
		},
	}

	fnOpUnaryPlus = &Function{
		Spec: funcs.Spec{Name: "+ (UNARY)", Category: funcs.Arithmetic,
			Signatures:  []string{"+ numeric"},
			Description: "Returns the number unchanged.",
			Examples: []funcs.Example{
				ex("+5", "5"),
			},
		},
	}

	fnOpMinus = &Function{
		Spec: funcs.Spec{Name: "-", Category: funcs.Arithmetic,
			Signatures:  []string{"numeric1 - numeric2"},
			Description: "Subtracts numeric2 from numeric1, in their common type.",
			Examples: []funcs.Example{
				ex("5 - 7", "-2"),
			},
		},
	}

	fnOpUnaryMinus = &Function{
		Spec: funcs.Spec{Name: "- (UNARY)", Category: funcs.Arithmetic,
			Signatures:  []string{"- numeric"},
			Description: "Negates a number or an interval; integers wrap around as in Java.",
			Examples: []funcs.Example{
				ex("-(3)", "-3"),
			},
		},
	}

	fnOpDivide = &Function{
		Spec: funcs.Spec{Name: "/", Category: funcs.Arithmetic,
			Signatures:  []string{"numeric1 / numeric2"},
			Description: "Divides numeric1 by numeric2: integer division for two integers, DECIMAL division with Flink's scale rules otherwise.",
			Examples: []funcs.Example{
				ex("7 / 2", "3"),
				ex("7.0 / 2", "3.500000000000"),
			},
		},
	}
)
