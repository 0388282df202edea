package physical

import (
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/ops"
	"github.com/flinkplay/flinkplay/engine/plan"
	"github.com/flinkplay/flinkplay/engine/runtime"
	"github.com/flinkplay/flinkplay/engine/stream"
)

// Settings is what building a job reads of its session.
type Settings struct {
	// Options are the session's SET options, keys as written.
	Options map[string]string
	// Batch is 'execution.runtime-mode' = 'batch'.
	Batch bool
}

// Job turns the logical plans of one job (a query, or the INSERTs of a
// statement set) into runnable pipelines of operators: Flink's physical
// planning and translation to transformations, in one step. A Job is
// used for one statement, by one goroutine.
type Job struct {
	set Settings
	// meters collects the source meters of the job's pipelines.
	meters []*runtime.SourceMeter
	// shared holds the sources that several scans of the job read
	// (Flink's source reuse), by scan digest; readers counts the scans
	// of each digest in the job.
	shared  map[string]*runtime.Shared
	readers map[string]int
	// scans counts the sources made per digest: a table scanned twice
	// without reuse gets two independent random streams, even seeded.
	scans map[string]int
	// graph is the job's operator graph; heads, for each pipeline, the
	// nodes that feed its next stage (graph.go). scanNodes is the node of
	// each shared source, by scan digest.
	graph     *runtime.Graph
	trace     *stream.TraceLog
	stepper   *runtime.Stepper
	heads     map[*runtime.Pipeline][]int
	scanNodes map[string]int
	// mb is the mini-batch of the pipeline being built (minibatch.go),
	// nil when it runs record by record.
	mb *miniBatch
}

// NewJob starts building a job of the plans under roots: unless source
// reuse is off, it counts the scans of each table, so that a table read
// twice is read once.
func NewJob(set Settings, roots ...plan.Node) (*Job, error) {
	j := &Job{set: set}
	if err := j.prepare(roots...); err != nil {
		return nil, err
	}
	return j, nil
}

// Meters returns the meters of the sources built so far, which progress
// reports read.
func (j *Job) Meters() []*runtime.SourceMeter { return j.meters }

// Build translates the plan under root into a runnable pipeline, whose
// sources may run pipelines of their own, all sharing one state limit.
func (j *Job) Build(n plan.Node, env connector.Env) (*runtime.Pipeline, error) {
	if err := j.checkStateTTL(); err != nil {
		return nil, err
	}
	limit, err := j.stateLimit()
	if err != nil {
		return nil, err
	}
	if j.mb, err = j.miniBatchOf(n); err != nil {
		return nil, err
	}
	defer func() { j.mb = nil }()
	return j.buildPipe(n, env, limit)
}

// buildPipe builds one pipeline of a job.
func (j *Job) buildPipe(n plan.Node, env connector.Env, limit *runtime.StateLimit) (*runtime.Pipeline, error) {
	p := &runtime.Pipeline{Clock: env.Clock, State: limit}
	if err := j.buildInto(p, n, env); err != nil {
		return nil, err
	}
	return p, nil
}

// KeyStateTTL is Flink's 'table.exec.state.ttl'.
const KeyStateTTL = "table.exec.state.ttl"

// checkStateTTL validates 'table.exec.state.ttl' before a job is built.
func (j *Job) checkStateTTL() error {
	if v, ok := j.set.Options[KeyStateTTL]; ok {
		if _, err := connector.ParseDuration(KeyStateTTL, v); err != nil {
			return err
		}
	}
	return nil
}

// stateTTL returns the state TTL for one stateful operator of a streaming
// job, or nil when state never expires (the default, 0 ms) or in batch mode.
func (j *Job) stateTTL(env connector.Env) *ops.StateTTL {
	v, ok := j.set.Options[KeyStateTTL]
	if !ok || j.set.Batch {
		return nil
	}
	d, err := connector.ParseDuration(KeyStateTTL, v)
	if err != nil || d <= 0 {
		return nil
	}
	return &ops.StateTTL{TTL: d, Now: env.Clock.Now}
}

// stateLimit reads 'playground.state.max-rows'.
func (j *Job) stateLimit() (*runtime.StateLimit, error) {
	v, ok := j.set.Options[runtime.KeyStateMaxRows]
	if !ok {
		return &runtime.StateLimit{Max: runtime.DefaultStateMaxRows}, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return nil, diag.Errorf(diag.NoPos, diag.IllegalArgument, "Could not parse value '%s' for key '%s'.", v, runtime.KeyStateMaxRows)
	}
	return &runtime.StateLimit{Max: n}, nil
}

func (j *Job) exprCtx(env connector.Env) expr.Ctx {
	return expr.Ctx{Zone: env.Zone, Now: env.Clock.Now(), Clock: env.Clock.Now, Streaming: !j.set.Batch}
}

// KeyReuseSource is Flink's 'table.optimizer.reuse-source-enabled'.
const KeyReuseSource = "table.optimizer.reuse-source-enabled"

// prepare resets the source meters and, unless source reuse is off,
// counts the scans of each table.
func (j *Job) prepare(roots ...plan.Node) error {
	j.meters, j.shared, j.readers, j.scans = nil, map[string]*runtime.Shared{}, map[string]int{}, map[string]int{}
	if v, ok := j.set.Options[KeyReuseSource]; ok {
		on, err := connector.ParseBool(KeyReuseSource, v)
		if err != nil {
			return err
		}
		if !on {
			return nil
		}
	}
	var count func(plan.Node)
	count = func(n plan.Node) {
		if sc, ok := n.(*plan.Scan); ok && sc.Digest != "" {
			j.readers[sc.Digest]++
		}
		for _, in := range n.Inputs() {
			count(in)
		}
	}
	for _, r := range roots {
		count(r)
	}
	return nil
}

// scanSource makes the runtime source of a scan, metered; a table that
// other scans of the job read too is read once, through a tap.
func (j *Job) scanSource(n *plan.Scan, env connector.Env) (stream.Source, int, error) {
	if j.scans == nil {
		j.scans, j.shared = map[string]int{}, map[string]*runtime.Shared{}
	}
	if j.scanNodes == nil {
		j.scanNodes = map[string]int{}
	}
	if sh, ok := j.shared[n.Digest]; ok {
		return sh.Tap(), j.scanNodes[n.Digest], nil
	}
	if i := j.scans[n.Digest]; i > 0 {
		env.Seed ^= int64(i) * 0x5851f42d4c957f2d // another scan, another random stream
	}
	j.scans[n.Digest]++
	src, err := n.Source.Create(env)
	if err != nil {
		return nil, 0, err
	}
	m := &runtime.SourceMeter{Table: n.ID.Object}
	if pc, ok := n.Source.(connector.Paced); ok {
		if key, rate, ok := pc.Pace(); ok {
			m.PaceKey, m.PaceRate = key, rate
		}
	}
	j.meters = append(j.meters, m)
	metered := runtime.Meter(runtime.Stepped(src, j.Stepper()), m)
	text := explainLine(n)
	node := j.graphOf().Add(kindOf(text), text, nil, nil, m)
	if j.readers[n.Digest] < 2 {
		return metered, node, nil
	}
	sh := runtime.NewShared(metered, n.Table.Physical().Len()+len(n.Metadata))
	j.shared[n.Digest] = sh
	j.scanNodes[n.Digest] = node
	return sh.Tap(), node, nil
}
