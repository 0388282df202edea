package plan

import (
	"strings"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/stream"
)

// ChangelogMode is the set of record kinds a node emits, one bit per
// stream.Kind; Flink prints it as changelogMode=[I,UB,UA,D].
type ChangelogMode uint8

// Changelog modes that have names in Flink.
const (
	InsertOnly ChangelogMode = 1 << stream.Insert
	// Retract is every kind: Flink's ChangelogMode.all().
	Retract = 1<<stream.Insert | 1<<stream.UpdateBefore | 1<<stream.UpdateAfter | 1<<stream.Delete
	// Upsert is every kind but UPDATE_BEFORE.
	Upsert = 1<<stream.Insert | 1<<stream.UpdateAfter | 1<<stream.Delete
)

// Has reports whether m contains k.
func (m ChangelogMode) Has(k stream.Kind) bool { return m&(1<<k) != 0 }

var modeNames = [...]string{"I", "UB", "UA", "D"}

// String prints the mode as Flink does: [I,UB,UA,D]; a sink, which emits
// nothing, is [NONE].
func (m ChangelogMode) String() string {
	var parts []string
	for k, name := range modeNames {
		if m.Has(stream.Kind(k)) {
			parts = append(parts, name)
		}
	}
	if len(parts) == 0 {
		return "[NONE]"
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// modifyKinds is Flink's ModifyKindSet: which of insert, update and delete
// a node produces, whether updates carry their before image or not.
type modifyKinds uint8

const (
	modInsert modifyKinds = 1 << iota
	modUpdate
	modDelete

	allChanges = modInsert | modUpdate | modDelete
)

func (k modifyKinds) insertOnly() bool { return k&^modInsert == 0 }

// updateKind is Flink's UpdateKindTrait: how a node's updates look.
type updateKind uint8

const (
	updateNone           updateKind = iota // no updates
	updateOnlyAfter                        // +U without -U (upsert)
	updateBeforeAndAfter                   // -U then +U (retract)
)

// RankStrategy is how a streaming Top-N runs (Flink's RankProcessStrategy).
type RankStrategy uint8

// Rank strategies, named as Flink's EXPLAIN names them.
const (
	// RetractStrategy ranks an updating input that sends -U before +U
	// (RetractableTopNFunction).
	RetractStrategy RankStrategy = iota
	// AppendFastStrategy ranks an insert-only input (AppendOnlyTopNFunction).
	AppendFastStrategy
	// UpdateFastStrategy ranks an input with a unique key whose sort keys
	// only move toward the top, from +U alone (UpdatableTopNFunction).
	UpdateFastStrategy
)

func (s RankStrategy) String() string {
	return [...]string{"RetractStrategy", "AppendFastStrategy", "UpdateFastStrategy"}[s]
}

// ChangelogSource is a connector.ScanSource that declares more kinds than
// inserts (the 'values' connector's 'changelog-mode').
type ChangelogSource interface {
	Kinds() []stream.Kind
}

// UpdateBeforeDropper is a connector.SinkTarget that, like Flink's
// BlackHoleSink, asks its input for updates without -U when it can.
type UpdateBeforeDropper interface {
	DropsUpdateBefore() bool
}

// Changelog holds the changelog mode inferred for each node of a plan, as
// Flink's FlinkChangelogModeInferenceProgram infers them: first bottom-up
// what every node can produce (insert, update, delete), then top-down
// whether the consumer needs -U before +U. A group aggregation whose
// consumer needs no -U (an UpdateFastStrategy Top-N, the blackhole sink)
// then emits none, and a Top-N picks its strategy.
type Changelog struct {
	kinds map[Node]modifyKinds
	modes map[Node]ChangelogMode
}

// Alias gives copy, a node printed in place of orig, orig's mode.
func (c *Changelog) Alias(copy, orig Node) {
	if c != nil {
		c.modes[copy], c.kinds[copy] = c.modes[orig], c.kinds[orig]
	}
}

// Mode returns the inferred mode of n.
func (c *Changelog) Mode(n Node) ChangelogMode {
	if c == nil {
		return InsertOnly
	}
	return c.modes[n]
}

// InferChangelog infers the changelog modes of a streaming plan for its
// consumer: a SELECT's result (sink nil) needs -U, as the SQL client's
// collect sink does; a sink that drops -U (UpdateBeforeDropper) gets +U
// alone when every node on the way can provide it. It records on Aggregate
// and Rank nodes what they must emit and how they rank.
func InferChangelog(root Node, sink connector.SinkTarget) *Changelog {
	c := &Changelog{kinds: map[Node]modifyKinds{}, modes: map[Node]ChangelogMode{}}
	k := c.modify(root)
	var tries []updateKind
	switch {
	case k&modUpdate == 0:
		tries = []updateKind{updateNone}
	case sink != nil && dropsUpdateBefore(sink):
		tries = []updateKind{updateOnlyAfter, updateBeforeAndAfter}
	default:
		tries = []updateKind{updateBeforeAndAfter}
	}
	for _, t := range tries {
		if c.visit(root, t) {
			break
		}
	}
	return c
}

func dropsUpdateBefore(s connector.SinkTarget) bool {
	d, ok := s.(UpdateBeforeDropper)
	return ok && d.DropsUpdateBefore()
}

// kindsOf returns what n produces, without recording anything.
func kindsOf(n Node) modifyKinds {
	c := &Changelog{kinds: map[Node]modifyKinds{}}
	return c.modify(n)
}

// modify infers bottom-up what each node produces.
func (c *Changelog) modify(n Node) modifyKinds {
	if k, ok := c.kinds[n]; ok {
		return k
	}
	var ins []modifyKinds
	for _, in := range n.Inputs() {
		ins = append(ins, c.modify(in))
	}
	union := modifyKinds(0)
	for _, k := range ins {
		union |= k
	}
	var k modifyKinds
	switch n := n.(type) {
	case *Scan:
		k = modInsert
		if s, ok := n.Source.(ChangelogSource); ok {
			k = 0
			for _, kind := range s.Kinds() {
				switch kind {
				case stream.Insert:
					k |= modInsert
				case stream.UpdateBefore, stream.UpdateAfter:
					k |= modUpdate
				case stream.Delete:
					k |= modDelete
				}
			}
		}
	case *Values:
		k = modInsert
	case *Aggregate:
		k = modInsert | modUpdate
		if !union.insertOnly() {
			k |= modDelete
		}
	case *Limit:
		k = allChanges
		if union.insertOnly() {
			k = modInsert
		}
	case *Rank:
		k = allChanges
	case *Deduplicate:
		k = allChanges
		if !n.KeepLast && !n.Rowtime {
			k = union
		}
	case *Join:
		switch {
		case n.Interval != nil, n.Window != nil:
			k = modInsert
		case n.Temporal != nil, n.Lookup != nil:
			// A lookup join passes its input's changes through, each
			// joined row keeping its left row's kind.
			k = ins[0]
		case n.Type == InnerJoin || n.Type == SemiJoin:
			k = union
		default:
			k = allChanges
		}
	case *SetOpAll:
		k = allChanges
	default:
		// Calc, Expand, Correlate, window TVF, Union, OVER and temporal
		// sort (both refuse updating input elsewhere), window aggregate:
		// what the inputs produce.
		k = union
	}
	c.kinds[n] = k
	return k
}

func beforeAfterOrNone(k modifyKinds) updateKind {
	if k&modUpdate != 0 {
		return updateBeforeAndAfter
	}
	return updateNone
}

func onlyAfterOrNone(k modifyKinds) updateKind {
	if k&modUpdate != 0 {
		return updateOnlyAfter
	}
	return updateNone
}

// visit satisfies the update kind required of n top-down and records each
// node's mode; it reports false when n cannot provide it. A failed attempt
// may leave records behind: the attempt that succeeds rewrites them all.
func (c *Changelog) visit(n Node, req updateKind) bool {
	k := c.kinds[n]
	provided := req
	switch n := n.(type) {
	case *Scan:
		provided = updateNone
		if k&modUpdate != 0 {
			provided = updateOnlyAfter
			if s, ok := n.Source.(ChangelogSource); ok {
				for _, kind := range s.Kinds() {
					if kind == stream.UpdateBefore {
						provided = updateBeforeAndAfter
					}
				}
			}
		}
		// Flink drops -U of a retracting source for an upsert consumer.
		if provided == updateBeforeAndAfter && req == updateOnlyAfter {
			provided = updateOnlyAfter
		}
	case *Values:
		provided = updateNone
	case *Aggregate:
		if !c.visit(n.Input, beforeAfterOrNone(c.kinds[n.Input])) {
			return false
		}
		n.NoUpdateBefore = req == updateOnlyAfter
	case *Limit, *Over, *WindowAggregate, *Sort, *Deduplicate, *SetOpAll, *Match:
		for _, in := range n.Inputs() {
			if !c.visit(in, beforeAfterOrNone(c.kinds[in])) {
				return false
			}
		}
	case *Rank:
		in := c.kinds[n.Input]
		n.NoUpdateBefore = req == updateOnlyAfter
		n.RowKey = nil
		switch {
		case in.insertOnly():
			n.Strategy = AppendFastStrategy
			if !c.visit(n.Input, updateNone) {
				return false
			}
		case updateFast(n.Input, n.Partition, n.Order) && c.visit(n.Input, updateOnlyAfter):
			n.Strategy = UpdateFastStrategy
			n.RowKey = uniqueKeyCols(n.Input)
		default:
			n.Strategy = RetractStrategy
			if !c.visit(n.Input, updateBeforeAndAfter) {
				return false
			}
		}
	case *Join:
		switch {
		case n.Lookup != nil:
			// Flink forwards the required trait to the input
			// (FlinkChangelogModeInferenceProgram, StreamPhysicalLookupJoin).
			if !c.visit(n.Left, req) {
				return false
			}
			provided = c.update(n.Left)
		case n.Interval != nil, n.Window != nil:
			if !c.visit(n.Left, updateNone) || !c.visit(n.Right, updateNone) {
				return false
			}
		case n.Temporal != nil:
			left := beforeAfterOrNone(c.kinds[n.Left])
			if req == updateOnlyAfter {
				left = onlyAfterOrNone(c.kinds[n.Left])
			}
			if !c.visit(n.Left, left) {
				return false
			}
			if !c.visit(n.Right, onlyAfterOrNone(c.kinds[n.Right])) && !c.visit(n.Right, beforeAfterOrNone(c.kinds[n.Right])) {
				return false
			}
			provided = c.update(n.Left)
		default:
			// Without unique-key analysis no input of a regular join can
			// send +U alone: an upsert consumer falls back to retractions.
			for _, in := range n.Inputs() {
				if req == updateOnlyAfter && c.kinds[in]&modUpdate != 0 {
					return false
				}
				if !c.visit(in, beforeAfterOrNone(c.kinds[in])) {
					return false
				}
			}
		}
	case *Filter:
		// A condition on a column that is not the input's upsert key
		// cannot see the old row without -U (Flink's
		// isNonUpsertKeyCondition); binding keeps no key-only filters
		// above an aggregation, so every filter is such a condition.
		if req == updateOnlyAfter {
			return false
		}
		if !c.visit(n.Input, req) {
			return false
		}
		provided = c.update(n.Input)
	case *Union:
		provided = updateNone
		for _, in := range n.Ins {
			r := req
			if c.kinds[in].insertOnly() {
				r = updateNone
			}
			if !c.visit(in, r) {
				return false
			}
			u := c.update(in)
			switch {
			case u == updateNone:
			case provided == updateNone:
				provided = u
			case provided != u:
				return false
			}
		}
	default:
		// Calc, Expand, Correlate, window TVF: what the input provides.
		for _, in := range n.Inputs() {
			if !c.visit(in, req) {
				return false
			}
		}
		if ins := n.Inputs(); len(ins) > 0 {
			provided = c.update(ins[0])
		}
	}
	if k&modUpdate == 0 {
		provided = updateNone
	} else if provided == updateNone {
		provided = req
	}
	c.modes[n] = modeOf(k, provided)
	return true
}

// update returns the update kind recorded for n by visit.
func (c *Changelog) update(n Node) updateKind {
	m := c.modes[n]
	switch {
	case m.Has(stream.UpdateBefore):
		return updateBeforeAndAfter
	case m.Has(stream.UpdateAfter):
		return updateOnlyAfter
	}
	return updateNone
}

func modeOf(k modifyKinds, u updateKind) ChangelogMode {
	var m ChangelogMode
	if k&modInsert != 0 {
		m |= 1 << stream.Insert
	}
	if k&modUpdate != 0 {
		if u == updateBeforeAndAfter {
			m |= 1 << stream.UpdateBefore
		}
		m |= 1 << stream.UpdateAfter
	}
	if k&modDelete != 0 {
		m |= 1 << stream.Delete
	}
	return m
}
