package enginetest

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/client"
	"github.com/flinkplay/flinkplay/engine/vfs"
)

// NexmarkDir holds Nexmark's Flink SQL scripts (ddl_gen.sql, ddl_views.sql
// and q0.sql ... q23.sql), outside the repository; tests and benchmarks
// skip without it.
const NexmarkDir = "../../../shared/nexmark/queries"

// NexmarkCEPDir holds Nexmark's MATCH_RECOGNIZE queries, with the same
// generator table and views.
const NexmarkCEPDir = "../../../shared/nexmark/queries-cep"

// NexmarkParams fill the ${...} placeholders of Nexmark's scripts, as
// Nexmark's runner fills them from its nexmark.yaml.
type NexmarkParams struct {
	Events                int64  // ${EVENTS_NUM}
	TPS                   int64  // ${TPS}: first-event.rate and next-event.rate
	Person, Auction, Bid  int    // the proportions
	FlinkHome, OutputHome string // ${FLINK_HOME} (q13's side input) and ${NEXMARK_DIR} (q10's output)
}

// DefaultNexmarkParams are Nexmark's defaults (nexmark.yaml: 10 million
// events/s, proportions 1:3:46) with n events.
func DefaultNexmarkParams(n int64, dir string) NexmarkParams {
	return NexmarkParams{Events: n, TPS: 10_000_000, Person: 1, Auction: 3, Bid: 46,
		FlinkHome: filepath.Join(dir, "flink"), OutputHome: filepath.Join(dir, "nexmark")}
}

// NexmarkQueries lists the queries of dir (q0, q1, ... q23), in number
// order.
func NexmarkQueries(dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "q*.sql"))
	var qs []string
	for _, f := range files {
		qs = append(qs, strings.TrimSuffix(filepath.Base(f), ".sql"))
	}
	sort.Slice(qs, func(i, j int) bool {
		a, _ := strconv.Atoi(strings.TrimPrefix(qs[i], "q"))
		b, _ := strconv.Atoi(strings.TrimPrefix(qs[j], "q"))
		return a < b
	})
	return qs
}

// NexmarkScript is what Nexmark submits for a query: the generator table,
// the person/auction/bid views and the query's own script, with the
// placeholders filled.
func NexmarkScript(dir, query string, p NexmarkParams) (string, error) {
	var b strings.Builder
	for _, f := range []string{"ddl_gen.sql", "ddl_views.sql", query + ".sql"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			return "", err
		}
		b.Write(data)
		b.WriteString("\n;\n")
	}
	r := strings.NewReplacer(
		"${TPS}", strconv.FormatInt(p.TPS, 10),
		"${EVENTS_NUM}", strconv.FormatInt(p.Events, 10),
		"${PERSON_PROPORTION}", strconv.Itoa(p.Person),
		"${AUCTION_PROPORTION}", strconv.Itoa(p.Auction),
		"${BID_PROPORTION}", strconv.Itoa(p.Bid),
		"${NEXMARK_TABLE}", "datagen",
		"${FLINK_HOME}", filepath.ToSlash(p.FlinkHome),
		"${NEXMARK_DIR}", filepath.ToSlash(p.OutputHome),
		"${SUBMIT_TIME}", "run",
	)
	return r.Replace(b.String()), nil
}

// WriteNexmarkSideInput writes q13's side input under home/data, as
// Nexmark's SideInputGenerator does (rows "i,i" for i below n).
func WriteNexmarkSideInput(home string, n int) error {
	if err := os.MkdirAll(filepath.Join(home, "data"), 0o755); err != nil {
		return err
	}
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%d,%d\n", i, i)
	}
	return os.WriteFile(filepath.Join(home, "data", "side_input.txt"), []byte(b.String()), 0o644)
}

// NexmarkRun is the outcome of one query.
type NexmarkRun struct {
	Events   int64         // events the generator made
	Rows     int64         // rows the job wrote
	Duration time.Duration // from the INSERT's submission to the job's end
	Err      error         // the first statement that failed, if one did
}

// RunNexmark runs a Nexmark script statement by statement on a fresh
// session that reads and writes the real file system, each INSERT to its
// end in the foreground (table.dml-sync), and reports the last job.
func RunNexmark(ctx context.Context, script string) NexmarkRun {
	seed := Seed
	sess := engine.NewSession(engine.Config{Zone: time.UTC, Seed: &seed, Stdout: io.Discard, Stderr: io.Discard, FS: vfs.OS{}})
	defer sess.StopJobs()
	o := client.Defaults(client.SQLClient)
	var run NexmarkRun
	var start time.Time
	steps := sess.ExecuteScript(ctx, script, engine.ScriptOptions{Before: func(*engine.Step) context.Context {
		start = time.Now()
		return nil
	}})
	for step := range steps {
		if step.Err != nil {
			run.Err = step.Err
			return run
		}
		res := step.Result
		job := res.Job
		if _, err := client.Print(ctx, io.Discard, res, o); err != nil {
			run.Err = err
			return run
		}
		if job != nil {
			<-job.Done()
			st := job.State()
			run.Duration = st.End.Sub(start)
			if d := time.Since(start); run.Duration <= 0 || d < run.Duration {
				run.Duration = d
			}
			run.Events, run.Rows, run.Err = st.RowsIn, st.RowsOut, st.Err
			if run.Err != nil {
				return run
			}
		}
	}
	return run
}
