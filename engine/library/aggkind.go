package library

import "strings"

// AggKind names an aggregate or window function's kind in its spec: the
// planner's rules and the OVER operator's ranking ask for it (may the
// function merge, does it rank), never the function's name. Its type rule
// and accumulator are the spec's Aggregate.
type AggKind uint8

// The aggregate and window function kinds.
const (
	NotAggregate AggKind = iota
	AggCount
	AggSum
	// AggSum0 is Flink's internal $SUM0: SUM that is 0, not NULL, for no
	// rows (what COUNT's partial results merge with).
	AggSum0
	AggAvg
	AggMin
	AggMax
	AggFirstValue
	AggLastValue
	AggListAgg
	AggCollect
	AggArrayAgg
	AggJSONArrayAgg
	AggJSONObjectAgg
	// AggVariance is the STDDEV and VARIANCE family, which the planner
	// rewrites into SUM and COUNT.
	AggVariance
	WinRowNumber
	WinRank
	WinDenseRank
	WinLag
	WinLead
	WinNtile
	WinCumeDist
	WinPercentRank
)

// AggregateKind returns the kind of the aggregate or window function name
// (any case), its spec's (AggregateOf), NotAggregate for any other name.
func AggregateKind(name string) AggKind {
	if f := AggregateOf(name); f != nil {
		return f.Agg
	}
	return NotAggregate
}

// Mergeable reports whether partial results of the kind merge (Flink's
// two-phase aggregation): COUNT, SUM, $SUM0 and AVG keep sums and counts;
// MIN and MAX keep the extreme.
func (k AggKind) Mergeable() bool {
	switch k {
	case AggCount, AggSum, AggSum0, AggAvg, AggMin, AggMax:
		return true
	}
	return false
}

// IsAggregate reports whether SQL calls name (any case) as an aggregate
// function: COUNT, SUM, AVG, MIN, MAX, the STDDEV and VARIANCE family,
// FIRST_VALUE, LAST_VALUE, LISTAGG, COLLECT, ARRAY_AGG and the JSON
// aggregates. Flink's internal $SUM0 is no function SQL calls.
func IsAggregate(name string) bool {
	switch strings.ToUpper(name) {
	case "SUM0", "$SUM0":
		return false
	}
	k := AggregateKind(name)
	return k >= AggCount && k <= AggVariance
}

// IsWindowFunction reports whether name (any case) is a function only a
// window computes: the ranking and offset functions, and FIRST_VALUE and
// LAST_VALUE, which are aggregates too.
func IsWindowFunction(name string) bool {
	k := AggregateKind(name)
	return k >= WinRowNumber || k == AggFirstValue || k == AggLastValue
}

// IsRanking reports whether the kind numbers rows: ROW_NUMBER, RANK and
// DENSE_RANK, the functions a Top-N may rank with.
func (k AggKind) IsRanking() bool {
	return k == WinRowNumber || k == WinRank || k == WinDenseRank
}
