package plan

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Planner binds statements against a session's catalog.
type Planner struct {
	Catalog *catalog.Manager
	// NoCore: the session does not use Flink's core module, so no
	// built-in function resolves (USE MODULES, UNLOAD MODULE core).
	NoCore     bool
	Connectors *connector.Registry
	// Batch is the runtime mode: batch rejects unbounded sources and emits
	// final results only.
	Batch bool
	// Clock is read by PROCTIME() columns.
	Clock stream.Clock
	// Zone is 'table.local-time-zone'.
	Zone *time.Location
}

// QueryPlan is a planned query.
type QueryPlan struct {
	Root Node
	// Bounded reports whether the result ends.
	Bounded bool
	// Changelog holds each node's changelog mode in streaming mode; nil
	// in batch mode.
	Changelog *Changelog
}

// InsertPlan is a planned INSERT: the query, cast to the sink's physical
// row type, and the sink.
type InsertPlan struct {
	Query  *QueryPlan
	ID     catalog.ObjectID
	Sink   connector.SinkTarget
	Target types.Schema
	// Projected: Query.Root is the projection onto the sink's columns
	// (casts, a column list, static partitions); without it the sink
	// reads the query's columns as they are.
	Projected bool
	// Options are the sink table's options (with the INSERT's hints), and
	// PartitionKeys its partition columns: what EXPLAIN's execution plan
	// needs to name the sink's operators.
	Options       map[string]string
	PartitionKeys []string
}

// PlanQuery binds a query.
func (p *Planner) PlanQuery(q sql.Query) (*QueryPlan, error) {
	b := &binder{p: p}
	root, err := b.query(q, nil)
	if err != nil {
		return nil, err
	}
	if !p.Batch {
		if err := checkStreamingSort(root); err != nil {
			return nil, err
		}
	}
	qp := &QueryPlan{Root: root, Bounded: Bounded(root)}
	if !p.Batch {
		qp.Changelog = InferChangelog(root, nil)
	}
	return qp, nil
}

// QuerySchema validates a view's query and returns its row type and the
// expanded query text Flink stores for SHOW CREATE VIEW ("" when the query
// uses a construct the expansion does not print; callers keep the original).
func (p *Planner) QuerySchema(q sql.Query) (types.Schema, string, error) {
	b := &binder{p: p, noSources: true, exp: newExpansion()}
	root, err := b.query(q, nil)
	if err != nil {
		return types.Schema{}, "", err
	}
	return root.Schema(), b.exp.expandedText(q), nil
}

// ExprType derives the type of a computed column or watermark expression
// over the given columns.
func (p *Planner) ExprType(cols []types.Column, e sql.Expr) (types.Type, error) {
	b := &binder{p: p, noSources: true}
	sc := &scope{}
	for _, c := range cols {
		sc.cols = append(sc.cols, scopeCol{name: c.Name, typ: c.Type})
	}
	x, err := b.expr(e, sc)
	if err != nil {
		return types.Type{}, err
	}
	return x.Type(), nil
}

