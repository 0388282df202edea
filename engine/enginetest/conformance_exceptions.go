package enginetest

// Every statement of Flink's SQL client and gateway scripts must print
// what Flink prints, except those listed here by file and line, each with
// its reason. TestConformance fails on a statement that differs and is
// not listed, and on a listed one that passes (the list is kept exact);
// docs/conformance.md prints the list.

// Reasons a playground cannot do what Flink's test does.
const (
	reasonJar = "needs a user JAR and its Java classes (the test's UDF jar): ADD JAR, REMOVE JAR and SHOW JARS of it, " +
		"functions of its classes, and what lists, describes or calls them"
	reasonTestCatalog = "needs a Java catalog only Flink's test classpath has (`test_procedure_catalog` and its procedures)"
	reasonTestModule  = "needs a Java module factory only Flink's test classpath has (`dummy`, listed among the factories)"
	reasonTestTable   = "needs Flink's test connector `test-update-delete`, whose rows and row-level DELETE/TRUNCATE a Java test registers"
	reasonCluster     = "lists the configuration of the cluster the client is connected to (`execution.target`, `rest.port`, ...)"
)

// Reasons the playground does not print what Flink does yet: what it
// would take.
const (
	notYetPartitionValues = "not yet: Flink's PreValidateReWriter turns VALUES inserted into a static partition into a projection " +
		"of casted literals over a one-row Values, named by the sink's columns"
	notYetPartitionPruning = "not yet: Flink's PushPartitionIntoTableSourceScanRule finds that the filesystem table has no " +
		"partition the filter keeps and plans an empty Values instead of the scan"
	notYetEstimatedCost = "not yet: EXPLAIN ESTIMATED_COST needs Flink's cost model: the row counts and sizes of its metadata " +
		"handlers (FlinkRelMdRowCount, FlinkRelMdSize; 1.0E8 rows for a table without statistics) and each physical node's " +
		"computeSelfCost (rows, cpu, io, network, memory)"
)

// conformanceExceptions maps a script to its listed statements (by the
// line the statement starts on) and their reasons.
var conformanceExceptions = map[string]map[int]string{
	"sql-client__sql__call_procedure.q": lines(reasonTestCatalog, 18, 22, 32, 42, 51, 62),
	"sql-client__sql__delete.q":         lines(reasonTestTable, 42, 56, 61, 73),
	"sql-client__sql__function.q": lines(reasonJar, 18, 22, 68, 80, 84, 103, 134, 139, 153, 163, 172, 190, 253, 274,
		289, 297, 315, 331, 354, 383, 396, 414, 427, 446, 451, 467, 478, 491),
	"sql-client__sql__module.q": lines(reasonTestModule, 73),
	"sql-client__sql__set.q": merge(
		lines(reasonJar, 50, 54, 63, 175, 179, 207, 228, 237),
		lines(reasonCluster, 76, 98, 136, 159, 188)),
	"sql-client__sql__table.q": merge(
		lines(notYetPartitionValues, 1094),
		lines(notYetPartitionPruning, 1118),
		lines(notYetEstimatedCost, 1344, 1433)),
	"sql-client__sql__truncate.q":        lines(reasonTestTable, 41, 55, 60),
	"sql-gateway__sql__call_procedure.q": lines(reasonTestCatalog, 18, 28, 39, 50, 71, 83),
	"sql-gateway__sql__set.q":            lines(reasonCluster, 28, 49),
	"sql-gateway__sql__table.q": merge(
		lines(notYetEstimatedCost, 903, 947)),
}

func lines(reason string, ls ...int) map[int]string {
	m := map[int]string{}
	for _, l := range ls {
		m[l] = reason
	}
	return m
}

func merge(ms ...map[int]string) map[int]string {
	out := map[int]string{}
	for _, m := range ms {
		for l, r := range m {
			out[l] = r
		}
	}
	return out
}
