package physical

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/plan"
)

// withAdvice adds the advice of Flink's streaming plan analyzers to the
// physical plan of EXPLAIN PLAN_ADVICE. Of the two, GroupAggregationAnalyzer
// applies here: a group aggregation whose every aggregate merges partial
// results could run in two phases (local, then global), which Flink
// enables with mini-batch; the node is marked advice=[1] and the advice
// follows the plan. NonDeterministicUpdateAnalyzer has nothing to say on
// the playground's plans; without advice the plan ends with "No available
// advice...".
func (j *Job) withAdvice(physical string, roots []plan.Node) string {
	var targets []string
	// With mini-batch on and two phases allowed, Flink's rule has split
	// every such aggregation already: no GroupAggregate is left to advise.
	mb, _ := j.miniBatchOf(roots...)
	if !j.set.Batch && (mb == nil || mb.onePhaseOnly) {
		seen := map[plan.Node]bool{}
		var walk func(n plan.Node)
		walk = func(n plan.Node) {
			if seen[n] {
				return
			}
			seen[n] = true
			if a, ok := n.(*plan.Aggregate); ok && twoPhaseCapable(a) {
				targets = append(targets, explainLine(a))
			}
			// an aggregation under the projection that names its columns
			// prints with those names
			if p, ok := n.(*plan.Project); ok {
				if a, ok := plan.RenamedAggregate(p).(*plan.Aggregate); ok && twoPhaseCapable(a) {
					targets = append(targets, explainLine(a))
				}
			}
			for _, in := range n.Inputs() {
				walk(in)
			}
		}
		for _, r := range roots {
			walk(r)
		}
	}
	if len(targets) == 0 {
		return physical + "\nNo available advice...\n"
	}
	for _, t := range targets {
		marked := strings.Replace(t, "GroupAggregate(", "GroupAggregate(advice=[1], ", 1)
		physical = strings.ReplaceAll(physical, t, marked)
	}
	return physical + "\nadvice[1]: [ADVICE] " + j.twoPhaseAdvice() + "\n"
}

// twoPhaseCapable reports whether every aggregate of a merges partial
// results (Flink's AggregateUtil.doAllSupportPartialMerge, plan.PartialMerge).
func twoPhaseCapable(a *plan.Aggregate) bool {
	return len(a.Aggs) > 0 && plan.PartialMerge(a)
}

// twoPhaseAdvice is GroupAggregationAnalyzer's text: the options still to
// set for the local-global optimization.
func (j *Job) twoPhaseAdvice() string {
	var tune []string
	if strings.EqualFold(j.set.Options[KeyAggPhaseStrategy], "ONE_PHASE") {
		tune = append(tune, "'table.optimizer.agg-phase-strategy' to 'AUTO'")
	}
	if !strings.EqualFold(j.set.Options[KeyMiniBatchEnabled], "true") {
		tune = append(tune, "'table.exec.mini-batch.enabled' to 'true'")
	}
	if !positiveDuration(j.set.Options[KeyMiniBatchLatency]) {
		tune = append(tune, "'table.exec.mini-batch.allow-latency' to a positive long value")
	}
	if n, err := strconv.ParseInt(strings.TrimSpace(j.set.Options[KeyMiniBatchSize]), 10, 64); err != nil || n <= 0 {
		tune = append(tune, "'table.exec.mini-batch.size' to a positive long value")
	}
	return fmt.Sprintf("You might want to enable local-global two-phase optimization by configuring (%s).", strings.Join(tune, ", "))
}

// positiveDuration reports whether a duration option is set above zero.
func positiveDuration(v string) bool {
	v = strings.TrimSpace(v)
	if v == "" {
		return false
	}
	i := 0
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	n, err := strconv.ParseInt(v[:i], 10, 64)
	return err == nil && n > 0
}
