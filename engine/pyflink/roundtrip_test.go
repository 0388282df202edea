package pyflink

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/client"
	"github.com/flinkplay/flinkplay/engine/enginetest"
	"github.com/flinkplay/flinkplay/engine/export"
	"github.com/flinkplay/flinkplay/engine/vfs"
	"github.com/flinkplay/flinkplay/web/state"
)

// exportDiffers are the export test scripts whose program, by design,
// does not print what the script does, with why.
var exportDiffers = map[string]string{
	"mode_change.sql": "a TableEnvironment keeps its runtime mode: the program fails where the SQL client switches to batch",
	"playground.sql":  "SET lists the SQL client's session table; the program prints its TableConfig's Configuration, {key=value}",
}

// roundTripRows cuts each unbounded query of the round trip.
const roundTripRows = 20

// TestExportRoundTrip runs every gallery example's "Run on Flink" PyFlink
// export here and checks that it prints what its SQL prints: each query,
// SHOW, DESCRIBE and EXPLAIN as TableResult.print() shows it, in order,
// with the print connector's lines of the INSERTs the program waits for. An
// example about errors must fail where its SQL first fails, with the same
// Java text in PyFlink's exception.
func TestExportRoundTrip(t *testing.T) {
	var cases []state.Example
	for _, ex := range state.Examples {
		if !ex.Python { // a PyFlink example is its own export
			cases = append(cases, ex)
		}
	}
	// and the export's own test scripts
	files, _ := filepath.Glob("../export/testdata/*.sql")
	for _, f := range files {
		if exportDiffers[filepath.Base(f)] != "" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, state.Example{Name: filepath.Base(f), SQL: string(b)})
	}
	for _, ex := range cases {
		t.Run(ex.Name, func(t *testing.T) {
			py, err := export.PyFlink(ex.SQL, export.Options{})
			if err != nil {
				t.Fatalf("export: %v", err)
			}
			got := normalizeJobs(runProgramClock(t, "program.py", py, roundTripRows, enginetest.NewVirtualClock(enginetest.Epoch)))
			want, firstErr := sqlOutput(t, ex.SQL)
			want = normalizeJobs(want)
			if firstErr != "" {
				if !strings.Contains(got, firstErr) || !strings.Contains(got, "Traceback (most recent call last):") {
					t.Errorf("the program should fail with %q; it printed:\n%s", firstErr, got)
				}
				got = got[:strings.Index(got, "Traceback (most recent call last):")]
			}
			if got != want {
				t.Errorf("the program printed:\n%s\nthe SQL printed:\n%s\nprogram:\n%s", got, want, py)
			}
		})
	}
}

// sqlOutput runs a script's statements on a session configured as the
// programs' are, printing what a PyFlink program prints for each; it
// stops at the first error and returns its Java text.
func sqlOutput(t *testing.T, script string) (string, string) {
	t.Helper()
	var out strings.Builder
	seed := int64(42)
	sess := engine.NewSession(engine.Config{Seed: &seed, Zone: time.UTC, StartTime: "2024-01-01 00:00:00",
		Stdout: &out, Stderr: &out, FS: vfs.NewMem(), Clock: enginetest.NewVirtualClock(enginetest.Epoch)})
	defer sess.StopJobs()
	spans, err := engine.Split(script)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, sp := range spans {
		res, err := sess.ExecuteAt(ctx, script, sp)
		if err != nil {
			var b strings.Builder
			client.PrintError(&b, err, client.Options{Style: client.TableResult})
			return out.String(), strings.TrimSpace(b.String())
		}
		switch res.Kind {
		case engine.ResultSuccess, engine.ResultInfo:
			continue
		case engine.ResultInsert:
			// the program waits for its job
			for {
				if _, err := res.Next(ctx); err != nil {
					if !errors.Is(err, context.Canceled) && !strings.Contains(err.Error(), "end of input") {
						var b strings.Builder
						client.PrintError(&b, err, client.Options{Style: client.TableResult})
						return out.String(), strings.TrimSpace(b.String())
					}
					break
				}
			}
			continue
		}
		o := client.Defaults(client.TableResult)
		o.MaxRows = roundTripRows
		o = o.ForSession(sess)
		if _, err := client.Print(ctx, &out, res, o); err != nil {
			t.Fatalf("%s: %v", script[sp.Start:sp.End], err)
		}
	}
	return out.String(), ""
}

var (
	jobIDs     = regexp.MustCompile(`[0-9a-f]{32}`)
	startTimes = regexp.MustCompile(`\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}`)
)

// normalizeJobs blanks what differs between two runs of one script: job
// ids and the wall-clock start times SHOW JOBS lists.
func normalizeJobs(s string) string {
	return startTimes.ReplaceAllString(jobIDs.ReplaceAllString(s, "<job id>"), "<start time>")
}
