package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the conversion functions (Flink's "conversion" category):
// CAST and TRY_CAST are the planner's, the others in funcs_cond.go.

var (
	fnCast = &Function{
		Spec: funcs.Spec{Name: "CAST", Category: funcs.Conversion, Call: true,
			Signatures:  []string{"CAST(value AS type)"},
			Description: "Converts value to type with Flink's cast rules; a value that cannot be converted (such as 'abc' to INT) fails the query.",
			Examples: []funcs.Example{
				{SQL: "CAST('42' AS INT)", Result: "42"},
				{SQL: "CAST(3.7 AS INT)", Result: "3"},
				{SQL: "CAST(1 AS DECIMAL(5, 2))", Result: "1.00"},
			},
		},
	}

	fnTryCast = &Function{
		Spec: funcs.Spec{Name: "TRY_CAST", Category: funcs.Conversion, Call: true,
			Signatures:  []string{"TRY_CAST(value AS type)"},
			Description: "Like CAST, but NULL where CAST would fail.",
			Examples: []funcs.Example{
				{SQL: "TRY_CAST('abc' AS INT)", Result: "<NULL>"},
				{SQL: "TRY_CAST('42' AS INT)", Result: "42"},
			},
		},
	}

	fnTypeof = &Function{
		Spec: funcs.Spec{Name: "TYPEOF", Category: funcs.Conversion, Call: true,
			Signatures:  []string{"TYPEOF(input)", "TYPEOF(input, force_serializable)"},
			Description: "The data type of the expression as Flink prints it; with force_serializable TRUE, the full form a catalog stores (VARCHAR(2147483647) for STRING).",
			Examples: []funcs.Example{
				{SQL: "TYPEOF(1)", Result: "INT NOT NULL"},
				{SQL: "TYPEOF('ab')", Result: "CHAR(2) NOT NULL"},
				{SQL: "TYPEOF(CAST(NULL AS STRING), TRUE)", Result: "VARCHAR(2147483647)"},
			},
		},
		Min: 1, Max: 2, Build: buildTypeOf,
	}
)
