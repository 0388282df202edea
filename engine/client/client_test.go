package client

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// fakeChanges replays batches of rows, then ends or fails.
type fakeChanges struct {
	schema  types.Schema
	batches [][]change
	err     error // returned after the batches instead of the end of input
	// cancel, when set, is called before batch number cancelAt is returned.
	cancel   func()
	cancelAt int
	next     int
	closed   bool
	b        *stream.Batch
}

type change struct {
	kind stream.Kind
	row  []types.Value
}

func (f *fakeChanges) Next(ctx context.Context) (*stream.Batch, error) {
	if f.cancel != nil && f.next == f.cancelAt {
		f.cancel()
		return nil, ctx.Err()
	}
	if f.next >= len(f.batches) {
		if f.err != nil {
			return nil, f.err
		}
		return nil, stream.ErrEndOfInput
	}
	if f.b == nil {
		f.b = stream.NewBatch(f.schema.Len())
	}
	f.b.Reset()
	for _, c := range f.batches[f.next] {
		f.b.AppendRow(c.kind, c.row)
	}
	f.next++
	return f.b, nil
}

func (f *fakeChanges) Close() error { f.closed = true; return nil }

func str(s string) types.Value { return types.StringValue(s) }
func num(i int64) types.Value  { return types.IntValue(i) }

var null = types.NullValue

func ts(s string) types.Value {
	t, err := time.Parse("2006-01-02 15:04:05.999999999", s)
	if err != nil {
		panic(err)
	}
	ms := t.UnixMilli()
	return types.TimestampValue(ms, int32(t.Nanosecond()%1e6))
}

func schema(cols ...any) types.Schema {
	var s types.Schema
	for i := 0; i < len(cols); i += 2 {
		s.Columns = append(s.Columns, types.Column{Name: cols[i].(string), Type: cols[i+1].(types.Type)})
	}
	return s
}

var (
	groupBySchema = schema("id", types.Int32, "cnt", types.Int64.WithNullable(false),
		"uv", types.Int64.WithNullable(false), "max_ts", types.TimestampOf(9))
	groupByChanges = [][]change{
		{{stream.Insert, []types.Value{num(1), num(1), num(1), ts("2021-04-13 20:12:11.123456789")}}},
		{{stream.Insert, []types.Value{num(2), num(1), num(1), ts("2021-04-13 19:12:11.123456789")}},
			{stream.UpdateBefore, []types.Value{num(2), num(1), num(1), ts("2021-04-13 19:12:11.123456789")}}},
		{{stream.UpdateAfter, []types.Value{num(2), num(2), num(1), ts("2021-04-13 21:12:11.123456789")}}},
	}
	seedSchema = schema("id", types.Int32, "name", types.String)
)

