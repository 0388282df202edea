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
				ex("ARRAY[1, 2, 3]", "[1, 2, 3]"),
				ex("ARRAY[1, NULL, 2.5]", "[1.0, NULL, 2.5]"),
			},
		},
		Min: 1, Max: -1, Build: buildArrayCtor,
	}

	fnMap = &Function{
		Spec: funcs.Spec{Name: "MAP", Category: funcs.ValueConstruct,
			Signatures:  []string{"MAP[key1, value1 [, key2, value2]*]"},
			Description: "Builds a map from key-value pairs. A key given twice keeps its first position and its last value.",
			Examples: []funcs.Example{
				ex("MAP['a', 1, 'b', 2]", "{a=1, b=2}"),
				ex("MAP['a', 1, 'a', 2]", "{a=2}"),
			},
		},
		Min: 1, Max: -1, Build: buildMapCtor,
	}

	fnRow = &Function{
		Spec: funcs.Spec{Name: "ROW", Category: funcs.ValueConstruct,
			Signatures:  []string{"ROW(value1 [, value2]*)", "(value1, value2 [, value3]*)"},
			Description: "Builds a row of the values; its fields are named EXPR$0, EXPR$1, ... The parenthesized form needs at least two values.",
			Examples: []funcs.Example{
				ex("ROW(1, 'a')", "(1, a)"),
				ex("(1, 'a', TRUE)", "(1, a, TRUE)"),
			},
		},
		Min: 1, Max: -1, Build: buildRowCtor,
	}
)
