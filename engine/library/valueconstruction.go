package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the value constructors (Flink's "valueconstruction"
// category); their code is in funcs_collection.go.

var (
	fnArray = &Function{
		Spec: funcs.Spec{Name: "ARRAY", Category: funcs.ValueConstruct,
			Signatures:  []string{"ARRAY[value1 [, value2]*]"},
			Description: "Builds an array of the values. The element type is the least restrictive type of the values; the array itself is never NULL.",
			Examples: []funcs.Example{
				{SQL: "ARRAY[1, 2, 3]", Result: "[1, 2, 3]"},
				{SQL: "ARRAY[1, NULL, 2.5]", Result: "[1.0, NULL, 2.5]"},
			},
		},
		Min: 1, Max: -1, Build: buildArrayCtor,
	}

	fnMap = &Function{
		Spec: funcs.Spec{Name: "MAP", Category: funcs.ValueConstruct,
			Signatures:  []string{"MAP[key1, value1 [, key2, value2]*]"},
			Description: "Builds a map from key-value pairs. A key given twice keeps its first position and its last value.",
			Examples: []funcs.Example{
				{SQL: "MAP['a', 1, 'b', 2]", Result: "{a=1, b=2}"},
				{SQL: "MAP['a', 1, 'a', 2]", Result: "{a=2}"},
			},
		},
		Min: 1, Max: -1, Build: buildMapCtor,
	}

	fnRow = &Function{
		Spec: funcs.Spec{Name: "ROW", Category: funcs.ValueConstruct,
			Signatures:  []string{"ROW(value1 [, value2]*)", "(value1, value2 [, value3]*)"},
			Description: "Builds a row of the values; its fields are named EXPR$0, EXPR$1, ... The parenthesized form needs at least two values.",
			Examples: []funcs.Example{
				{SQL: "ROW(1, 'a')", Result: "(1, a)"},
				{SQL: "(1, 'a', TRUE)", Result: "(1, a, TRUE)"},
			},
		},
		Min: 1, Max: -1, Build: buildRowCtor,
	}
)