func TestPrint(t *testing.T) {
	sqlClient := Defaults(SQLClient)
	sqlClient.PrintTimeCost = false
	tableResult := Defaults(TableResult)
	timed := Defaults(SQLClient)
	timed.Start = time.Unix(100, 0)
	timed.Now = func() time.Time { return time.Unix(100, 0).Add(1234 * time.Millisecond) }
	syncDML := sqlClient
	syncDML.DMLSync = true
	async := sqlClient
	async.JobID = func() string { return "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6" }
	maxRows := sqlClient
	maxRows.MaxRows = 2
	narrow := sqlClient
	narrow.MaxColumnWidth = 10

	tests := []struct {
		name     string
		res      result
		opts     Options
		want     string
		wantRows int
		wantErr  string
	}{
		{
			name: "success in the SQL client",
			res:  result{kind: engine.ResultSuccess},
			opts: sqlClient,
			want: "[INFO] Execute statement succeeded.\n",
		},
		{
			name: "success in TableResult.print",
			res:  result{kind: engine.ResultSuccess},
			opts: tableResult,
			want: "OK\n",
		},
		{
			name: "info",
			res:  result{kind: engine.ResultInfo, info: "Begin a statement set."},
			opts: sqlClient,
			want: "[INFO] Begin a statement set.\n",
		},
		{
			name: "SHOW TABLES",
			res: result{kind: engine.ResultTable, schema: schema("table name", types.String.WithNullable(false)),
				rows: [][]types.Value{{str("orders")}, {str("v1")}, {str("v2")}}},
			opts:     timed, // static results never print a time cost
			want:     "+------------+\n| table name |\n+------------+\n|     orders |\n|         v1 |\n|         v2 |\n+------------+\n3 rows in set\n",
			wantRows: 3,
		},
		{
			name: "static result with NULL as empty and no width cap",
			res: result{kind: engine.ResultTable, schema: schema("key", types.String, "value", types.String),
				rows: [][]types.Value{{str("k"), null}, {str("a-key-longer-than-ten"), str("v")}}},
			opts:     narrow,
			want:     "+-----------------------+-------+\n|                   key | value |\n+-----------------------+-------+\n|                     k |       |\n| a-key-longer-than-ten |     v |\n+-----------------------+-------+\n2 rows in set\n",
			wantRows: 2,
		},
		{
			name: "empty static result",
			res:  result{kind: engine.ResultTable, schema: schema("view name", types.String)},
			opts: sqlClient,
			want: "Empty set\n",
		},
		{
			name: "streaming GROUP BY (select.q)",
			res:  result{kind: engine.ResultQuery, streaming: true, schema: groupBySchema},
			opts: sqlClient,
			want: `+----+-------------+----------------------+----------------------+-------------------------------+
| op |          id |                  cnt |                   uv |                        max_ts |
+----+-------------+----------------------+----------------------+-------------------------------+
| +I |           1 |                    1 |                    1 | 2021-04-13 20:12:11.123456789 |
| +I |           2 |                    1 |                    1 | 2021-04-13 19:12:11.123456789 |
| -U |           2 |                    1 |                    1 | 2021-04-13 19:12:11.123456789 |
| +U |           2 |                    2 |                    1 | 2021-04-13 21:12:11.123456789 |
+----+-------------+----------------------+----------------------+-------------------------------+
Received a total of 4 rows
`,
			wantRows: 4,
		},
		{
			name: "streaming with no rows keeps the header and drops the closing border",
			res:  result{kind: engine.ResultQuery, streaming: true, schema: seedSchema},
			opts: sqlClient,
			want: `+----+-------------+--------------------------------+
| op |          id |                           name |
+----+-------------+--------------------------------+
Received a total of 0 row
`,
		},
		{
			name: "streaming time cost",
			res:  result{kind: engine.ResultQuery, streaming: true, schema: seedSchema},
			opts: timed,
			want: `+----+-------------+--------------------------------+
| op |          id |                           name |
+----+-------------+--------------------------------+
Received a total of 0 row (1.23 seconds)
`,
		},
		{
			name: "streaming stopped after max rows",
			res:  result{kind: engine.ResultQuery, streaming: true, schema: groupBySchema},
			opts: maxRows,
			want: `+----+-------------+----------------------+----------------------+-------------------------------+
| op |          id |                  cnt |                   uv |                        max_ts |
+----+-------------+----------------------+----------------------+-------------------------------+
| +I |           1 |                    1 |                    1 | 2021-04-13 20:12:11.123456789 |
| +I |           2 |                    1 |                    1 | 2021-04-13 19:12:11.123456789 |
Query terminated, received a total of 2 rows
`,
			wantRows: 2,
		},
		{
			name:     "batch (select_batch.q)",
			res:      result{kind: engine.ResultQuery, schema: schema("id", types.Int32, "cnt", types.Int64, "uv", types.Int64)},
			opts:     sqlClient,
			want:     "+----+-----+----+\n| id | cnt | uv |\n+----+-----+----+\n|  1 |   1 |  1 |\n|  2 |   2 |  1 |\n+----+-----+----+\n2 rows in set\n",
			wantRows: 2,
		},
		{
			name: "batch truncates to the max column width",
			res:  result{kind: engine.ResultQuery, schema: schema("name", types.String, "dob", types.TimestampOf(3), "isHappy", types.Bool)},
			opts: narrow,
			want: "+------------+------------+---------+\n|       name |        dob | isHappy |\n+------------+------------+---------+\n" +
				"| 30b5c1b... | 2001-01... |    TRUE |\n+------------+------------+---------+\n1 row in set\n",
			wantRows: 1,
		},
		{
			name: "empty batch with time cost",
			res:  result{kind: engine.ResultQuery, schema: seedSchema},
			opts: timed,
			want: "Empty set (1.23 seconds)\n",
		},
		{
			name: "TableResult.print streaming",
			res:  result{kind: engine.ResultQuery, streaming: true, schema: seedSchema},
			opts: tableResult,
			want: `+----+-------------+--------------------------------+
| op |          id |                           name |
+----+-------------+--------------------------------+
| +I |   549674300 | ac2be66685e79f7152901d0d61a... |
| +I |      <NULL> |                         <NULL> |
+----+-------------+--------------------------------+
2 rows in set
`,
			wantRows: 2,
		},
		{
			name: "TableResult.print batch",
			res:  result{kind: engine.ResultQuery, schema: seedSchema},
			opts: tableResult,
			want: `+-------------+--------------------------------+
|          id |                           name |
+-------------+--------------------------------+
|   549674300 | ac2be66685e79f7152901d0d61a... |
|      <NULL> |                         <NULL> |
+-------------+--------------------------------+
2 rows in set
`,
			wantRows: 2,
		},
		{
			name: "TableResult.print empty",
			res:  result{kind: engine.ResultQuery, streaming: true, schema: seedSchema},
			opts: tableResult,
			want: "Empty set\n",
		},
		{
			name: "INSERT with table.dml-sync",
			res:  result{kind: engine.ResultInsert, schema: schema("default_catalog.default_database.sink", types.Int64)},
			opts: syncDML,
			want: "[INFO] Complete execution of the SQL update statement.\n",
		},
		{
			name: "INSERT detached",
			res:  result{kind: engine.ResultInsert, schema: schema("default_catalog.default_database.sink", types.Int64)},
			opts: async,
			want: "[INFO] Submitting SQL update statement to the cluster...\n" +
				"[INFO] SQL update statement has been successfully submitted to the cluster:\n" +
				"Job ID: a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6\n\n",
		},
		{
			name: "INSERT in TableResult.print, two sinks",
			res:  result{kind: engine.ResultInsert, schema: schema("a", types.Int64, "b", types.Int64)},
			opts: tableResult,
			want: "-1, -1\n",
		},
		{
			name:    "runtime error keeps what was printed",
			res:     result{kind: engine.ResultQuery, streaming: true, schema: seedSchema},
			opts:    sqlClient,
			want:    "+----+-------------+--------------------------------+\n| op |          id |                           name |\n+----+-------------+--------------------------------+\n",
			wantErr: "boom",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fc := &fakeChanges{schema: tt.res.schema}
			switch {
			case strings.HasPrefix(tt.name, "streaming GROUP BY"), strings.HasPrefix(tt.name, "streaming stopped"):
				fc.batches = groupByChanges
			case strings.HasPrefix(tt.name, "batch (select_batch"):
				fc.batches = [][]change{{{stream.Insert, []types.Value{num(1), num(1), num(1)}}}, {{stream.Insert, []types.Value{num(2), num(2), num(1)}}}}
			case strings.HasPrefix(tt.name, "batch truncates"):
				fc.batches = [][]change{{{stream.Insert, []types.Value{str("30b5c1bb-0ac0-43d3-b812-fcb649fd2b07"), ts("2001-01-13 20:11:11.123"), types.BoolValue(true)}}}}
			case tt.name == "TableResult.print streaming", tt.name == "TableResult.print batch":
				fc.batches = [][]change{{{stream.Insert, []types.Value{num(549674300), str("ac2be66685e79f7152901d0d61a5f3e8c1")}}, {stream.Insert, []types.Value{null, null}}}}
			case strings.HasPrefix(tt.name, "INSERT"):
				fc.batches = [][]change{{}, {}}
			case strings.HasPrefix(tt.name, "runtime error"):
				fc.err = errors.New("boom")
			}
			tt.res.changes = fc
			var buf bytes.Buffer
			rows, err := printTo(context.Background(), &buf, &tt.res, tt.opts)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Errorf("err = %v, want %q", err, tt.wantErr)
				}
			} else if err != nil {
				t.Errorf("err = %v", err)
			}
			if got := buf.String(); got != tt.want {
				t.Errorf("output:\n%s\nwant:\n%s", got, tt.want)
			}
			if rows != tt.wantRows {
				t.Errorf("rows = %d, want %d", rows, tt.wantRows)
			}
			if !fc.closed {
				t.Errorf("result not closed")
			}
			if strings.HasPrefix(tt.name, "INSERT") && fc.next != len(fc.batches) {
				t.Errorf("INSERT not drained: %d of %d batches", fc.next, len(fc.batches))
			}
		})
	}
}

