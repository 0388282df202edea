package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the grouping functions (Flink's "grouping" category),
// which the planner computes from its grouping sets.

var (
	fnGrouping = &Function{
		Spec: funcs.Spec{Name: "GROUPING", Category: funcs.Grouping, Call: true,
			Signatures:  []string{"GROUPING(expression1 [, expression2]*)"},
			Description: "1 when the grouping set of the row leaves the grouped expression out (its column is NULL because it was rolled up), else 0; with several expressions, their bits from the most significant down.",
			Examples: []funcs.Example{
				{SQL: "SELECT GROUPING(a) FROM (VALUES (1)) AS t(a) GROUP BY ROLLUP(a) HAVING GROUPING(a) = 1", Result: "1"},
			},
		},
	}

	fnGroupingId = &Function{
		Spec: funcs.Spec{Name: "GROUPING_ID", Category: funcs.Grouping, Call: true,
			Signatures:  []string{"GROUPING_ID(expression1 [, expression2]*)"},
			Description: "The bits GROUPING(expression) of each expression as one integer, the first expression the most significant bit.",
			Examples: []funcs.Example{
				{SQL: "SELECT GROUPING_ID(a, b) FROM (VALUES (1, 2)) AS t(a, b) GROUP BY ROLLUP(a, b) HAVING b IS NULL AND a IS NOT NULL", Result: "1"},
			},
		},
	}

	fnGroupId = &Function{
		Spec: funcs.Spec{Name: "GROUP_ID", Category: funcs.Grouping, Call: true,
			Signatures:  []string{"GROUP_ID()"},
			Description: "Tells apart duplicate grouping sets; 0 here, since duplicate grouping sets are not supported yet.",
			Examples: []funcs.Example{
				{SQL: "SELECT GROUP_ID() FROM (VALUES (1)) AS t(a) GROUP BY a", Result: "0"},
			},
		},
	}
)
