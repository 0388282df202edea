package engine

import (
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/types"
)

func realSession(t *testing.T) *Session {
	t.Helper()
	return NewSession(Config{Zone: time.UTC})
}

func jobsTable(t *testing.T, s *Session, stmt string) [][]string {
	t.Helper()
	r := mustExec(t, s, stmt)
	var out [][]string
	for _, row := range r.Rows {
		var cells []string
		for i, v := range row {
			cells = append(cells, types.FormatValue(v, r.Schema.Columns[i].Type, time.UTC))
		}
		out = append(out, cells)
	}
	return out
}

// Jobs run in the background side by side with an interactive query; SHOW
// JOBS and DESCRIBE JOB list them with Flink's columns; STOP JOB cancels a
// running one promptly and refuses one that has ended, with Flink's
// messages (Flink 1.20's OperationExecutor and the runtime's exceptions).
func TestBackgroundJobs(t *testing.T) {
	s := realSession(t)
	mustExec(t, s, "CREATE TABLE src (id BIGINT) WITH ('connector' = 'datagen')")
	mustExec(t, s, "CREATE TABLE fin (id BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '10')")
	mustExec(t, s, "CREATE TABLE snk (id BIGINT) WITH ('connector' = 'blackhole')")
	a := mustExec(t, s, "INSERT INTO snk SELECT * FROM src")
	b := mustExec(t, s, "INSERT INTO snk SELECT * FROM src")
	a.Job.Run(nil)
	b.Job.Run(nil)

	// An interactive query runs while both jobs do.
	_, rows := drain(t, mustExec(t, s, "SELECT * FROM fin"))
	if len(rows) != 10 {
		t.Fatalf("the query gave %d rows", len(rows))
	}
	if got := jobsTable(t, s, "SHOW JOBS"); len(got) != 2 || got[0][0] != a.Job.ID || got[0][1] != "insert-into_default_catalog.default_database.snk" || got[0][2] != "RUNNING" {
		t.Fatalf("SHOW JOBS = %v", got)
	}
	if got := mustExec(t, s, "SHOW JOBS").Schema.Names(); strings.Join(got, ",") != "job id,job name,status,start time" {
		t.Errorf("SHOW JOBS columns %v", got)
	}

	for deadline := time.Now().Add(5 * time.Second); a.Job.State().RowsOut == 0; {
		if time.Now().After(deadline) {
			t.Fatal("the job wrote nothing in 5 s")
		}
		time.Sleep(time.Millisecond)
	}
	start := time.Now()
	mustExec(t, s, "STOP JOB '"+a.Job.ID+"'")
	if d := time.Since(start); d > time.Second {
		t.Errorf("STOP JOB took %v", d)
	}
	if got := jobsTable(t, s, "DESCRIBE JOB '"+a.Job.ID+"'"); got[0][2] != "CANCELED" {
		t.Errorf("DESCRIBE JOB = %v", got)
	}
	if st := a.Job.State(); st.RowsIn == 0 || st.RowsOut == 0 {
		t.Errorf("a stopped job read %d and wrote %d rows", st.RowsIn, st.RowsOut)
	}
	_, err := s.Execute(t.Context(), "STOP JOB '"+a.Job.ID+"'")
	if err == nil || err.Error() != "1:1: Flink job ("+a.Job.ID+") was not canceled, but instead CANCELED." {
		t.Errorf("stopping a stopped job: %v", err)
	}
	s.StopJobs()
	if st := b.Job.State(); st.Status != JobCanceled {
		t.Errorf("StopJobs left %s", st.Status)
	}

	// A bounded job finishes on its own.
	f := mustExec(t, s, "INSERT INTO snk SELECT * FROM fin")
	f.Job.Run(nil)
	select {
	case <-f.Job.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("a 10-row job did not end")
	}
	if st := f.Job.State(); st.Status != JobFinished || st.RowsOut != 10 {
		t.Errorf("finished job: %+v", st)
	}
}

// table.dml-sync: the front end drains the result; the job records the end.
func TestForegroundJob(t *testing.T) {
	s := realSession(t)
	mustExec(t, s, "CREATE TABLE fin (id BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '3')")
	mustExec(t, s, "CREATE TABLE snk (id BIGINT) WITH ('connector' = 'blackhole')")
	r := mustExec(t, s, "INSERT INTO snk SELECT * FROM fin")
	drain(t, r)
	if st := r.Job.State(); st.Status != JobFinished || st.RowsOut != 3 {
		t.Errorf("foreground job: %+v", st)
	}
}

func TestStopJobErrors(t *testing.T) {
	s := realSession(t)
	for stmt, want := range map[string]string{
		"STOP JOB 'abc'":  "Argument bytes must by an array of 16 bytes",
		"STOP JOB 'zz11'": `For input string: "zz" under radix 16`,
		"STOP JOB '0123456789abcdef0123456789abcdef'":            "Could not find Flink job (0123456789abcdef0123456789abcdef)",
		"STOP JOB '0123456789abcdef0123456789abcdef' WITH DRAIN": "WITH DRAIN could only be used after WITH SAVEPOINT.",
		"DESCRIBE JOB 'nope'":                                    "Described job nope does not exist in the cluster.",
	} {
		_, err := s.Execute(t.Context(), stmt)
		if err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%s: %v, want %q", stmt, err, want)
		}
	}
}
