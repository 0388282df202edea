package app

import (
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
	"github.com/flinkplay/flinkplay/web/state"
)

// SideJobs is the Jobs panel: the session's INSERT jobs, which run in the
// background as Flink's SQL client submits them.
const SideJobs = "jobs"

// JobActions are what the Jobs panel does.
type JobActions interface {
	// StopJob stops a running job, as STOP JOB 'id' does.
	StopJob(id string)
}

// ShowsJobs reports whether the Jobs panel is shown.
func (c *Root) ShowsJobs() bool { return c.side() == SideJobs }

// ShowsCatalog reports whether the catalog panel is shown.
func (c *Root) ShowsCatalog() bool { return c.side() == SideCatalog }

// JobsTab is the Jobs tab's label, with the number of running jobs.
func (c *Root) JobsTab() string {
	if n := c.Model.RunningJobs(); n > 0 {
		return "Jobs (" + strconv.Itoa(n) + ")"
	}
	return "Jobs"
}

// JobList is the jobs, newest first.
func (c *Root) JobList() []protocol.Job { return c.Model.JobsNewestFirst() }

// JobClass marks a job by its status.
func (c *Root) JobClass(j protocol.Job) string { return "job " + strings.ToLower(j.Status) }

// JobRows and JobTime are a job's progress and times.
func (c *Root) JobRows(j protocol.Job) string { return state.JobRows(j, c.now()) }
func (c *Root) JobTime(j protocol.Job) string { return state.JobTime(j, c.now()) }

// JobStatement is the first line of its statement.
func (c *Root) JobStatement(j protocol.Job) string { return state.JobStatement(j) }