// PlanInsert binds INSERT INTO target query.
func (p *Planner) PlanInsert(ins *sql.Insert) (*InsertPlan, error) {
	id, obj, err := p.lookup(ins.Table)
	if err != nil {
		return nil, err
	}
	if obj.IsView() {
		return nil, diag.Validation(ins.Table.Pos(), "View %s cannot be used as a sink.", id.Quoted())
	}
	options := mergeHints(obj.Table.Options, ins.Hints)
	f, err := p.Connectors.Lookup(options)
	if err != nil {
		return nil, optionError(err, ins.Table.Pos(), id.Object)
	}
	target := obj.Table.Physical()
	sink, err := f.PlanSink(connector.Table{Name: id.String(), Physical: target, Options: options, PartitionKeys: obj.Table.PartitionKeys})
	if err != nil {
		return nil, optionError(err, ins.Table.Pos(), id.Object)
	}
	if obj.Table.Distribution != nil {
		// no connector here buckets its output (Flink's SupportsBucketing)
		return nil, diag.Errorf(ins.Table.Pos(), diag.TableException,
			"Table '%s' is distributed into buckets, but the underlying DynamicTableSink doesn't implement the SupportsBucketing interface.", id.String())
	}
	if ins.Overwrite {
		o, ok := sink.(connector.Overwriter)
		if !ok {
			return nil, diag.Validation(ins.Table.Pos(), "INSERT OVERWRITE requires that the underlying DynamicTableSink of table '%s' implements the SupportsOverwrite interface.", id.String())
		}
		o.ApplyOverwrite()
	}
	q, err := p.PlanQuery(ins.Source)
	if err != nil {
		return nil, err
	}
	// Static partition values fill their columns; the query supplies the
	// listed columns, or else every other column in table order; the rest
	// get NULL.
	static := map[int]sql.Property{}
	for _, pv := range ins.Partition {
		i := target.Index(pv.Key)
		if i < 0 {
			return nil, diag.Errorf(pv.KeyPos, diag.SqlValidatorException, "Unknown target column '%s'", pv.Key)
		}
		static[i] = pv
	}
	var provided []int // target column index of each query column
	if len(ins.Columns) > 0 {
		for _, c := range ins.Columns {
			i := target.Index(c.Name)
			if i < 0 {
				return nil, diag.Errorf(c.Pos, diag.SqlValidatorException, "Unknown target column '%s'", c.Name)
			}
			provided = append(provided, i)
		}
	} else {
		for i := range target.Columns {
			if _, ok := static[i]; !ok {
				provided = append(provided, i)
			}
		}
	}
	got := q.Root.Schema()
	if got.Len() != len(provided) {
		want := types.Schema{}
		for _, i := range provided {
			want.Columns = append(want.Columns, target.Columns[i])
		}
		return nil, diag.Validation(ins.Source.QueryPos(),
			"Column types of query result and sink for '%s' do not match.\nCause: Different number of columns.\n\nQuery schema: %s\nSink schema:  %s",
			id.String(), schemaString(got), schemaString(want))
	}
	exprs := make([]expr.Expr, target.Len())
	for i, c := range target.Columns {
		if pv, ok := static[i]; ok {
			x, err := expr.Cast(expr.StringLiteral(pv.Value), c.Type, false, pv.ValuePos)
			if err != nil {
				return nil, err
			}
			exprs[i] = x
			continue
		}
		j := -1
		for k, ti := range provided {
			if ti == i {
				j = k
			}
		}
		if j < 0 {
			exprs[i] = expr.Literal(types.NullValue, c.Type)
			continue
		}
		src := expr.Column(j, got.Columns[j].Type)
		// A time attribute reaches the sink as the plain timestamp it is.
		gt := got.Columns[j].Type.WithNullable(true)
		gt.Attr = types.Regular
		if gt.Equal(c.Type.WithNullable(true)) {
			exprs[i] = src
			continue
		}
		if !implicitlyCastable(got.Columns[j].Type, c.Type) {
			return nil, diag.Validation(ins.Source.QueryPos(),
				"Column types of query result and sink for '%s' do not match.\nCause: Incompatible types for sink column '%s' at position %d.\n\nQuery schema: %s\nSink schema:  %s",
				id.String(), c.Name, i, schemaString(got), schemaString(target))
		}
		cast, err := expr.Cast(src, c.Type, false, ins.Source.QueryPos())
		if err != nil {
			return nil, err
		}
		exprs[i] = cast
	}
	// As Flink's DynamicSinkUtils: no projection at all when every query
	// column goes to its sink column as it is (supportsAvoidingCast), so
	// the sink reads the query's own columns.
	identity := len(static) == 0 && len(provided) == target.Len()
	for k, i := range provided {
		if i != k || !avoidsCast(got.Columns[k].Type, target.Columns[i].Type) {
			identity = false
		}
	}
	if !identity {
		q.Root = &Project{Input: q.Root, Exprs: exprs, Out: target}
	}
	if !p.Batch && Updating(q.Root) && !sink.AcceptsUpdates() {
		return nil, diag.Errorf(ins.Pos, diag.TableException,
			"Table sink '%s' doesn't support consuming %s which is produced by node %s",
			id.String(), changesProduced(q.Root), updatingNodeName(q.Root))
	}
	if !p.Batch {
		q.Changelog = InferChangelog(q.Root, sink)
	}
	return &InsertPlan{Query: q, ID: id, Sink: sink, Target: target, Projected: !identity,
		Options: options, PartitionKeys: obj.Table.PartitionKeys}, nil
}

