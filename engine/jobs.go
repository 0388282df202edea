package engine

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// JobStatus is a job's state as Flink's JobStatus prints it.
type JobStatus string

// The states a playground job goes through.
const (
	JobRunning  JobStatus = "RUNNING"
	JobFinished JobStatus = "FINISHED"
	JobFailed   JobStatus = "FAILED"
	JobCanceled JobStatus = "CANCELED"
)

// KeyPipelineName is Flink's 'pipeline.name', the name of the next jobs.
const KeyPipelineName = "pipeline.name"

// Job is a submitted INSERT or statement set, as Flink's cluster lists it:
// SHOW JOBS, DESCRIBE JOB and STOP JOB reach it. The SQL client submits
// it and goes on while it runs (table.dml-sync false, Flink's default):
// Run starts it in the background. With table.dml-sync the front end
// drains its Result in the foreground instead; the job records the end
// either way. Its methods may be called from any goroutine.
type Job struct {
	ID        string   // 32 hex digits, as Flink's JobID
	Name      string   // insert-into_<sink>[,<sink>...], or 'pipeline.name'
	Statement string   // the SQL that submitted it
	Sinks     []string // the tables it writes, as catalog.database.table
	Start     time.Time

	res     *Result
	now     func() time.Time
	rowsOut atomic.Int64

	mu     sync.Mutex
	status JobStatus
	end    time.Time
	err    error
	cancel context.CancelFunc
	done   chan struct{}
}

// JobState is a snapshot of a job.
type JobState struct {
	Status  JobStatus
	End     time.Time // zero while running
	Err     error     // the failure of a FAILED job
	RowsIn  int64     // rows its sources have read
	RowsOut int64     // rows it has written
}

// State returns the job's current state.
func (j *Job) State() JobState {
	j.mu.Lock()
	st := JobState{Status: j.status, End: j.end, Err: j.err}
	j.mu.Unlock()
	for _, p := range j.res.Sources(j.now()) {
		st.RowsIn += p.Rows
	}
	st.RowsOut = j.rowsOut.Load()
	return st
}

// Done is closed when the job has ended.
func (j *Job) Done() <-chan struct{} { return j.done }

// finish records the job's end: FINISHED at the end of input, CANCELED
// when it was stopped or its context ended, FAILED otherwise.
func (j *Job) finish(err error, cancelled bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.status != JobRunning {
		return
	}
	switch {
	case err == nil || errors.Is(err, stream.ErrEndOfInput):
		j.status = JobFinished
	case cancelled:
		j.status = JobCanceled
	default:
		j.status, j.err = JobFailed, err
	}
	j.end = j.now()
	close(j.done)
}

// Run runs the job in the background until it ends or Stop stops it.
// yield, when set, is called after every batch, so that a single-threaded
// host (the browser) gets its turn.
func (j *Job) Run(yield func()) {
	ctx, cancel := context.WithCancel(context.Background())
	j.mu.Lock()
	j.cancel = cancel
	j.mu.Unlock()
	go func() {
		defer cancel()
		defer func() {
			if r := recover(); r != nil {
				j.res.Close()
				j.finish(diag.Errorf(diag.NoPos, diag.RuntimeException, "%v", r), false)
			}
		}()
		for {
			_, err := j.res.Next(ctx)
			if err != nil {
				if !errors.Is(err, stream.ErrEndOfInput) {
					j.res.Close()
				}
				j.finish(err, ctx.Err() != nil)
				return
			}
			if yield != nil {
				yield()
			}
		}
	}()
}

// Stop cancels a running job, as STOP JOB without a savepoint does; it
// returns when the job has ended.
func (j *Job) Stop() {
	j.mu.Lock()
	cancel := j.cancel
	j.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	<-j.done
}

// newJobID returns a random JobID's hex string.
func newJobID() string {
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], rand.Uint64())
	binary.LittleEndian.PutUint64(b[8:], rand.Uint64())
	return hex.EncodeToString(b[:])
}

// jobs is a session's registry of the jobs it submitted.
type jobs struct {
	mu   sync.Mutex
	list []*Job
}

func (js *jobs) add(j *Job) {
	js.mu.Lock()
	js.list = append(js.list, j)
	js.mu.Unlock()
}

// Jobs returns the jobs the session submitted, oldest first.
func (s *Session) Jobs() []*Job {
	s.jobs.mu.Lock()
	defer s.jobs.mu.Unlock()
	return append([]*Job(nil), s.jobs.list...)
}

// Job returns the job with the given id.
func (s *Session) Job(id string) *Job {
	for _, j := range s.Jobs() {
		if strings.EqualFold(j.ID, id) {
			return j
		}
	}
	return nil
}

// StopJobs stops every running job (the CLI on Ctrl-C, a page reset).
func (s *Session) StopJobs() {
	for _, j := range s.Jobs() {
		if j.State().Status == JobRunning {
			j.Stop()
		}
	}
}

