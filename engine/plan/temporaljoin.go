package plan

import (
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// TemporalSpec makes a Join an event-time temporal join against a
// versioned table (FOR SYSTEM_TIME AS OF left.rowtime).
type TemporalSpec struct {
	LeftTime, RightTime int
}

// temporalSpec validates FOR SYSTEM_TIME AS OF on the right input of a
// join as Flink's planner does and returns the time columns.
func (b *binder) temporalSpec(r *sql.Join, right *sql.TableName, typ JoinType, ls, rs *scope, rn Node) (*TemporalSpec, error) {
	ref, ok := right.AsOf.(*sql.ColumnRef)
	lt := -1
	if ok {
		if i, err := ls.resolve(ref); err == nil && ls.cols[i].typ.Attr != types.Regular {
			lt = i
		}
	}
	if lt < 0 {
		return nil, diag.Errorf(right.AsOf.ExprPos(), diag.ValidationException,
			"Temporal table join currently only supports 'FOR SYSTEM_TIME AS OF' left table's time attribute field")
	}
	if ls.cols[lt].typ.Attr == types.Proctime {
		return nil, diag.Errorf(diag.NoPos, diag.TableException, "Processing-time temporal join is not supported yet.")
	}
	if typ != InnerJoin && typ != LeftJoin {
		return nil, diag.Errorf(r.Pos, diag.ValidationException, "Unsupported join type for temporal table join: %s", typ)
	}
	scan, isScan := rn.(*Scan)
	if !isScan || scan.Table.PrimaryKey == nil {
		return nil, diag.Errorf(diag.NoPos, diag.ValidationException,
			"Event-Time Temporal Table Join requires both primary key and row time attribute in versioned table, but no primary key found.")
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
	return &TemporalSpec{LeftTime: lt, RightTime: rt}, nil
}
