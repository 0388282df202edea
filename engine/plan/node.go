package plan

import (
	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Node is a logical plan node.
type Node interface {
	// Schema is the node's output row type.
	Schema() types.Schema
	// Inputs are the node's children.
	Inputs() []Node
}

// Scan reads a catalog table through its connector. Out holds every column
// of the table (physical, computed); Computed evaluates the non-physical
// columns from the physical ones, in table order.
type Scan struct {
	ID     catalog.ObjectID
	Table  *catalog.Table
	Source connector.ScanSource
	Out    types.Schema
	// Exprs computes each output column from the physical row; nil when
	// every column is physical.
	Exprs []expr.Expr
	// Watermark is the table's watermark strategy (WATERMARK FOR col AS
	// expr) over the output row, in streaming mode; nil otherwise.
	Watermark expr.Expr
	// Rowtime is the output column of the rowtime attribute, -1 when none.
	Rowtime int
	// Metadata are the metadata keys the source appends after the
	// physical columns (connector.MetadataReader), in order.
	Metadata []string
	// Digest identifies what the scan reads: the table, its options (with
	// hints) and the metadata keys. Scans with equal digests read the same
	// rows, so a job reads the table once (Flink's source reuse).
	Digest string
}

// Values is a constant relation.
type Values struct {
	Rows [][]types.Value
	Out  types.Schema
	// Batch: planned in batch mode, where Flink's physical Values names
	// its columns instead of printing its row type.
	Batch bool
}

// Project computes one output column per expression.
type Project struct {
	Input Node
	Exprs []expr.Expr
	Out   types.Schema
}

// Filter keeps rows whose condition is TRUE.
type Filter struct {
	Input Node
	Cond  expr.Expr
}

// Limit skips Offset rows and passes at most Count (Count < 0: no limit).
type Limit struct {
	Input  Node
	Offset int64
	Count  int64
}

// AggCall is one aggregate function call of an Aggregate.
type AggCall struct {
	Name     string // COUNT, SUM, MIN, MAX, AVG, FIRST_VALUE, LISTAGG, ... (see aggcall.go)
	Arg      int    // input column, -1 for COUNT(*)
	Distinct bool
	Type     types.Type
	// MoreArgs are the input columns of further arguments (COUNT(a, b),
	// LISTAGG's separator, JSON_OBJECTAGG's value).
	MoreArgs []int
	// Filtered calls see only rows whose BOOLEAN input column Filter is TRUE.
	Filtered bool
	Filter   int
	// IgnoreNulls: ARRAY_AGG(x IGNORE NULLS), ABSENT ON NULL of the JSON aggregates.
	IgnoreNulls bool
}

// Aggregate groups its input by Keys (input columns) and computes Aggs.
// Its output is the key columns followed by one column per aggregate.
type Aggregate struct {
	Input Node
	Keys  []int
	Aggs  []AggCall
	Out   types.Schema
	// NoUpdateBefore is set by the changelog-mode inference when the
	// consumer needs no -U: an update is then +U alone.
	NoUpdateBefore bool
}

// SortKey is one ORDER BY key over an input column.
type SortKey struct {
	Col  int
	Desc bool
	// NullsFirst follows Flink's default: NULLS FIRST for ASC, NULLS LAST for DESC.
	NullsFirst bool
}

// Sort orders its (bounded) input.
type Sort struct {
	Input Node
	Keys  []SortKey
}

// Union concatenates inputs of the same row type (UNION ALL).
type Union struct {
	Ins []Node
	Out types.Schema
}

func (n *Scan) Schema() types.Schema      { return n.Out }
func (n *Values) Schema() types.Schema    { return n.Out }
func (n *Project) Schema() types.Schema   { return n.Out }
func (n *Filter) Schema() types.Schema    { return n.Input.Schema() }
func (n *Limit) Schema() types.Schema     { return n.Input.Schema() }
func (n *Aggregate) Schema() types.Schema { return n.Out }
func (n *Sort) Schema() types.Schema      { return n.Input.Schema() }
func (n *Union) Schema() types.Schema     { return n.Out }

func (n *Scan) Inputs() []Node      { return nil }
func (n *Values) Inputs() []Node    { return nil }
func (n *Project) Inputs() []Node   { return []Node{n.Input} }
func (n *Filter) Inputs() []Node    { return []Node{n.Input} }
func (n *Limit) Inputs() []Node     { return []Node{n.Input} }
func (n *Aggregate) Inputs() []Node { return []Node{n.Input} }
func (n *Sort) Inputs() []Node      { return []Node{n.Input} }
func (n *Union) Inputs() []Node     { return n.Ins }

// Bounded reports whether the plan's output ends: every source is bounded,
// or a limit cuts it.
func Bounded(n Node) bool {
	switch n := n.(type) {
	case *Scan:
		return n.Source.Bounded()
	case *Values:
		return true
	case *Limit:
		return n.Count >= 0 || Bounded(n.Input)
	}
	for _, in := range n.Inputs() {
		if !Bounded(in) {
			return false
		}
	}
	return true
}

// Updating reports whether the plan emits updates (-U/+U/-D) in streaming
// mode: what the changelog-mode inference (changelog.go) finds it produces.
func Updating(n Node) bool {
	return !kindsOf(n).insertOnly()
}
