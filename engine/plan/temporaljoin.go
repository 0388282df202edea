package plan

import (
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// TemporalSpec makes a Join an event-time temporal join against a
// versioned table (FOR SYSTEM_TIME AS OF left.rowtime).
type TemporalSpec struct {
	LeftTime, RightTime int
}

// A temporal table join (JOIN d FOR SYSTEM_TIME AS OF t.time) is planned
// as Flink's rules plan it (LogicalCorrelateToJoinFromTemporalTableRule,
// CommonLookupJoinRule, TemporalJoinRewriteWithUniqueKeyRule):
//
//   - on a processing-time attribute, against a table whose source can look
//     rows up (connector.LookupSource) and that is read as it is or through
//     projections (computed columns, views), it is a lookup join
//     (lookupjoin.go);
//   - on a row-time attribute it is an event-time temporal join against a
//     versioned table (a primary key and a row-time attribute);
//   - on a processing-time attribute against any other table, Flink has no
//     operator for it.

// temporalKind is which of these a FOR SYSTEM_TIME AS OF join is.
type temporalKind uint8

const (
	eventTimeJoin temporalKind = iota
	lookupTimeJoin
	procTimeJoin // not supported: no lookup source
)

// temporalPlan is what the period of a temporal join says, before the
// join's condition is known.
type temporalPlan struct {
	kind temporalKind
	// period is the column of the period in left ++ right. Calcite
	// resolves it in the join's scope, so an unqualified name may name a
	// column of the temporal table itself; only a lookup join, which does
	// not read the period, accepts that.
	period int
	lookup *LookupSpec
}

// temporalPeriod validates FOR SYSTEM_TIME AS OF on the right input of a
// join as Flink's validator and its first rewrite rule do.
func (b *binder) temporalPeriod(r *sql.Join, right *sql.TableName, typ JoinType, ls, rs *scope, rn Node) (*temporalPlan, error) {
	ref, ok := right.AsOf.(*sql.ColumnRef)
	if !ok {
		return nil, diag.Errorf(right.AsOf.ExprPos(), diag.ValidationException,
			"Temporal table join currently only supports 'FOR SYSTEM_TIME AS OF' left table's time attribute field")
	}
	both := ls
	if ls.outerN == 0 {
		both = &scope{cols: append(append([]scopeCol(nil), ls.cols...), rs.cols...)}
	}
	i, err := both.resolve(ref)
	if err != nil {
		return nil, err
	}
	attr := both.cols[i].typ.Attr
	if attr == types.Regular {
		return nil, diag.Errorf(right.AsOf.ExprPos(), diag.ValidationException,
			"Temporal table join currently only supports 'FOR SYSTEM_TIME AS OF' left table's time attribute field")
	}
	if typ != InnerJoin && typ != LeftJoin {
		return nil, diag.Errorf(r.Pos, diag.ValidationException, "Unsupported join type for temporal table join: %s", typ)
	}
	tp := &temporalPlan{kind: eventTimeJoin, period: i}
	if attr == types.Proctime {
		tp.kind = procTimeJoin
		if spec, ok := b.lookupSource(rn); ok {
			tp.kind, tp.lookup = lookupTimeJoin, spec
			spec.period = i
		}
	}
	return tp, nil
}

// temporalCheck finishes the validation of a temporal join that is no
// lookup join once its equi-join keys are known, in the order of Flink's
// checks, and returns its spec.
func (b *binder) temporalCheck(tp *temporalPlan, n *Join, lw int, rs *scope) (*TemporalSpec, error) {
	if b.noSources {
		// A view's query is validated, not optimized: the planner's rules
		// check the join when the view is used.
		return &TemporalSpec{LeftTime: max(tp.period, 0), RightTime: -1}, nil
	}
	if len(n.LeftKeys) == 0 {
		return nil, diag.Errorf(diag.NoPos, diag.ValidationException, "Currently the join key in Temporal Table Join can not be empty.")
	}
	if tp.period >= lw {
		return nil, diag.Errorf(diag.NoPos, diag.ValidationException,
			"Temporal Table Join requires time attribute in the left table, but no time attribute found.")
	}
	if tp.kind == procTimeJoin {
		return nil, diag.Errorf(diag.NoPos, diag.TableException, "Processing-time temporal join is not supported yet.")
	}
	rt := -1
	for i, c := range rs.cols {
		if c.typ.Attr == types.Rowtime {
			rt = i
		}
	}
	if rt < 0 {
		return nil, diag.Errorf(diag.NoPos, diag.ValidationException,
			"Event-Time Temporal Table Join requires both primary key and row time attribute in versioned table, but no row time attribute can be found.")
	}
	if scan, isScan := n.Right.(*Scan); !isScan || scan.Table.PrimaryKey == nil {
		return nil, diag.Errorf(diag.NoPos, diag.ValidationException,
			"Event-Time Temporal Table Join requires both primary key and row time attribute in versioned table, but no primary key found.")
	}
	return &TemporalSpec{LeftTime: tp.period, RightTime: rt}, nil
}

// lookupSource reports whether n reads a table that a lookup join can
// look rows up in: a scan whose source is a connector.LookupSource, read
// as it is or through projections (its computed columns, views and WITH
// queries over it), as Flink's getTableScan finds it under a
// LogicalProject. A watermark or metadata columns make the scan no plain
// table scan any more. Under noSources (a view's query at CREATE VIEW)
// every such scan is taken for one.
func (b *binder) lookupSource(n Node) (*LookupSpec, bool) {
	var projs []*Project
	for {
		p, ok := n.(*Project)
		if !ok {
			break
		}
		projs = append(projs, p)
		n = p.Input
	}
	scan, ok := n.(*Scan)
	if !ok || scan.Watermark != nil || len(scan.Metadata) > 0 {
		return nil, false
	}
	if _, ok := scan.Source.(connector.LookupSource); !ok && !b.noSources {
		return nil, false
	}
	spec := &LookupSpec{Scan: scan}
	if scan.Exprs != nil {
		spec.Dim = append(spec.Dim, scan.Exprs)
	}
	for i := len(projs) - 1; i >= 0; i-- {
		spec.Dim = append(spec.Dim, projs[i].Exprs)
	}
	return spec, true
}