// avoidsCast reports whether a query column of type from may go to a sink
// column of type to as it is (Flink's LogicalTypeCasts.supportsAvoidingCast):
// not NULL-able into NOT NULL, a character or binary string into a longer
// VARCHAR or VARBINARY, otherwise the same type; a time attribute counts as
// its timestamp.
func avoidsCast(from, to types.Type) bool {
	from.Attr, to.Attr = types.Regular, types.Regular
	if from.Nullable() && !to.Nullable() {
		return false
	}
	switch {
	case to.Kind == types.Varchar && from.IsCharacter():
		return from.Length <= to.Length
	case to.Kind == types.Varbinary && from.IsBinary():
		return from.Length <= to.Length
	}
	return from.WithNullable(true).Equal(to.WithNullable(true))
}

// implicitlyCastable reports whether INSERT may cast a query column to a sink
// column of another type (Flink's supportsImplicitCast).
func implicitlyCastable(from, to types.Type) bool {
	if from.Kind == types.Null {
		return true
	}
	switch {
	case from.IsNumeric() && to.IsNumeric():
		return true
	case from.IsCharacter() && to.IsCharacter():
		return true
	case from.IsBinary() && to.IsBinary():
		return true
	case from.IsTimestamp() && to.IsTimestamp():
		return true
	}
	return from.Kind == to.Kind
}

func updatingNodeName(n Node) string {
	switch n := n.(type) {
	case *Aggregate:
		return "GroupAggregate(" + aggExplain(n) + ")"
	case *Sort:
		return "Rank"
	case *Scan:
		if Updating(n) {
			return "TableSourceScan(table=[[" + n.ID.Catalog + ", " + n.ID.Database + ", " + n.ID.Object + "]], fields=[" +
				strings.Join(n.Schema().Names(), ", ") + "])"
		}
	case *Rank, *Deduplicate:
		return ExplainNode(n)
	case *Join:
		if joinProducesDeletes(n) {
			return JoinExplain(n)
		}
	}
	for _, in := range n.Inputs() {
		if Updating(in) {
			return updatingNodeName(in)
		}
	}
	return "?"
}

// schemaString renders a row type as Flink's mismatch messages do:
// [id: INT, name: STRING].
func schemaString(s types.Schema) string {
	parts := make([]string, len(s.Columns))
	for i, c := range s.Columns {
		parts[i] = c.Name + ": " + c.Type.String()
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// positioned gives an unpositioned error the position pos.
// optionError is positioned for an error of table's WITH options: it
// also names the table and, for a value that does not parse, its key.
func optionError(err error, pos int, table string) error {
	err = positioned(err, pos)
	if e, ok := diag.As(err); ok && e.Table == "" {
		e.Table = table
		var pe *connector.ParseError
		if len(e.Keys) == 0 && errors.As(err, &pe) {
			e.Keys = []string{pe.Key}
		}
		return e
	}
	return err
}

func positioned(err error, pos int) error {
	if e, ok := diag.As(err); ok && e.Pos < 0 && e.Line == 0 {
		e.Pos = pos
		return e
	}
	return err
}

func (p *Planner) lookup(name sql.ObjectName) (catalog.ObjectID, catalog.Object, error) {
	parts := make([]string, len(name.Parts))
	for i, id := range name.Parts {
		parts[i] = id.Name
	}
	id, err := p.Catalog.Qualify(parts)
	if err != nil {
		return id, catalog.Object{}, positioned(err, name.Pos())
	}
	obj, ok := p.Catalog.Lookup(id)
	if !ok {
		return id, obj, diag.Errorf(name.Pos(), diag.SqlValidatorException, "Object '%s' not found", strings.Join(parts, "."))
	}
	return id, obj, nil
}

// mergeHints applies OPTIONS hints over the table's options.
func mergeHints(options map[string]string, hints []sql.Property) map[string]string {
	if len(hints) == 0 {
		return options
	}
	m := make(map[string]string, len(options)+len(hints))
	for k, v := range options {
		m[k] = v
	}
	for _, h := range hints {
		m[h.Key] = h.Value
	}
	return m
}

// checkStreamingSort rejects ORDER BY in streaming mode, as Flink does for
// sorts whose first key is not an ascending time attribute.
func checkStreamingSort(n Node) error {
	if s, ok := n.(*Sort); ok {
		in := s.Input.Schema()
		if len(s.Keys) == 0 || s.Keys[0].Desc || in.Columns[s.Keys[0].Col].Type.Attr == types.Regular {
			return diag.Errorf(diag.NoPos, diag.TableException, "Sort on a non-time-attribute field is not supported.")
		}
	}
	for _, in := range n.Inputs() {
		if err := checkStreamingSort(in); err != nil {
			return err
		}
	}
	return nil
}

func exprName(i int) string { return "EXPR$" + strconv.Itoa(i) }
