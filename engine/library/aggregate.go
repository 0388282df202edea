package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the aggregate and window functions (Flink's "aggregate"
// category). Each carries its type rule and its accumulator (Aggregate,
// funcs_aggregate.go): the planner binds a call through the one
// (plan/aggcall.go, plan/over.go) and the operators run it through the
// other (ops/groupagg.go, ops/winfunc.go). Without a Build SQL does not
// call them as scalar functions.

const aggValues = " FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)"

// overProctime wraps a window call in a query over three rows ordered by
// processing time, keeping the row where x = row.
func overProctime(call string, row string) string {
	return "SELECT w FROM (SELECT x, " + call + " AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = " + row
}

var (
	fnArrayAgg = &Function{
		Spec: funcs.Spec{Name: "ARRAY_AGG", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"ARRAY_AGG([ ALL | DISTINCT ] expression [ RESPECT NULLS | IGNORE NULLS ])"},
			Description: "An ARRAY of the expression's values in arrival order, NULLs included unless IGNORE NULLS; NULL when there are no input rows.",
			Examples: []funcs.Example{
				{SQL: "SELECT ARRAY_AGG(s) FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "[a, b, NULL, c]"},
				{SQL: "SELECT ARRAY_AGG(s IGNORE NULLS) FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "[a, b, c]"},
				{SQL: "SELECT ARRAY_AGG(DISTINCT x) FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "[1, 2, 4]"},
			},
		},
		Agg:       AggArrayAgg,
		Aggregate: &Aggregate{Min: 1, Max: 1, Type: arrayAggTypeRule, New: newListAcc},
	}

	fnAvg = &Function{
		Spec: funcs.Spec{Name: "AVG", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"AVG([ ALL | DISTINCT ] expression)"},
			Description: "The average of the expression over the input rows, NULLs left out, in the expression's type (integer average for integers).",
			Examples: []funcs.Example{
				{SQL: "SELECT AVG(x) FROM (VALUES (1), (2), (4)) AS t(x)", Result: "2"},
			},
		},
		Agg:       AggAvg,
		Aggregate: &Aggregate{Min: 1, Max: 1, Type: avgTypeRule, Compile: compileSum, New: newSumAcc},
	}

	fnCollect = &Function{
		Spec: funcs.Spec{Name: "COLLECT", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"COLLECT([ ALL | DISTINCT ] expression)"},
			Description: "A MULTISET of the expression's non-NULL values with their counts, printed in the order of Flink's hash map.",
			Examples: []funcs.Example{
				{SQL: "SELECT COLLECT(x) FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "{1=1, 2=1, 4=2}"},
				{SQL: "SELECT COLLECT(DISTINCT x) FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "{1=1, 2=1, 4=1}"},
			},
		},
		Agg:       AggCollect,
		Aggregate: &Aggregate{Min: 1, Max: 1, Type: collectTypeRule, Compile: compileOrder, New: newCollectAcc},
	}

	fnCount = &Function{
		Spec: funcs.Spec{Name: "COUNT", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"COUNT(*)", "COUNT([ ALL ] expression)", "COUNT(DISTINCT expression1 [, expression2]*)"},
			Description: "The number of input rows, or of rows where the expression is not NULL.",
			Examples: []funcs.Example{
				{SQL: "SELECT COUNT(*) FROM (VALUES (1), (2), (4)) AS t(x)", Result: "3"},
			},
		},
		Agg:       AggCount,
		Aggregate: &Aggregate{Min: 1, Max: 1, AnyDistinct: true, Type: countTypeRule, New: newCountAcc},
	}

	fnCumeDist = &Function{
		Spec: funcs.Spec{Name: "CUME_DIST", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"CUME_DIST()"},
			Description: "The number of rows before or tied with the current row, divided by the number of rows of the window partition (a DOUBLE in (0, 1]). Batch mode only.",
			Examples: []funcs.Example{
				{SQL: "SELECT w FROM (SELECT x, CUME_DIST() OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 20", Result: "ERROR: CUME_DIST Function is not supported in stream mode."},
			},
		},
		Agg:       WinCumeDist,
		Aggregate: &Aggregate{Type: distributionTypeRule},
	}

	fnDenseRank = &Function{
		Spec: funcs.Spec{Name: "DENSE_RANK", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"DENSE_RANK()"},
			Description: "The rank of the row in its window partition without gaps: ties share a rank and the next rank follows on (1, 2, 2, 3). A streaming Top-N cannot rank with it.",
			Examples: []funcs.Example{
				{SQL: "SELECT w FROM (SELECT x, DENSE_RANK() OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 10", Result: "1"},
			},
		},
		Agg:       WinDenseRank,
		Aggregate: &Aggregate{Type: rankTypeRule},
	}

	fnFirstValue = &Function{
		Spec: funcs.Spec{Name: "FIRST_VALUE", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"FIRST_VALUE(expression)"},
			Description: "The first non-NULL value of the expression in arrival order; over an updating input, the first one not retracted.",
			Examples: []funcs.Example{
				{SQL: "SELECT FIRST_VALUE(s) FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "a"},
			},
		},
		Agg:       AggFirstValue,
		Aggregate: &Aggregate{Min: 1, Max: 1, Type: sameTypeRule, New: newListAcc},
	}

	fnJsonArrayagg = &Function{
		Spec: funcs.Spec{Name: "JSON_ARRAYAGG", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"JSON_ARRAYAGG(items [ { NULL | ABSENT } ON NULL ])"},
			Description: "A JSON array of the items of the input rows in arrival order; NULL items are left out (ABSENT ON NULL, the default) or written as null (NULL ON NULL).",
			Examples: []funcs.Example{
				{SQL: "SELECT JSON_ARRAYAGG(s) FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "[\"a\",\"b\",\"c\"]"},
				{SQL: "SELECT JSON_ARRAYAGG(s NULL ON NULL) FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "[\"a\",\"b\",null,\"c\"]"},
			},
		},
		Agg:       AggJSONArrayAgg,
		Aggregate: &Aggregate{Min: 1, Max: 1, Type: jsonAggTypeRule, New: newListAcc},
	}

	fnJsonObjectagg = &Function{
		Spec: funcs.Spec{Name: "JSON_OBJECTAGG", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"JSON_OBJECTAGG([KEY] key VALUE value [ { NULL | ABSENT } ON NULL ])"},
			Description: "A JSON object of the key-value pairs of the input rows, keys sorted; a NULL value is null (NULL ON NULL, the default) or left out (ABSENT ON NULL). A key seen twice is an error.",
			Examples: []funcs.Example{
				{SQL: "SELECT JSON_OBJECTAGG(KEY s VALUE x) FROM (VALUES ('b', 1), ('a', CAST(NULL AS INT))) AS t(s, x)", Result: "{\"a\":null,\"b\":1}"},
				{SQL: "SELECT JSON_OBJECTAGG(s VALUE x ABSENT ON NULL) FROM (VALUES ('b', 1), ('a', CAST(NULL AS INT))) AS t(s, x)", Result: "{\"b\":1}"},
			},
		},
		Agg:       AggJSONObjectAgg,
		Aggregate: &Aggregate{Min: 2, Max: 2, Type: jsonAggTypeRule, New: newJSONObjectAcc},
	}

	fnLag = &Function{
		Spec: funcs.Spec{Name: "LAG", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"LAG(expression [, offset] [, default])"},
			Description: "The expression's value offset rows (default 1) before the current row in the window; default (NULL unless given) when there is no such row.",
			Examples: []funcs.Example{
				{SQL: "SELECT w FROM (SELECT x, LAG(x) OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 20", Result: "10"},
				{SQL: "SELECT w FROM (SELECT x, LAG(x, 2, 0) OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 20", Result: "0"},
			},
		},
		Agg:       WinLag,
		Aggregate: &Aggregate{Min: 1, Max: 3, Type: sameTypeRule},
	}

	fnLastValue = &Function{
		Spec: funcs.Spec{Name: "LAST_VALUE", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"LAST_VALUE(expression)"},
			Description: "The last non-NULL value of the expression in arrival order; over an updating input, the last one not retracted.",
			Examples: []funcs.Example{
				{SQL: "SELECT LAST_VALUE(s) FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "c"},
			},
		},
		Agg:       AggLastValue,
		Aggregate: &Aggregate{Min: 1, Max: 1, Type: sameTypeRule, New: newListAcc},
	}

	fnLead = &Function{
		Spec: funcs.Spec{Name: "LEAD", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"LEAD(expression [, offset] [, default])"},
			Description: "The expression's value offset rows (default 1) after the current row in the window; default (NULL unless given) when there is no such row. Batch mode only.",
			Examples: []funcs.Example{
				{SQL: "SELECT w FROM (SELECT x, LEAD(x) OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 20", Result: "ERROR: LEAD Function is not supported in stream mode."},
			},
		},
		Agg:       WinLead,
		Aggregate: &Aggregate{Min: 1, Max: 3, Type: sameTypeRule},
	}

	fnListagg = &Function{
		Spec: funcs.Spec{Name: "LISTAGG", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"LISTAGG(expression [, separator])"},
			Description: "The non-NULL string values joined in arrival order by the separator, a string literal (',' by default); NULL when there are none.",
			Examples: []funcs.Example{
				{SQL: "SELECT LISTAGG(s) FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "a,b,c"},
				{SQL: "SELECT LISTAGG(s, '; ') FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "a; b; c"},
			},
		},
		Agg:       AggListAgg,
		Aggregate: &Aggregate{Min: 1, Max: 2, Type: listAggTypeRule, New: newListAcc},
	}

	fnMax = &Function{
		Spec: funcs.Spec{Name: "MAX", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"MAX([ ALL | DISTINCT ] expression)"},
			Description: "The largest value of the expression over the input rows, NULLs left out.",
			Examples: []funcs.Example{
				{SQL: "SELECT MAX(x) FROM (VALUES (1), (2), (4)) AS t(x)", Result: "4"},
			},
		},
		Agg:       AggMax,
		Aggregate: &Aggregate{Min: 1, Max: 1, Type: sameTypeRule, Compile: compileOrder, New: newMinMaxAcc},
	}

	fnMin = &Function{
		Spec: funcs.Spec{Name: "MIN", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"MIN([ ALL | DISTINCT ] expression)"},
			Description: "The smallest value of the expression over the input rows, NULLs left out.",
			Examples: []funcs.Example{
				{SQL: "SELECT MIN(x) FROM (VALUES (1), (2), (4)) AS t(x)", Result: "1"},
			},
		},
		Agg:       AggMin,
		Aggregate: &Aggregate{Min: 1, Max: 1, Type: sameTypeRule, Compile: compileOrder, New: newMinMaxAcc},
	}

	fnNtile = &Function{
		Spec: funcs.Spec{Name: "NTILE", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"NTILE(n)"},
			Description: "Splits the ordered rows of a window partition into n buckets of sizes that differ by at most one, the larger first, and returns the row's bucket, 1 to n. Batch mode only.",
			Examples: []funcs.Example{
				{SQL: "SELECT w FROM (SELECT x, NTILE(2) OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 20", Result: "ERROR: NTILE Function is not supported in stream mode."},
			},
		},
		Agg:       WinNtile,
		Aggregate: &Aggregate{Min: 1, Max: 1, Type: rankTypeRule},
	}

	fnPercentRank = &Function{
		Spec: funcs.Spec{Name: "PERCENT_RANK", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"PERCENT_RANK()"},
			Description: "(RANK() - 1) divided by (rows of the window partition - 1), a DOUBLE in [0, 1]; 0 for a partition of one row. Batch mode only.",
			Examples: []funcs.Example{
				{SQL: "SELECT w FROM (SELECT x, PERCENT_RANK() OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 20", Result: "ERROR: PERCENT_RANK Function is not supported in stream mode."},
			},
		},
		Agg:       WinPercentRank,
		Aggregate: &Aggregate{Type: distributionTypeRule},
	}

	fnRank = &Function{
		Spec: funcs.Spec{Name: "RANK", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"RANK()"},
			Description: "The rank of the row in its window partition: one plus the number of rows before it, so ties share a rank and leave gaps (1, 2, 2, 4). A streaming Top-N cannot rank with it.",
			Examples: []funcs.Example{
				{SQL: "SELECT w FROM (SELECT x, RANK() OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 10", Result: "1"},
			},
		},
		Agg:       WinRank,
		Aggregate: &Aggregate{Type: rankTypeRule},
	}

	fnRowNumber = &Function{
		Spec: funcs.Spec{Name: "ROW_NUMBER", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"ROW_NUMBER()"},
			Description: "Numbers the rows of a window partition 1, 2, 3, ... in the window's order. In a subquery filtered on the number (WHERE rn <= N) it is a Top-N, or a deduplication when ordered by a time attribute and N = 1.",
			Examples: []funcs.Example{
				{SQL: "SELECT x FROM (SELECT x, ROW_NUMBER() OVER (ORDER BY x DESC) AS rn FROM (VALUES (1), (3), (2)) AS t(x)) WHERE rn = 1", Result: "3"},
				{SQL: "SELECT w FROM (SELECT x, ROW_NUMBER() OVER (ORDER BY pt) AS w FROM (SELECT x, PROCTIME() AS pt FROM (VALUES (10), (20), (30)) AS t(x))) WHERE x = 30", Result: "3"},
			},
		},
		Agg:       WinRowNumber,
		Aggregate: &Aggregate{Type: rankTypeRule},
	}

	fnStddevPop = &Function{
		Spec: funcs.Spec{Name: "STDDEV_POP", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"STDDEV_POP([ ALL | DISTINCT ] expression)"},
			Description: "The population standard deviation of the expression over the input rows, NULLs left out, in the expression's type (computed as Flink does, from SUM(x * x), SUM(x) and COUNT(x): integer arithmetic for integer inputs).",
			Examples: []funcs.Example{
				{SQL: "SELECT STDDEV_POP(CAST(x AS DOUBLE)) FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "1.299038105676658"},
				{SQL: "SELECT STDDEV_POP(x) FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "1"},
			},
		},
		Agg:       AggVariance,
		Aggregate: &Aggregate{Min: 1, Max: 1, Type: avgTypeRule},
	}

	fnStddevSamp = &Function{
		Spec: funcs.Spec{Name: "STDDEV_SAMP", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"STDDEV_SAMP([ ALL | DISTINCT ] expression)"},
			Description: "The sample standard deviation of the expression over the input rows, NULLs left out; NULL for fewer than two values.",
			Examples: []funcs.Example{
				{SQL: "SELECT STDDEV_SAMP(CAST(x AS DOUBLE)) FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "1.5"},
			},
		},
		Agg:       AggVariance,
		Aggregate: &Aggregate{Min: 1, Max: 1, Type: avgTypeRule},
	}

	fnSum = &Function{
		Spec: funcs.Spec{Name: "SUM", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"SUM([ ALL | DISTINCT ] expression)"},
			Description: "The sum of the expression over the input rows, NULLs left out; NULL when there are none.",
			Examples: []funcs.Example{
				{SQL: "SELECT SUM(x) FROM (VALUES (1), (2), (4)) AS t(x)", Result: "7"},
			},
		},
		Agg:       AggSum,
		Aggregate: &Aggregate{Min: 1, Max: 1, Type: sumTypeRule, Compile: compileSum, New: newSumAcc},
	}

	fnVariance = &Function{
		Spec: funcs.Spec{Name: "VARIANCE", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"VARIANCE([ ALL | DISTINCT ] expression)"},
			Description: "A synonym for VAR_SAMP.",
			Examples: []funcs.Example{
				{SQL: "SELECT VARIANCE(CAST(x AS DOUBLE)) FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "2.25"},
			},
		},
		Agg:       AggVariance,
		Aggregate: &Aggregate{Min: 1, Max: 1, Type: avgTypeRule},
	}

	fnVarPop = &Function{
		Spec: funcs.Spec{Name: "VAR_POP", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"VAR_POP([ ALL | DISTINCT ] expression)"},
			Description: "The population variance (the square of the population standard deviation) of the expression over the input rows.",
			Examples: []funcs.Example{
				{SQL: "SELECT VAR_POP(CAST(x AS DOUBLE)) FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "1.6875"},
			},
		},
		Agg:       AggVariance,
		Aggregate: &Aggregate{Min: 1, Max: 1, Type: avgTypeRule},
	}

	fnVarSamp = &Function{
		Spec: funcs.Spec{Name: "VAR_SAMP", Category: funcs.Aggregate, Call: true,
			Signatures:  []string{"VAR_SAMP([ ALL | DISTINCT ] expression)"},
			Description: "The sample variance (the square of the sample standard deviation) of the expression over the input rows; NULL for fewer than two values.",
			Examples: []funcs.Example{
				{SQL: "SELECT VAR_SAMP(CAST(x AS DOUBLE)) FROM (VALUES (1, 'a'), (2, 'b'), (4, CAST(NULL AS STRING)), (4, 'c')) AS t(x, s)", Result: "2.25"},
			},
		},
		Agg:       AggVariance,
		Aggregate: &Aggregate{Min: 1, Max: 1, Type: avgTypeRule},
	}
)
