package physical

import (
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/ops"
	"github.com/flinkplay/flinkplay/engine/plan"
	"github.com/flinkplay/flinkplay/engine/runtime"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Flink's mini-batch options (ExecutionConfigOptions) and the aggregation
// phase strategy (OptimizerConfigOptions).
const (
	KeyMiniBatchEnabled = "table.exec.mini-batch.enabled"
	KeyMiniBatchLatency = "table.exec.mini-batch.allow-latency"
	KeyMiniBatchSize    = "table.exec.mini-batch.size"
	KeyAggPhaseStrategy = "table.optimizer.agg-phase-strategy"
)

// miniBatch is how a streaming job runs in mini-batches: nil when
// 'table.exec.mini-batch.enabled' is false (the default) or in batch mode.
type miniBatch struct {
	interval     int64 // 'allow-latency' in milliseconds, > 0
	size         int64 // 'size'; <= 0 when unset, which fails an operator that needs it
	onePhaseOnly bool  // 'table.optimizer.agg-phase-strategy' = 'ONE_PHASE'
	modes        map[*plan.Scan]string
}

// miniBatchOf reads the mini-batch options for the plans under roots. As
// Flink's StreamCommonSubGraphBasedOptimizer, a latency that is not
// positive fails planning when mini-batch is on.
func (j *Job) miniBatchOf(roots ...plan.Node) (*miniBatch, error) {
	if j.set.Batch {
		return nil, nil
	}
	on, err := j.boolSetting(KeyMiniBatchEnabled)
	if err != nil || !on {
		return nil, err
	}
	mb := &miniBatch{}
	if v, ok := j.set.Options[KeyMiniBatchLatency]; ok {
		d, err := connector.ParseDuration(KeyMiniBatchLatency, v)
		if err != nil {
			return nil, err
		}
		mb.interval = d.Milliseconds()
	}
	if mb.interval <= 0 {
		return nil, diag.Errorf(diag.NoPos, diag.IllegalArgument, "MiniBatch Latency must be greater than 0 ms.")
	}
	mb.size = -1
	if v, ok := j.set.Options[KeyMiniBatchSize]; ok {
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil {
			return nil, diag.Errorf(diag.NoPos, diag.IllegalArgument, "Could not parse value '%s' for key '%s'.", v, KeyMiniBatchSize)
		}
		mb.size = n
	}
	switch v := strings.ToUpper(strings.TrimSpace(j.set.Options[KeyAggPhaseStrategy])); v {
	case "", "AUTO", "TWO_PHASE":
	case "ONE_PHASE":
		mb.onePhaseOnly = true
	default:
		return nil, diag.Errorf(diag.NoPos, diag.IllegalArgument, "Could not parse value '%s' for key '%s'.", j.set.Options[KeyAggPhaseStrategy], KeyAggPhaseStrategy)
	}
	mb.modes = plan.MiniBatchModes(roots...)
	return mb, nil
}

// boolSetting reads a boolean option as Flink does: true or false, any case.
func (j *Job) boolSetting(key string) (bool, error) {
	v, ok := j.set.Options[key]
	if !ok {
		return false, nil
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, diag.Errorf(diag.NoPos, diag.IllegalArgument, "Could not parse value '%s' for key '%s'.", v, key)
}

// sizeOrFail is MinibatchUtil.miniBatchSize: an operator that buffers a
// mini-batch needs a positive 'table.exec.mini-batch.size'.
func (mb *miniBatch) sizeOrFail() (int64, error) {
	if mb.size <= 0 {
		return 0, diag.Errorf(diag.NoPos, diag.IllegalArgument,
			"Key: '%s' , default: -1 (fallback keys: []) must be > 0.", KeyMiniBatchSize)
	}
	return mb.size, nil
}

// aggPhases says how a group aggregation runs under mini-batch: in two
// phases when Flink's TwoStageOptimizedAggregateRule splits it, else in
// one. unsupported is set when Flink would split it into phases this
// engine does not run (DISTINCT, FILTER, LISTAGG and the other mergeable
// aggregates besides COUNT, SUM, SUM0 and AVG, and MIN and MAX over an
// updating input).
func (mb *miniBatch) aggPhases(n *plan.Aggregate) (twoPhase, unsupported bool) {
	if mb.onePhaseOnly || !plan.PartialMerge(n) {
		return false, false
	}
	retract := plan.Updating(n.Input)
	for _, a := range n.Aggs {
		if !ops.Mergeable(ops.AggFunc{Name: a.Name, Arg: a.Arg, Distinct: a.Distinct, MoreArgs: a.MoreArgs,
			Filtered: a.Filtered, Retracting: retract}) {
			return true, true
		}
	}
	return true, false
}

// unsupportedTwoPhase is the error for an aggregation Flink splits into
// phases this engine cannot run.
func unsupportedTwoPhase() error {
	e := diag.Errorf(diag.NoPos, diag.TableException,
		"Under mini-batch, Flink runs this aggregation in two phases (local and global), which the playground runs only for COUNT, SUM, AVG and, over an insert-only input, MIN and MAX, without DISTINCT or FILTER.")
	e.Note = "Set 'table.optimizer.agg-phase-strategy' = 'ONE_PHASE' to run it in one phase, as Flink then does, or turn mini-batch off."
	return e
}

// buildMiniBatchAgg adds the stages of a group aggregation under
// mini-batch: a LocalGroupAgg and a GlobalGroupAgg, or a
// MiniBatchGroupAgg.
func (j *Job) buildMiniBatchAgg(p *runtime.Pipeline, n *plan.Aggregate, g *ops.GroupAgg) error {
	size, err := j.mb.sizeOrFail()
	if err != nil {
		return err
	}
	in := n.Input.Schema()
	var keyTypes []types.Type
	for _, k := range n.Keys {
		keyTypes = append(keyTypes, in.Columns[k].Type)
	}
	two, unsupported := j.mb.aggPhases(n)
	if unsupported {
		return unsupportedTwoPhase()
	}
	if !two {
		p.Stages = append(p.Stages, runtime.Stage{Op: &ops.MiniBatchGroupAgg{Agg: g, KeyTypes: keyTypes, Size: size}, Width: n.Out.Len()})
		return nil
	}
	local := &ops.GroupAgg{Keys: g.Keys, Aggs: g.Aggs, Ctx: g.Ctx}
	keys := make([]int, len(n.Keys))
	for i := range keys {
		keys[i] = i
	}
	global := &ops.GroupAgg{Keys: keys, Aggs: g.Aggs, Ctx: g.Ctx, TTL: g.TTL, NoUpdateBefore: g.NoUpdateBefore}
	p.Stages = append(p.Stages,
		runtime.Stage{Op: &ops.LocalGroupAgg{Agg: local, KeyTypes: keyTypes, Size: size}, Width: ops.PartialWidth(len(n.Keys), len(n.Aggs))},
		runtime.Stage{Op: &ops.GlobalGroupAgg{Agg: global, KeyTypes: keyTypes, Size: size, Retracting: plan.Updating(n.Input)}, Width: n.Out.Len()})
	return nil
}

// checkAggs fails for an aggregation under root that Flink splits into
// phases this engine does not run, so that EXPLAIN prints no plan the job
// would not be.
func (mb *miniBatch) checkAggs(root plan.Node) error {
	var err error
	var walk func(n plan.Node)
	walk = func(n plan.Node) {
		if a, ok := n.(*plan.Aggregate); ok && err == nil {
			if _, unsupported := mb.aggPhases(a); unsupported {
				err = unsupportedTwoPhase()
			}
		}
		for _, in := range n.Inputs() {
			walk(in)
		}
	}
	walk(root)
	return err
}
