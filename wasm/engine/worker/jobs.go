package worker

import (
	"bytes"
	"sync"
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/client"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// jobWatch follows the session's background jobs for the Jobs panel: while
// one runs it sends the list with its progress every ProgressInterval,
// and the lines the print connector wrote; it sends it once more when the
// last one ends.
type jobWatch struct {
	mu      sync.Mutex
	sess    *engine.Session // the session the jobs belong to
	running bool            // the ticker goroutine runs
}

// startJob runs j in the background and makes sure the panel follows it.
func (w *Worker) startJob(j *engine.Job) {
	// A busy job gives the host its turn, as a query does.
	j.Run(w.maybeYield)
	w.jobs.mu.Lock()
	w.jobs.sess = w.sess
	start := !w.jobs.running
	w.jobs.running = true
	w.jobs.mu.Unlock()
	w.emitJobs()
	if start {
		go w.watchJobs()
	}
}

// watchJobs ticks while any job of the session runs.
func (w *Worker) watchJobs() {
	for {
		time.Sleep(w.o.ProgressInterval)
		if lines := w.out.take(); len(lines) > 0 {
			w.emit(protocol.Message{Type: protocol.TypeOutput, Lines: lines})
		}
		running := w.emitJobs()
		if running == 0 {
			w.jobs.mu.Lock()
			// A job may have started since the snapshot.
			if w.countRunning() == 0 {
				w.jobs.running = false
				w.jobs.mu.Unlock()
				return
			}
			w.jobs.mu.Unlock()
		}
	}
}

func (w *Worker) countRunning() int {
	sess := w.jobs.sess
	if sess == nil {
		return 0
	}
	n := 0
	for _, j := range sess.Jobs() {
		if j.State().Status == engine.JobRunning {
			n++
		}
	}
	return n
}

// emitJobs sends the job list and returns how many jobs run.
func (w *Worker) emitJobs() int {
	w.jobs.mu.Lock()
	sess := w.jobs.sess
	w.jobs.mu.Unlock()
	msg := protocol.Message{Type: protocol.TypeJobs, Jobs: []protocol.Job{}}
	running := 0
	if sess != nil {
		for _, j := range sess.Jobs() {
			pj := jobInfo(j)
			if pj.Running {
				running++
			}
			msg.Jobs = append(msg.Jobs, pj)
		}
	}
	w.emit(msg)
	return running
}

func jobInfo(j *engine.Job) protocol.Job {
	st := j.State()
	pj := protocol.Job{ID: j.ID, Name: j.Name, Statement: j.Statement, Status: string(st.Status),
		StartMs: j.Start.UnixMilli(), RowsIn: st.RowsIn, RowsOut: st.RowsOut, Running: st.Status == engine.JobRunning}
	if !st.End.IsZero() {
		pj.EndMs = st.End.UnixMilli()
	}
	if st.Err != nil {
		var b bytes.Buffer
		client.PrintError(&b, st.Err, client.Defaults(client.SQLClient))
		pj.Error = b.String()
	}
	return pj
}

// stopJob is the Jobs panel's Stop: STOP JOB for one job.
func (w *Worker) stopJob(id string) {
	w.jobs.mu.Lock()
	sess := w.jobs.sess
	w.jobs.mu.Unlock()
	if sess != nil {
		if j := sess.Job(id); j != nil && j.State().Status == engine.JobRunning {
			j.Stop()
		}
	}
	w.emitJobs()
}

// dropJobs stops the jobs of the session being replaced (a reset).
func (w *Worker) dropJobs() {
	w.jobs.mu.Lock()
	sess := w.jobs.sess
	w.jobs.sess = nil
	w.jobs.mu.Unlock()
	if sess != nil {
		sess.StopJobs()
		w.emitJobs()
	}
}
