package state

import (
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// JobsNewestFirst is the Jobs panel's order.
func (m *Model) JobsNewestFirst() []protocol.Job {
	out := make([]protocol.Job, len(m.Jobs))
	for i, j := range m.Jobs {
		out[len(m.Jobs)-1-i] = j
	}
	return out
}

// RunningJobs counts the jobs that run.
func (m *Model) RunningJobs() int {
	n := 0
	for _, j := range m.Jobs {
		if j.Running {
			n++
		}
	}
	return n
}

// JobRows is a job's progress line: "read 12,000 rows (6,000 rows/s) ·
// wrote 12,000 rows", the rate over the time it ran or runs (for a
// Nexmark job, its events per second).
func JobRows(j protocol.Job, now time.Time) string {
	s := "read " + Count(j.RowsIn) + " rows"
	end := now
	if j.EndMs > 0 {
		end = time.UnixMilli(j.EndMs)
	}
	if d := end.Sub(time.UnixMilli(j.StartMs)); d >= 100*time.Millisecond && j.RowsIn > 0 {
		s += " (" + Count(int64(float64(j.RowsIn)/d.Seconds()+0.5)) + " rows/s)"
	}
	return s + " · wrote " + Count(j.RowsOut) + " rows"
}

// JobTime says when a job started and how long it ran or runs.
func JobTime(j protocol.Job, now time.Time) string {
	start := time.UnixMilli(j.StartMs)
	end := now
	if j.EndMs > 0 {
		end = time.UnixMilli(j.EndMs)
	}
	d := end.Sub(start).Round(100 * time.Millisecond)
	if d < 0 {
		d = 0
	}
	verb := "running for "
	if !j.Running {
		verb = "ran "
	}
	return "started " + start.Format("15:04:05") + " · " + verb + d.String()
}

// JobStatement is the first line of a job's statement, for its title.
func JobStatement(j protocol.Job) string {
	s := strings.TrimSpace(j.Statement)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	return s
}
