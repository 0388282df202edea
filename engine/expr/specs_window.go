package expr

import "github.com/flinkplay/flinkplay/engine/funcs"

// The window functions: they run only with OVER (the planner's over.go and
// rank.go and the OverAgg, AppendTopN and Deduplicate operators). The
// examples run in streaming mode, where ORDER BY must be a time attribute
// (PROCTIME() here) and some functions exist in batch mode only.
func init() {
	for _, s := range windowSpecs {
		funcs.Register(s)
	}
}

// overProctime wraps a window call in a query over three rows ordered by
// processing time, keeping the row where x = row.
func overProctime(call string, row string) string {
	return "SELECT w FROM (SELECT x, " + call + " AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = " + row
}

var windowSpecs = []funcs.Spec{
	{Name: "ROW_NUMBER", Category: funcs.Aggregate, Signatures: []string{"ROW_NUMBER()"}, Call: true,
		Description: "Numbers the rows of a window partition 1, 2, 3, ... in the window's order. In a subquery " +
			"filtered on the number (WHERE rn <= N) it is a Top-N, or a deduplication when ordered by a time attribute and N = 1.",
		Examples: []funcs.Example{
			ex("SELECT x FROM (SELECT x, ROW_NUMBER() OVER (ORDER BY x DESC) AS rn FROM (VALUES (1), (3), (2)) AS t(x)) WHERE rn = 1", "3"),
			ex(overProctime("ROW_NUMBER() OVER (ORDER BY pt)", "30"), "3"),
		}},
	{Name: "RANK", Category: funcs.Aggregate, Signatures: []string{"RANK()"}, Call: true,
		Description: "The rank of the row in its window partition: one plus the number of rows before it, so ties share a rank and leave gaps (1, 2, 2, 4). A streaming Top-N cannot rank with it.",
		Examples:    []funcs.Example{ex(overProctime("RANK() OVER (ORDER BY pt)", "10"), "1")}},
	{Name: "DENSE_RANK", Category: funcs.Aggregate, Signatures: []string{"DENSE_RANK()"}, Call: true,
		Description: "The rank of the row in its window partition without gaps: ties share a rank and the next rank follows on (1, 2, 2, 3). A streaming Top-N cannot rank with it.",
		Examples:    []funcs.Example{ex(overProctime("DENSE_RANK() OVER (ORDER BY pt)", "10"), "1")}},
	{Name: "LAG", Category: funcs.Aggregate, Signatures: []string{"LAG(expression [, offset] [, default])"}, Call: true,
		Description: "The expression's value offset rows (default 1) before the current row in the window; default (NULL unless given) when there is no such row.",
		Examples: []funcs.Example{
			ex(overProctime("LAG(x) OVER (ORDER BY pt)", "20"), "10"),
			ex(overProctime("LAG(x, 2, 0) OVER (ORDER BY pt)", "20"), "0"),
		}},
	{Name: "LEAD", Category: funcs.Aggregate, Signatures: []string{"LEAD(expression [, offset] [, default])"}, Call: true,
		Description: "The expression's value offset rows (default 1) after the current row in the window; default (NULL unless given) when there is no such row. Batch mode only.",
		Examples:    []funcs.Example{ex(overProctime("LEAD(x) OVER (ORDER BY pt)", "20"), "ERROR: LEAD Function is not supported in stream mode.")}},
	{Name: "NTILE", Category: funcs.Aggregate, Signatures: []string{"NTILE(n)"}, Call: true,
		Description: "Splits the ordered rows of a window partition into n buckets of sizes that differ by at most one, the larger first, and returns the row's bucket, 1 to n. Batch mode only.",
		Examples:    []funcs.Example{ex(overProctime("NTILE(2) OVER (ORDER BY pt)", "20"), "ERROR: NTILE Function is not supported in stream mode.")}},
	{Name: "CUME_DIST", Category: funcs.Aggregate, Signatures: []string{"CUME_DIST()"}, Call: true,
		Description: "The number of rows before or tied with the current row, divided by the number of rows of the window partition (a DOUBLE in (0, 1]). Batch mode only.",
		Examples:    []funcs.Example{ex(overProctime("CUME_DIST() OVER (ORDER BY pt)", "20"), "ERROR: CUME_DIST Function is not supported in stream mode.")}},
	{Name: "PERCENT_RANK", Category: funcs.Aggregate, Signatures: []string{"PERCENT_RANK()"}, Call: true,
		Description: "(RANK() - 1) divided by (rows of the window partition - 1), a DOUBLE in [0, 1]; 0 for a partition of one row. Batch mode only.",
		Examples:    []funcs.Example{ex(overProctime("PERCENT_RANK() OVER (ORDER BY pt)", "20"), "ERROR: PERCENT_RANK Function is not supported in stream mode.")}},
}
