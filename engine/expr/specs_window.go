package expr

import "github.com/flinkplay/flinkplay/engine/funcs"

// overProctime wraps a window call in a query over three rows ordered by
// processing time, keeping the row where x = row.
func overProctime(call string, row string) string {
	return "SELECT w FROM (SELECT x, " + call + " AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = " + row
}

// The specs of the functions and operators this file implements (the
// registry, registry.go, lists them).
var (
	fnCumeDist = &Function{
		Spec: funcs.Spec{Name: "CUME_DIST", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"CUME_DIST()"},
			Description: "The number of rows before or tied with the current row, divided by the number of rows of the window partition (a DOUBLE in (0, 1]). Batch mode only.",
			Examples: []funcs.Example{
				ex("SELECT w FROM (SELECT x, CUME_DIST() OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 20", "ERROR: CUME_DIST Function is not supported in stream mode."),
			},
		},
	}

	fnDenseRank = &Function{
		Spec: funcs.Spec{Name: "DENSE_RANK", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"DENSE_RANK()"},
			Description: "The rank of the row in its window partition without gaps: ties share a rank and the next rank follows on (1, 2, 2, 3). A streaming Top-N cannot rank with it.",
			Examples: []funcs.Example{
				ex("SELECT w FROM (SELECT x, DENSE_RANK() OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 10", "1"),
			},
		},
	}

	fnLag = &Function{
		Spec: funcs.Spec{Name: "LAG", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"LAG(expression [, offset] [, default])"},
			Description: "The expression's value offset rows (default 1) before the current row in the window; default (NULL unless given) when there is no such row.",
			Examples: []funcs.Example{
				ex("SELECT w FROM (SELECT x, LAG(x) OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 20", "10"),
				ex("SELECT w FROM (SELECT x, LAG(x, 2, 0) OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 20", "0"),
			},
		},
	}

	fnLead = &Function{
		Spec: funcs.Spec{Name: "LEAD", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"LEAD(expression [, offset] [, default])"},
			Description: "The expression's value offset rows (default 1) after the current row in the window; default (NULL unless given) when there is no such row. Batch mode only.",
			Examples: []funcs.Example{
				ex("SELECT w FROM (SELECT x, LEAD(x) OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 20", "ERROR: LEAD Function is not supported in stream mode."),
			},
		},
	}

	fnNtile = &Function{
		Spec: funcs.Spec{Name: "NTILE", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"NTILE(n)"},
			Description: "Splits the ordered rows of a window partition into n buckets of sizes that differ by at most one, the larger first, and returns the row's bucket, 1 to n. Batch mode only.",
			Examples: []funcs.Example{
				ex("SELECT w FROM (SELECT x, NTILE(2) OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 20", "ERROR: NTILE Function is not supported in stream mode."),
			},
		},
	}

	fnPercentRank = &Function{
		Spec: funcs.Spec{Name: "PERCENT_RANK", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"PERCENT_RANK()"},
			Description: "(RANK() - 1) divided by (rows of the window partition - 1), a DOUBLE in [0, 1]; 0 for a partition of one row. Batch mode only.",
			Examples: []funcs.Example{
				ex("SELECT w FROM (SELECT x, PERCENT_RANK() OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 20", "ERROR: PERCENT_RANK Function is not supported in stream mode."),
			},
		},
	}

	fnRank = &Function{
		Spec: funcs.Spec{Name: "RANK", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"RANK()"},
			Description: "The rank of the row in its window partition: one plus the number of rows before it, so ties share a rank and leave gaps (1, 2, 2, 4). A streaming Top-N cannot rank with it.",
			Examples: []funcs.Example{
				ex("SELECT w FROM (SELECT x, RANK() OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 10", "1"),
			},
		},
	}

	fnRowNumber = &Function{
		Spec: funcs.Spec{Name: "ROW_NUMBER", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"ROW_NUMBER()"},
			Description: "Numbers the rows of a window partition 1, 2, 3, ... in the window's order. In a subquery filtered on the number (WHERE rn <= N) it is a Top-N, or a deduplication when ordered by a time attribute and N = 1.",
			Examples: []funcs.Example{
				ex("SELECT x FROM (SELECT x, ROW_NUMBER() OVER (ORDER BY x DESC) AS rn FROM (VALUES (1), (3), (2)) AS t(x)) WHERE rn = 1", "3"),
				ex("SELECT w FROM (SELECT x, ROW_NUMBER() OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 30", "3"),
			},
		},
	}
)