// newJob registers the job of an INSERT result: it is RUNNING from now
// until its Result ends.
func (s *Session) newJob(res *Result, sinks []string) *Job {
	name := "insert-into_" + strings.Join(sinks, ",")
	if v, ok := s.settings[KeyPipelineName]; ok {
		name = v
	}
	now := s.clockNow
	j := &Job{ID: newJobID(), Name: name, Statement: s.stmtText, Sinks: sinks, Start: now(), res: res, now: now,
		status: JobRunning, done: make(chan struct{})}
	next := res.next
	res.next = func(ctx context.Context) (*stream.Batch, error) {
		b, err := next(ctx)
		if err != nil {
			j.finish(err, ctx.Err() != nil)
			return b, err
		}
		j.rowsOut.Add(int64(b.Len()))
		return b, nil
	}
	res.Job = j
	s.jobs.add(j)
	return j
}

// jobColumns are the columns of SHOW JOBS and DESCRIBE JOB.
var jobColumns = []types.Column{
	{Name: "job id", Type: types.String},
	{Name: "job name", Type: types.String},
	{Name: "status", Type: types.String},
	{Name: "start time", Type: types.Type{Kind: types.TimestampLTZ, Precision: 6}},
}

func jobRow(j *Job) []types.Value {
	return []types.Value{types.StringValue(j.ID), types.StringValue(j.Name),
		types.StringValue(string(j.State().Status)), types.TimestampValue(j.Start.UnixMilli(), 0)}
}

// execShowJobs is SHOW JOBS.
func (s *Session) execShowJobs() *Result {
	var rows [][]types.Value
	for _, j := range s.Jobs() {
		rows = append(rows, jobRow(j))
	}
	return tableResult(jobColumns, rows)
}

// execDescribeJob is DESCRIBE JOB 'id'.
func (s *Session) execDescribeJob(st *sql.DescribeJob) (*Result, error) {
	j := s.Job(st.ID)
	if j == nil {
		return nil, diag.Errorf(st.Pos, diag.SqlExecutionException, "Described job %s does not exist in the cluster.", st.ID)
	}
	return tableResult(jobColumns, [][]types.Value{jobRow(j)}), nil
}

// execStopJob is STOP JOB 'id' [WITH SAVEPOINT [WITH DRAIN]]: a cancel,
// with Flink's errors for an id that does not parse, a job the cluster
// does not know and one that has ended. The playground takes no
// savepoints.
func (s *Session) execStopJob(st *sql.StopJob) (*Result, error) {
	if bad, ok := badHexPair(st.ID); ok {
		return nil, diag.Errorf(st.Pos, diag.NumberFormatException, "For input string: \"%s\" under radix 16", bad)
	}
	if len(st.ID)/2 != 16 {
		return nil, diag.Errorf(st.Pos, diag.IllegalArgument, "Argument bytes must by an array of 16 bytes")
	}
	id := strings.ToLower(st.ID[:32])
	j := s.Job(id)
	if j == nil {
		return nil, diag.Errorf(st.Pos, "org.apache.flink.runtime.messages.FlinkJobNotFoundException", "Could not find Flink job (%s)", id)
	}
	if st.Savepoint {
		if j.State().Status != JobRunning {
			return nil, diag.Errorf(st.Pos, "org.apache.flink.runtime.messages.FlinkJobNotFoundException", "Could not find Flink job (%s)", id)
		}
		if s.IsBatch() {
			return nil, diag.Errorf(st.Pos, diag.IllegalState, "Job %s is not a streaming job.", id)
		}
		if _, ok := s.settings["execution.checkpointing.savepoint-dir"]; ok {
			return nil, diag.Errorf(st.Pos, diag.UnsupportedOperation, "STOP JOB WITH SAVEPOINT statements are not supported by the playground: it keeps no checkpoints.")
		}
		return nil, diag.Errorf(st.Pos, diag.IllegalState, "No savepoint directory configured. You can either specify a directory via configure a cluster-wide default via key 'execution.checkpointing.savepoint-dir' or specify a directory in the command line, like -s :targetDirectory for cancelling, -p :targetDirectory for stopping or :targetDirectory for purely taking savepoint.")
	}
	if status := j.State().Status; status != JobRunning {
		return nil, diag.Errorf(st.Pos, "org.apache.flink.runtime.messages.FlinkJobTerminatedWithoutCancellationException",
			"Flink job (%s) was not canceled, but instead %s.", id, status)
	}
	j.Stop()
	return &Result{Kind: ResultSuccess}, nil
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// badHexPair is the first two-digit group Integer.parseInt(_, 16)
// rejects, as StringUtils.hexStringToByte reads them (a last odd digit is
// not read).
func badHexPair(s string) (string, bool) {
	for i := 0; i+2 <= len(s); i += 2 {
		if !isHex(s[i : i+2]) {
			return s[i : i+2], true
		}
	}
	return "", false
}
