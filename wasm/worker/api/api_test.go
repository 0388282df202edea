package api

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// seed is the playground's seed example.
const seed = `CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen');
SELECT * FROM MySource;
`

// noCost turns off the time cost in footers, so outputs compare exactly.
const noCost = "SET 'sql-client.display.print-time-cost' = 'false';\n"

type call struct {
	method, path, ctype, accept, body string
}

func do(t testing.TB, h http.Handler, c call) *httptest.ResponseRecorder {
	t.Helper()
	if c.method == "" {
		c.method = http.MethodPost
	}
	req := httptest.NewRequest(c.method, c.path, strings.NewReader(c.body))
	if c.ctype != "" {
		req.Header.Set("Content-Type", c.ctype)
	}
	if c.accept != "" {
		req.Header.Set("Accept", c.accept)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func runJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// errorOf decodes a JSON error answer.
func errorOf(t testing.TB, rec *httptest.ResponseRecorder) errorBody {
	t.Helper()
	var e errorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Error == nil {
		t.Fatalf("not a JSON error (%v): %s", err, rec.Body)
	}
	return e
}

func TestEndpoints(t *testing.T) {
	h := New(Options{Version: "test"})
	tests := []struct {
		name   string
		call   call
		status int
		ctype  string
		want   []string // substrings of the body
	}{
		{"health", call{method: "GET", path: "/api/health"}, 200, "application/json", []string{`"status":"ok"`, `"version":"test"`, `"maxRows":10000`}},
		{"connectors", call{method: "GET", path: "/api/connectors"}, 200, "application/json", []string{`"name":"datagen"`, `"key":"rows-per-second"`, `"name":"print"`}},
		{"functions", call{method: "GET", path: "/api/functions"}, 200, "application/json", []string{`"CONCAT"`, `"UPPER"`}},
		{"health by HEAD", call{method: "HEAD", path: "/api/health"}, 200, "application/json", nil},
		{"run by GET", call{method: "GET", path: "/api/run"}, 405, "application/json", []string{"method GET not allowed"}},
		{"health by POST", call{method: "POST", path: "/api/health"}, 405, "application/json", nil},
		{"unknown endpoint", call{method: "GET", path: "/api/nope"}, 404, "application/json", []string{"no such endpoint: /api/nope"}},
		{"preflight", call{method: "OPTIONS", path: "/api/run"}, 204, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := do(t, h, tt.call)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if got := rec.Header().Get("Content-Type"); !strings.HasPrefix(got, tt.ctype) {
				t.Errorf("Content-Type %q, want %q", got, tt.ctype)
			}
			for _, w := range tt.want {
				if !strings.Contains(rec.Body.String(), w) {
					t.Errorf("body lacks %q:\n%s", w, rec.Body)
				}
			}
			checkSecurityHeaders(t, rec.Header())
		})
	}
}

func checkSecurityHeaders(t testing.TB, h http.Header) {
	t.Helper()
	for k, want := range map[string]string{
		"Content-Security-Policy": APIPolicy,
		"X-Content-Type-Options":  "nosniff",
		"X-Frame-Options":         "DENY",
		"Cache-Control":           "no-store",
	} {
		if got := h.Get(k); got != want {
			t.Errorf("%s: %q, want %q", k, got, want)
		}
	}
}

// TestRunText checks that the tableau text is what Flink's SQL client
// prints for the same script, limits aside.
func TestRunText(t *testing.T) {
	h := New(Options{})
	tests := []struct {
		name, path, ctype, body, want string
	}{
		{
			name:  "static results and a bounded batch query",
			path:  "/api/run?mode=batch",
			ctype: "text/plain",
			body:  noCost + "SHOW CATALOGS;\nSELECT 1 + 1 AS two, 'a' AS s;",
			want: `[INFO] Execute statement succeeded.

+-----------------+
|    catalog name |
+-----------------+
| default_catalog |
+-----------------+
1 row in set

+-----+---+
| two | s |
+-----+---+
|   2 | a |
+-----+---+
1 row in set
`,
		},
		{
			name:  "seeded datagen cut at maxRows",
			path:  "/api/run?seed=7&maxRows=2",
			ctype: "text/plain; charset=utf-8",
			body: noCost + `CREATE TABLE t (id INT) WITH ('connector' = 'datagen', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '9');
SELECT id FROM t;
SELECT 1;`,
			want: `[INFO] Execute statement succeeded.

[INFO] Execute statement succeeded.

+----+-------------+
| op |          id |
+----+-------------+
| +I |           1 |
| +I |           2 |
Query terminated, received a total of 2 rows
[WARNING] The playground API stopped the run at its limit of 2 rows per request (maxRows, FLINKPLAY_MAX_ROWS); the query had more. 1 more statement did not run.
`,
		},
		{
			name:  "JSON body",
			path:  "/api/run",
			ctype: "application/json",
			body:  runJSON(t, RunRequest{SQL: noCost + "SELECT 'x' AS c;", Mode: "batch"}),
			want: `[INFO] Execute statement succeeded.

+---+
| c |
+---+
| x |
+---+
1 row in set
`,
		},
		{
			name:  "a failure after rows streamed is in-band",
			path:  "/api/run",
			ctype: "text/plain",
			body:  noCost + "SELECT 1 AS x;\nSELECT nope FROM nowhere;",
			want: `[INFO] Execute statement succeeded.

+----+-------------+
| op |           x |
+----+-------------+
| +I |           1 |
+----+-------------+
Received a total of 1 row

[ERROR] Could not execute SQL statement. Reason:
org.apache.calcite.sql.validate.SqlValidatorException: Object 'nowhere' not found
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := do(t, h, call{path: tt.path, ctype: tt.ctype, body: tt.body})
			if rec.Code != 200 {
				t.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
			if got := rec.Header().Get("Content-Type"); got != ContentTypeText {
				t.Errorf("Content-Type %q", got)
			}
			if got := rec.Body.String(); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
			checkSecurityHeaders(t, rec.Header())
		})
	}
}

// lines decodes an NDJSON answer.
func lines(t testing.TB, body string) []Line {
	t.Helper()
	var out []Line
	sc := bufio.NewScanner(strings.NewReader(body))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l Line
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		out = append(out, l)
	}
	return out
}

func kinds(ls []Line) string {
	var k []string
	for _, l := range ls {
		k = append(k, fmt.Sprintf("%d:%s", l.Stmt, l.Kind))
	}
	return strings.Join(k, " ")
}

func TestRunNDJSON(t *testing.T) {
	h := New(Options{})
	tests := []struct {
		name, body string
		kinds      string
		check      func(t *testing.T, ls []Line)
	}{
		{
			name:  "seed example cut at maxRows",
			body:  runJSON(t, map[string]any{"sql": seed, "seed": 42, "maxRows": 3}),
			kinds: "0:success 1:query 1:change 1:change 1:change 1:end 1:limit",
			check: func(t *testing.T, ls []Line) {
				q := ls[1]
				if len(q.Columns) != 2 || q.Columns[0].Name != "id" || q.Columns[0].Type != "INT" || !q.Streaming || q.Bounded {
					t.Errorf("query line %+v", q)
				}
				ch := ls[2]
				if ch.Op != "+I" || len(ch.Row) != 2 || ch.Row[0] == nil || len(*ch.Row[1]) != 100 {
					t.Errorf("change %+v: want +I, an id and 100 hex characters uncut", ch)
				}
				if end := ls[5]; *end.Count != 3 || end.Footer != "Query terminated, received a total of 3 rows" {
					t.Errorf("end %+v", end)
				}
				if l := ls[6]; l.Limit != "maxRows" || !strings.Contains(l.Text, "3 rows per request") {
					t.Errorf("limit %+v", l)
				}
			},
		},
		{
			name:  "static table, nulls and a batch query",
			body:  runJSON(t, RunRequest{SQL: "SHOW DATABASES;\nSELECT CAST(NULL AS INT) AS n, 'b' AS s;", Mode: "batch"}),
			kinds: "0:table 1:query 1:change 1:end",
			check: func(t *testing.T, ls []Line) {
				if r := ls[0].Rows; len(r) != 1 || *r[0][0] != "default_database" {
					t.Errorf("table rows %v", r)
				}
				if ch := ls[2]; ch.Row[0] != nil || *ch.Row[1] != "b" {
					t.Errorf("change %+v", ch)
				}
				if end := ls[3]; end.Footer != "1 row in set" {
					t.Errorf("footer %q", end.Footer)
				}
			},
		},
		{
			name: "print connector lines",
			body: runJSON(t, RunRequest{SQL: `CREATE TABLE src (id INT) WITH ('connector' = 'datagen', 'number-of-rows' = '2', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '2');
CREATE TABLE sink (id INT) WITH ('connector' = 'print');
INSERT INTO sink SELECT id FROM src;`}),
			kinds: "0:success 1:success 2:insert 2:print 2:print",
			check: func(t *testing.T, ls []Line) {
				if ls[3].Line != "+I[1]" || ls[4].Line != "+I[2]" {
					t.Errorf("print lines %q %q", ls[3].Line, ls[4].Line)
				}
				if !strings.Contains(ls[2].Text, "[INFO] Submitting SQL update statement to the cluster...") {
					t.Errorf("insert text %q", ls[4].Text)
				}
			},
		},
		{
			name:  "a failure after rows streamed is in-band",
			body:  runJSON(t, RunRequest{SQL: "SELECT 1;\nSELECT x FROM nowhere;"}),
			kinds: "0:query 0:change 0:end 1:error",
			check: func(t *testing.T, ls []Line) {
				e := ls[3].Error
				if e.Line != 2 || e.Col != 15 || !strings.Contains(e.Message, "'nowhere' not found") {
					t.Errorf("error %+v", e)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := do(t, h, call{path: "/api/run", ctype: "application/json", accept: "application/x-ndjson", body: tt.body})
			if rec.Code != 200 {
				t.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
			if got := rec.Header().Get("Content-Type"); got != ContentTypeNDJSON {
				t.Errorf("Content-Type %q", got)
			}
			ls := lines(t, rec.Body.String())
			if got := kinds(ls); got != tt.kinds {
				t.Fatalf("kinds %s, want %s\n%s", got, tt.kinds, rec.Body)
			}
			tt.check(t, ls)
		})
	}
}

func TestRunBadInput(t *testing.T) {
	h := New(Options{Limits: Limits{MaxBodyBytes: 200, MaxStatements: 3}})
	tests := []struct {
		name      string
		call      call
		status    int
		class     string
		msg       string // substring of the message
		line, col int
		stmt      int // index of the failing statement, -1 when none
		output    string
	}{
		{"malformed JSON", call{ctype: "application/json", body: `{"sql": "SELECT 1"`}, 400, "java.lang.IllegalArgumentException", "JSON body is malformed", 0, 0, -1, ""},
		{"unknown JSON field", call{ctype: "application/json", body: `{"query": "SELECT 1"}`}, 400, "", `unknown field "query"`, 0, 0, -1, ""},
		{"two JSON values", call{ctype: "application/json", body: `{"sql": "SELECT 1"} {}`}, 400, "", "data after its object", 0, 0, -1, ""},
		{"form encoded", call{ctype: "application/x-www-form-urlencoded", body: "SELECT 1"}, 415, "", "--data-binary", 0, 0, -1, ""},
		{"unknown mode", call{path: "/api/run?mode=micro", body: "SELECT 1"}, 400, "", `Unknown mode "micro"`, 0, 0, -1, ""},
		{"bad seed", call{path: "/api/run?seed=x", body: "SELECT 1"}, 400, "", "seed", 0, 0, -1, ""},
		{"bad maxRows", call{path: "/api/run?maxRows=-1", body: "SELECT 1"}, 400, "", "maxRows", 0, 0, -1, ""},
		{"oversized body", call{body: "SELECT '" + strings.Repeat("x", 300) + "'"}, 413, "", "at most 200", 0, 0, -1, ""},
		{"not UTF-8", call{body: "SELECT '\xff'"}, 400, "", "UTF-8", 0, 0, -1, ""},
		{"empty script", call{body: "  -- nothing\n"}, 400, "org.apache.flink.table.api.SqlParserException", "no statement", 0, 0, -1, ""},
		{"too many statements", call{body: "SELECT 1;\nSELECT 2;\nSELECT 3;\nSELECT 4;"}, 413, "flinkplay.PlaygroundLimitException", "at most 3", 4, 1, -1, ""},
		// Flink reads SELEC as an expression, a query, and fails after it.
		{"syntax error in a later statement", call{body: "CREATE TABLE t (id INT) WITH ('connector' = 'datagen');\nSELEC 1;"}, 400, "", "", 2, 7, -1, ""},
		{"unknown table before any query", call{body: "SHOW TABLES;\nSELECT * FROM nowhere;"}, 400, "org.apache.calcite.sql.validate.SqlValidatorException", "Object 'nowhere' not found", 2, 15, 1, "Empty set\n\n"},
		{"unknown connector option", call{body: "CREATE TABLE t (id INT) WITH ('connector' = 'datagen', 'rows-per-secnd' = '1');\nSELECT * FROM t;"}, 400, "org.apache.flink.table.api.ValidationException", "Unsupported options found for 'datagen'", 0, 0, 1, "[INFO] Execute statement succeeded.\n\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.call.path == "" {
				tt.call.path = "/api/run"
			}
			rec := do(t, h, tt.call)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if got := rec.Header().Get("Content-Type"); got != "application/json; charset=utf-8" {
				t.Errorf("Content-Type %q", got)
			}
			checkSecurityHeaders(t, rec.Header())
			e := errorOf(t, rec)
			if tt.class != "" && e.Error.Class != tt.class {
				t.Errorf("class %q, want %q", e.Error.Class, tt.class)
			}
			if !strings.Contains(e.Error.Message, tt.msg) {
				t.Errorf("message %q lacks %q", e.Error.Message, tt.msg)
			}
			if tt.line != 0 && (e.Error.Line != tt.line || e.Error.Col != tt.col) {
				t.Errorf("at %d:%d, want %d:%d", e.Error.Line, e.Error.Col, tt.line, tt.col)
			}
			if !strings.HasPrefix(e.Error.Text, "[ERROR] Could not execute SQL statement. Reason:\n") {
				t.Errorf("text %q", e.Error.Text)
			}
			if tt.stmt >= 0 && (e.Statement == nil || *e.Statement != tt.stmt) {
				t.Errorf("statement %v, want %d", e.Statement, tt.stmt)
			}
			if e.Output != tt.output {
				t.Errorf("output %q, want %q", e.Output, tt.output)
			}
		})
	}
}

// TestRunLimits checks that unbounded work ends at the step and output
// limits, with a trailer that names the limit.
func TestRunLimits(t *testing.T) {
	filterAll := `CREATE TABLE t (id INT) WITH ('connector' = 'datagen');
SELECT id FROM t WHERE id IS NULL;`
	tests := []struct {
		name   string
		limits Limits
		body   string
		accept string
		want   *regexp.Regexp
	}{
		{"steps end a query that returns nothing", Limits{MaxSteps: 50}, filterAll, "",
			regexp.MustCompile(`Query terminated, received a total of 0 row \([0-9.]+ seconds\)\n\[WARNING\] .*limit of 50 engine steps per request \(FLINKPLAY_MAX_STEPS\)\.\n$`)},
		{"steps in NDJSON", Limits{MaxSteps: 50}, filterAll, "application/x-ndjson",
			regexp.MustCompile(`"kind":"end","count":0,"footer":"Query terminated, received a total of 0 row"}\n.*"kind":"limit".*"limit":"maxSteps"`)},
		{"output bytes", Limits{MaxOutputBytes: 2000}, seed, "",
			regexp.MustCompile(`(?s)^\[INFO\] Execute statement succeeded\.\n\n\+----.*\| \+I \|.*\n\[WARNING\] .*limit of 2000 output bytes per request`)},
		{"rows of an unbounded INSERT into print", Limits{MaxRows: 5}, `CREATE TABLE s (id INT) WITH ('connector' = 'datagen');
CREATE TABLE p (id INT) WITH ('connector' = 'print');
INSERT INTO p SELECT id FROM s;`, "",
			regexp.MustCompile(`(?s)Job ID: [0-9a-f]{32}\n\n(\+I\[-?[0-9]+\]\n){5}\[WARNING\] .*limit of 5 rows per request`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := New(Options{Limits: tt.limits})
			rec := do(t, h, call{path: "/api/run", ctype: "text/plain", accept: tt.accept, body: tt.body})
			if rec.Code != 200 {
				t.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
			if !tt.want.MatchString(rec.Body.String()) {
				t.Errorf("body does not match %s:\n%s", tt.want, rec.Body)
			}
			if tt.limits.MaxOutputBytes > 0 && int64(rec.Body.Len()) > tt.limits.MaxOutputBytes+300 {
				t.Errorf("body has %d bytes for a limit of %d", rec.Body.Len(), tt.limits.MaxOutputBytes)
			}
		})
	}
}

// TestConcurrentRuns runs 20 scripts at once: every run has its own session,
// and each must see exactly its own rows.
func TestConcurrentRuns(t *testing.T) {
	h := New(Options{})
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := 10 + i
			body := runJSON(t, map[string]any{"sql": seed, "seed": i, "maxRows": n})
			rec := do(t, h, call{path: "/api/run", ctype: "application/json", accept: "application/x-ndjson", body: body})
			if rec.Code != 200 {
				errs <- fmt.Errorf("run %d: status %d", i, rec.Code)
				return
			}
			changes := strings.Count(rec.Body.String(), `"kind":"change"`)
			if changes != n {
				errs <- fmt.Errorf("run %d: %d changes, want %d", i, changes, n)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestFromEnv(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		want    func(l *Limits)
		wantErr string
	}{
		{"defaults", nil, func(*Limits) {}, ""},
		{"overrides", map[string]string{EnvMaxRows: "50", EnvMaxSteps: " 7 ", EnvMaxBodyBytes: "1024"},
			func(l *Limits) { l.MaxRows, l.MaxSteps, l.MaxBodyBytes = 50, 7, 1024 }, ""},
		{"not a number", map[string]string{EnvMaxStatements: "ten"}, nil, "FLINKPLAY_MAX_STATEMENTS"},
		{"zero", map[string]string{EnvMaxOutputBytes: "0"}, nil, "positive"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FromEnv(func(k string) string { return tt.env[k] })
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := DefaultLimits()
			tt.want(&want)
			if got != want {
				t.Errorf("got %+v, want %+v", got, want)
			}
		})
	}
}
