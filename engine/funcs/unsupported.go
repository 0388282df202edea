package funcs

// NotSupported is an entry of Flink's function list that the engine does
// not implement, with the reason. docs/functions.md prints the list, and
// the coverage test (engine/enginetest) fails for a function of Flink's
// list that is neither registered nor here, and for an entry here that is
// registered after all.
type NotSupported struct {
	Name     string // the name the coverage test derives from Flink's form (see docs/functions.md)
	Category Category
	Reason   string
}

// Why the entries below are missing.
const (
	reasonLater     = "Not implemented yet."
	reasonAggregate = "Not implemented yet: the planner knows COUNT, SUM, MIN, MAX and AVG only."
	reasonWindowAgg = "OVER windows are not supported yet."
)

// Unsupported lists what the engine does not do yet, sorted by category,
// then name.
var Unsupported = []NotSupported{
	{Name: "CURRENT_WATERMARK", Category: Temporal, Reason: reasonLater},
	{Name: "ROW.*", Category: ValueAccess, Reason: reasonLater},
	{Name: "GROUPING", Category: Grouping, Reason: reasonLater},
	{Name: "GROUPING_ID", Category: Grouping, Reason: reasonLater},
	{Name: "GROUP_ID", Category: Grouping, Reason: reasonLater},
	{Name: "ARRAY_AGG", Category: Aggregate, Reason: reasonAggregate},
	{Name: "COLLECT", Category: Aggregate, Reason: reasonAggregate},
	{Name: "CUME_DIST", Category: Aggregate, Reason: reasonWindowAgg},
	{Name: "DENSE_RANK", Category: Aggregate, Reason: reasonWindowAgg},
	{Name: "FIRST_VALUE", Category: Aggregate, Reason: reasonAggregate},
	{Name: "JSON_ARRAYAGG", Category: Aggregate, Reason: reasonAggregate},
	{Name: "JSON_OBJECTAGG", Category: Aggregate, Reason: reasonAggregate},
	{Name: "LAG", Category: Aggregate, Reason: reasonWindowAgg},
	{Name: "LAST_VALUE", Category: Aggregate, Reason: reasonAggregate},
	{Name: "LEAD", Category: Aggregate, Reason: reasonWindowAgg},
	{Name: "LISTAGG", Category: Aggregate, Reason: reasonAggregate},
	{Name: "NTILE", Category: Aggregate, Reason: reasonWindowAgg},
	{Name: "PERCENT_RANK", Category: Aggregate, Reason: reasonWindowAgg},
	{Name: "RANK", Category: Aggregate, Reason: reasonWindowAgg},
	{Name: "ROW_NUMBER", Category: Aggregate, Reason: reasonWindowAgg},
	{Name: "STDDEV_POP", Category: Aggregate, Reason: reasonAggregate},
	{Name: "STDDEV_SAMP", Category: Aggregate, Reason: reasonAggregate},
	{Name: "VARIANCE", Category: Aggregate, Reason: reasonAggregate},
	{Name: "VAR_POP", Category: Aggregate, Reason: reasonAggregate},
	{Name: "VAR_SAMP", Category: Aggregate, Reason: reasonAggregate},
	{Name: "CURRENT_DATABASE", Category: CatalogFunction, Reason: reasonLater},
}