func TestPrintCancelled(t *testing.T) {
	tests := []struct {
		name      string
		streaming bool
		want      string
	}{
		{
			name:      "streaming",
			streaming: true,
			want: `+----+-------------+----------------------+----------------------+-------------------------------+
| op |          id |                  cnt |                   uv |                        max_ts |
+----+-------------+----------------------+----------------------+-------------------------------+
| +I |           1 |                    1 |                    1 | 2021-04-13 20:12:11.123456789 |
| +I |           2 |                    1 |                    1 | 2021-04-13 19:12:11.123456789 |
| -U |           2 |                    1 |                    1 | 2021-04-13 19:12:11.123456789 |
Query terminated, received a total of 3 rows
`,
		},
		{
			name: "batch prints nothing of the rows",
			want: "Query terminated, received a total of 0 row\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			fc := &fakeChanges{schema: groupBySchema, batches: groupByChanges, cancel: cancel, cancelAt: 2}
			o := Defaults(SQLClient)
			o.PrintTimeCost = false
			var buf bytes.Buffer
			_, err := printTo(ctx, &buf, &result{kind: engine.ResultQuery, streaming: tt.streaming, schema: groupBySchema, changes: fc}, o)
			if !errors.Is(err, context.Canceled) {
				t.Errorf("err = %v, want context.Canceled", err)
			}
			if got := buf.String(); got != tt.want {
				t.Errorf("output:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestPrintError(t *testing.T) {
	err := diag.Validation(3, "Unsupported options found for 'datagen'.\n\nUnsupported options:\n\nx")
	tests := []struct {
		name  string
		err   error
		style Style
		want  string
	}{
		{"SQL client", err, SQLClient, "[ERROR] Could not execute SQL statement. Reason:\norg.apache.flink.table.api.ValidationException: Unsupported options found for 'datagen'.\n\nUnsupported options:\n\nx\n"},
		{"TableResult", err, TableResult, "org.apache.flink.table.api.ValidationException: Unsupported options found for 'datagen'.\n\nUnsupported options:\n\nx\n"},
		{"plain Go error", errors.New("disk full"), SQLClient, "[ERROR] Could not execute SQL statement. Reason:\njava.lang.RuntimeException: disk full\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := PrintError(&buf, tt.err, Options{Style: tt.style}); err != nil {
				t.Fatal(err)
			}
			if buf.String() != tt.want {
				t.Errorf("got\n%q\nwant\n%q", buf.String(), tt.want)
			}
		})
	}
}

func TestWithSettings(t *testing.T) {
	shanghai, err := time.LoadLocation("Asia/Shanghai")
	if err != nil {
		t.Skip("no time zone database:", err)
	}
	tests := []struct {
		name     string
		settings map[string]string
		want     Options
	}{
		{"none", nil, Defaults(SQLClient)},
		{"all", map[string]string{
			KeyMaxColumnWidth: "10", KeyPrintTimeCost: "FALSE", KeyDMLSync: "true", KeyLocalTimeZone: "Asia/Shanghai",
		}, Options{MaxColumnWidth: 10, DMLSync: true, Zone: shanghai}},
		{"malformed values are ignored", map[string]string{
			KeyMaxColumnWidth: "ten", KeyPrintTimeCost: "yes", KeyLocalTimeZone: "Mars/Base",
		}, Defaults(SQLClient)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Defaults(SQLClient).WithSettings(func(k string) (string, bool) {
				v, ok := tt.settings[k]
				return v, ok
			})
			if got.MaxColumnWidth != tt.want.MaxColumnWidth || got.PrintTimeCost != tt.want.PrintTimeCost ||
				got.DMLSync != tt.want.DMLSync || got.Zone.String() != tt.want.Zone.String() {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestFormatChangelog(t *testing.T) {
	s := schema("id", types.Int32, "name", types.String, "ok", types.Bool)
	tests := []struct {
		name string
		kind stream.Kind
		row  []types.Value
		want string
	}{
		{"insert", stream.Insert, []types.Value{num(1), str("a"), types.BoolValue(true)}, "+I[1, a, TRUE]"},
		{"nulls", stream.UpdateBefore, []types.Value{null, null, null}, "-U[NULL, NULL, NULL]"},
		{"delete", stream.Delete, []types.Value{num(-5), str(""), types.BoolValue(false)}, "-D[-5, , FALSE]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(FormatChangelog(nil, tt.kind, tt.row, s, time.UTC)); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
