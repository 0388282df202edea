package engine

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// TestStartTimeRepeatsWithTheRealClock runs the same script in two fresh
// sessions on the real clock, seeded and with a start time given as the
// session's defaults (as the browser does for an embed): the rows are equal,
// timestamps included, and the source's pacing sleep really happened.
func TestStartTimeRepeatsWithTheRealClock(t *testing.T) {
	const table = `CREATE TABLE t (id INT, ts TIMESTAMP(3), lt TIMESTAMP_LTZ(3), pt AS PROCTIME()) WITH (
  'connector' = 'datagen', 'number-of-rows' = '2', 'rows-per-second' = '1')`
	run := func() [][]types.Value {
		seed := int64(11)
		s := NewSession(Config{Zone: time.UTC})
		s.SetDefaults(&seed, "2024-01-01 00:00:00.5")
		mustExec(t, s, table)
		began := time.Now()
		_, rows := drain(t, mustExec(t, s, "SELECT id, ts, lt, pt FROM t"))
		// One row per second: the second row waited for its turn.
		if took := time.Since(began); took < 900*time.Millisecond {
			t.Errorf("the query took %v; its source did not pace itself", took)
		}
		return rows
	}
	first, second := run(), run()
	if !reflect.DeepEqual(first, second) {
		t.Fatalf("two runs differ:\n%v\n%v", first, second)
	}
	start := time.Date(2024, 1, 1, 0, 0, 0, 5e8, time.UTC).UnixMilli()
	for i, row := range first {
		want := start + int64(i)*1000 // the second burst is exactly one virtual second later
		for c := 1; c < 4; c++ {
			if row[c].I != want {
				t.Errorf("row %d column %d: %d ms, want %d (start time + %d s)", i, c, row[c].I, want, i)
			}
		}
	}
}

// TestStartTimeSettings checks where a start time comes from and how a bad
// one is reported.
func TestStartTimeSettings(t *testing.T) {
	tests := []struct {
		name     string
		defaults string   // the session's default start time
		stmts    []string // run before the query
		want     string   // ts of the first row, or the query's error
		wantErr  bool
	}{
		{name: "default applies", defaults: "2020-05-06 07:08:09", want: "2020-05-06 07:08:09.000"},
		{name: "SET wins over the default", defaults: "2020-05-06 07:08:09",
			stmts: []string{"SET 'playground.start-time' = '2024-01-01 00:00:00'"}, want: "2024-01-01 00:00:00.000"},
		{name: "RESET returns to the default", defaults: "2020-05-06 07:08:09",
			stmts: []string{"SET 'playground.start-time' = '2024-01-01 00:00:00'", "RESET 'playground.start-time'"},
			want:  "2020-05-06 07:08:09.000"},
		{name: "local time zone", stmts: []string{"SET 'table.local-time-zone' = 'GMT+02:00'",
			"SET 'playground.start-time' = '2024-01-01 00:00:00'"}, want: "2023-12-31 22:00:00.000"},
		{name: "none: the session's clock", want: "2026-01-01 00:00:00.000"},
		{name: "bad default fails the query", defaults: "soon", wantErr: true,
			want: diag.IllegalArgument + ": Could not parse value 'soon' for key 'playground.start-time'."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestSession(t)
			s.SetDefaults(s.cfg.Seed, tt.defaults)
			mustExec(t, s, "CREATE TABLE t (ts TIMESTAMP(3)) WITH ('connector' = 'datagen', 'number-of-rows' = '1')")
			for _, st := range tt.stmts {
				mustExec(t, s, st)
			}
			res, err := s.Execute(context.Background(), "SELECT ts FROM t")
			if tt.wantErr {
				e, ok := diag.As(err)
				if !ok || e.Reason() != tt.want {
					t.Fatalf("error %v, want %s", err, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			_, rows := drain(t, res)
			if got := types.FormatValue(rows[0][0], types.TimestampOf(3), time.UTC); got != tt.want {
				t.Errorf("ts = %s, want %s", got, tt.want)
			}
		})
	}
}
