package export

import (
	"bufio"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/web/state"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden with the actual output")

// goldenCase is one script exported in both formats.
type goldenCase struct {
	name   string // the golden files are testdata/<name>.py.golden and .sql.golden
	script string
	o      Options
}

// goldenCases returns the scripts of testdata/*.sql and every example of
// the playground's gallery, so a new example is exported as soon as it exists.
func goldenCases(t testing.TB) []goldenCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*.sql"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []goldenCase
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, goldenCase{name: strings.TrimSuffix(filepath.Base(f), ".sql"), script: string(b)})
	}
	cases = append(cases, goldenCase{name: "seed_default_batch", script: state.SeedSQL, o: Options{Batch: true}})
	nonWord := regexp.MustCompile(`[^a-z0-9]+`)
	for _, ex := range state.Examples {
		if ex.Python {
			continue // already a PyFlink program: the export is the program
		}
		slug := strings.Trim(nonWord.ReplaceAllString(strings.ToLower(ex.Name), "_"), "_")
		cases = append(cases, goldenCase{name: "gallery_" + slug, script: ex.SQL})
	}
	return cases
}

// TestGolden compares both exports of every case with testdata/*.golden
// (go test ./engine/export -update rewrites them).
func TestGolden(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			py, err := PyFlink(c.script, c.o)
			if err != nil {
				t.Fatalf("PyFlink: %v", err)
			}
			sqlc, err := SQLClient(c.script, c.o)
			if err != nil {
				t.Fatalf("SQLClient: %v", err)
			}
			golden(t, c.name+".py.golden", py)
			golden(t, c.name+".sql.golden", sqlc)
		})
	}
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// trickyScripts are scripts whose text no single Python literal form holds.
var trickyScripts = []goldenCase{
	{name: "carriage returns", script: "SELECT 'a'\r\n  AS x;\r\nSELECT 'b\rc' AS y;\r\n"},
	{name: "control characters", script: "SELECT 'tab\there', 'bell\x07', 'nul\x00', 'del\x7f', 'line\u2028sep', '\ufeffbom' AS z;"},
	{name: "astral and combining", script: "SELECT '𝄞 e\u0301 👍🏽' AS music;"},
	{name: "backslashes before quotes", script: `SELECT '\"' AS a, '\\' AS b, '"\' AS c;`},
	{name: "double quotes in identifiers", script: "SELECT 1 AS `x\"`, '\"' AS `\"\"\"`"},
	{name: "only a triple quote", script: `SELECT '"""' AS q`},
}

// allCases are the golden cases and the tricky scripts.
func allCases(t testing.TB) []goldenCase {
	return append(goldenCases(t), trickyScripts...)
}

func python(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: cannot check the exported programs with Python")
	}
	return p
}

// exported writes the PyFlink program of every case into dir, as
// <index>.py, and returns the cases.
func exported(t *testing.T, dir string) []goldenCase {
	t.Helper()
	cases := allCases(t)
	for i, c := range cases {
		prog, err := PyFlink(c.script, c.o)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, strconv.Itoa(i)+".py"), []byte(prog), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return cases
}

// TestPyFlinkCompiles checks every exported program with python3 -m
// py_compile, all in one process (Python starts slowly); a failure names
// the file, <index>.py, and the list below maps it to its case.
func TestPyFlinkCompiles(t *testing.T) {
	py := python(t)
	dir := t.TempDir()
	cases := exported(t, dir)
	args := []string{"-m", "py_compile"}
	for i, c := range cases {
		args = append(args, filepath.Join(dir, strconv.Itoa(i)+".py"))
		t.Logf("%d.py: %s", i, c.name)
	}
	if out, err := exec.Command(py, args...).CombinedOutput(); err != nil {
		t.Fatalf("py_compile: %v\n%s", err, out)
	}
}

// runner runs each program given on its command line as the main module,
// with its own call log, and reports a failing program by name.
const runner = `import os, runpy, sys, traceback
for prog in sys.argv[1:]:
    os.environ["FLINKPLAY_EXPORT_LOG"] = prog + ".jsonl"
    open(prog + ".jsonl", "w").close()
    try:
        runpy.run_path(prog, run_name="__main__")
    except BaseException:
        print("FAILED", prog)
        traceback.print_exc()
        sys.exit(1)
`

// TestPyFlinkRunsStatementsUnchanged runs every exported program against a
// stand-in for PyFlink (testdata/pyflinkstub) that records its calls, and
// checks that the TableEnvironment receives each statement's text exactly
// as the script has it, in order, and every setting Flink reads.
func TestPyFlinkRunsStatementsUnchanged(t *testing.T) {
	py := python(t)
	stub, err := filepath.Abs(filepath.Join("testdata", "pyflinkstub"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cases := exported(t, dir)
	args := []string{"-c", runner}
	for i := range cases {
		args = append(args, filepath.Join(dir, strconv.Itoa(i)+".py"))
	}
	cmd := exec.Command(py, args...)
	cmd.Env = append(os.Environ(), "PYTHONPATH="+stub, "PYTHONDONTWRITEBYTECODE=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("python3: %v\n%s", err, out)
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var sqls, sets []string
			for _, call := range readCalls(t, filepath.Join(dir, strconv.Itoa(i)+".py.jsonl")) {
				switch call[0] {
				case "execute_sql", "add_insert_sql":
					sqls = append(sqls, call[1])
				case "set":
					sets = append(sets, call[1]+"="+call[2])
				}
			}
			wantSQL, wantSets := expectedCalls(t, c.script)
			if strings.Join(sqls, "\x00") != strings.Join(wantSQL, "\x00") {
				t.Errorf("statements executed:\n%q\nwant:\n%q", sqls, wantSQL)
			}
			if strings.Join(sets, "\x00") != strings.Join(wantSets, "\x00") {
				t.Errorf("settings:\n%q\nwant:\n%q", sets, wantSets)
			}
		})
	}
}

func readCalls(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var calls [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var call []string
		if err := json.Unmarshal(sc.Bytes(), &call); err != nil {
			t.Fatalf("%s: %v", sc.Text(), err)
		}
		calls = append(calls, call)
	}
	return calls
}

// expectedCalls lists, straight from the splitter, the statement texts a
// TableEnvironment must receive (all but SET, RESET, BEGIN STATEMENT SET
// and END) and the settings it must get (all but the runtime mode of the
// leading SETs and playground.* keys).
func expectedCalls(t *testing.T, script string) (sqls, sets []string) {
	t.Helper()
	stmts, spans, err := sql.ParseScript(script)
	if err != nil {
		t.Fatal(err)
	}
	leading := true
	for i, st := range stmts {
		text := script[spans[i].Start:spans[i].End]
		switch st := st.(type) {
		case *sql.Set:
			if st.Key != nil && !strings.HasPrefix(st.Key.Key, "playground.") &&
				!(leading && st.Key.Key == "execution.runtime-mode") {
				sets = append(sets, st.Key.Key+"="+st.Key.Value)
			}
		case *sql.Reset:
		case *sql.BeginStatementSet, *sql.End:
			leading = false
		default:
			leading = false
			sqls = append(sqls, text)
		}
	}
	return sqls, sets
}

// TestStatementsAppearUnchanged checks the promise a reader can verify by
// eye: each statement's text is in the SQL client script as written, and in
// the PyFlink program too whenever a raw literal can hold it.
func TestStatementsAppearUnchanged(t *testing.T) {
	for _, c := range allCases(t) {
		t.Run(c.name, func(t *testing.T) {
			py, err := PyFlink(c.script, c.o)
			if err != nil {
				t.Fatal(err)
			}
			sqlc, err := SQLClient(c.script, c.o)
			if err != nil {
				t.Fatal(err)
			}
			stmts, spans, err := sql.ParseScript(c.script)
			if err != nil {
				t.Fatal(err)
			}
			for i, st := range stmts {
				text := c.script[spans[i].Start:spans[i].End]
				if playgroundOnly(st) {
					if !strings.Contains(sqlc, "-- "+text) {
						t.Errorf("SQL client script lacks the commented-out %q", text)
					}
					continue
				}
				if !strings.Contains(sqlc, text+";") {
					t.Errorf("SQL client script lacks %q", text+";")
				}
				if _, _, isSet := setKey(st); !isSet && isConfig(st) == false && rawSafe(text) &&
					!strings.Contains(py, `r"""`+text+`"""`) && !strings.Contains(py, "# "+text) {
					t.Errorf("PyFlink program lacks %q", text)
				}
			}
		})
	}
}

// TestPyText checks the literal forms Python reads back as the exact text.
func TestPyText(t *testing.T) {
	tests := []struct {
		name, in string
		raw      bool
	}{
		{"plain", "SELECT 1", true},
		{"multi-line with backslash", "SELECT '\\d+'\nFROM t", true},
		{"non-ASCII", "SELECT 'ünï ✓ 日本'", true},
		{"triple quote", `SELECT '"""'`, false},
		{"ends with quote", `SELECT "a"`, false},
		{"ends with backslash", `SELECT 'a\`, false},
		{"carriage return", "SELECT 1\r\n", false},
		{"NUL", "SELECT '\x00'", false},
		{"line separator", "SELECT '\u2028'", false},
		{"astral", "SELECT '𝄞'", true},
		{"empty", "", true},
	}
	var exprs []string
	for _, tt := range tests {
		lit := pyText(tt.in)
		if got := strings.HasPrefix(lit, "r"); got != tt.raw {
			t.Errorf("%s: raw %v, want %v: %s", tt.name, got, tt.raw, lit)
		}
		exprs = append(exprs, lit, pyString(tt.in))
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Log("python3 is not installed: literals not read back")
		return
	}
	// Python prints each literal's value as JSON; Go compares with the input.
	prog := "import json\nfor v in [\n" + strings.Join(exprs, ",\n") + "\n]:\n    print(json.dumps(v))\n"
	out, err := exec.Command(py, "-c", prog).CombinedOutput()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(exprs) {
		t.Fatalf("python3 printed %d values, want %d:\n%s", len(lines), len(exprs), out)
	}
	for i, l := range lines {
		var v string
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatal(err)
		}
		if want := tests[i/2].in; v != want {
			t.Errorf("%s: literal %s reads back as %q, want %q", tests[i/2].name, exprs[i], v, want)
		}
	}
}

// TestErrors checks that what cannot be exported is an error in Flink's
// words, at its line:col in the script, in both formats where it applies.
func TestErrors(t *testing.T) {
	tests := []struct {
		name        string
		script      string
		pyOnly      bool
		line, col   int
		class, want string // want is a prefix of the message
	}{
		{name: "syntax error", script: "CREATE TABLE t (id INT) WITH ('connector' = 'datagen');\nSELEC * FROM t;",
			line: 2, col: 1, class: diag.ParseException, want: `Encountered "SELEC" at line 1, column 1.`},
		{name: "unclosed string", script: "SELECT 1;\n  SELECT 'abc", line: 2, col: 10, class: diag.ParseException, want: "Lexical error"},
		{name: "unsupported statement", script: "ADD JAR 'x.jar';", line: 1, col: 1, class: diag.UnsupportedOperation,
			want: "ADD statements are not supported"},
		{name: "END without BEGIN", script: "SELECT 1;\nEND;", pyOnly: true, line: 2, col: 1, class: diag.SqlExecutionException,
			want: "No Statement Set to submit."},
		{name: "query in a statement set", script: "BEGIN STATEMENT SET;\n  SELECT 1;\nEND;", pyOnly: true, line: 2, col: 3,
			class: diag.SqlExecutionException, want: "Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set"},
		{name: "not UTF-8", script: "SELECT 1;\nSELECT '\xff';", pyOnly: true, line: 2, col: 9, class: diag.IllegalArgument,
			want: "The script is not UTF-8 text: byte 0xff at line 2, column 9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check := func(format string, err error) {
				t.Helper()
				e, ok := diag.As(err)
				if !ok {
					t.Fatalf("%s: error %v, want a positioned error", format, err)
				}
				if e.Line != tt.line || e.Col != tt.col || e.Class != tt.class || !strings.HasPrefix(e.Msg, tt.want) {
					t.Errorf("%s: %d:%d %s: %s\nwant %d:%d %s: %s...", format, e.Line, e.Col, e.Class, e.Msg,
						tt.line, tt.col, tt.class, tt.want)
				}
			}
			_, err := PyFlink(tt.script, Options{})
			check("PyFlink", err)
			_, err = SQLClient(tt.script, Options{})
			if tt.pyOnly {
				if err != nil {
					t.Errorf("SQLClient: %v; the SQL client reports this itself when it runs", err)
				}
				return
			}
			check("SQLClient", err)
		})
	}
}

// TestPyFlinkExportUsesPyFlinkAPI checks that every exported program
// (the golden files, the gallery's included) uses only PyFlink's API, as
// listed in testdata/pyflink_api.txt, and that CPython compiles it
// (python3 -m py_compile; CI sets FLINKPLAY_PYTHON=1 and installs python3).
func TestPyFlinkExportUsesPyFlinkAPI(t *testing.T) {
	list, err := os.ReadFile("testdata/pyflink_api.txt")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, l := range strings.Split(string(list), "\n") {
		if strings.HasPrefix(l, "from ") {
			known[l] = true
		} else if strings.HasPrefix(l, ".") {
			known[strings.Fields(l)[0]] = true
		}
	}
	files, _ := filepath.Glob("testdata/*.py.golden")
	if len(files) == 0 {
		t.Fatal("no golden programs")
	}
	python, err := exec.LookPath("python3")
	if runtime.GOOS == "js" {
		python, err = "", nil // no processes under WebAssembly
	} else if err != nil {
		if os.Getenv("FLINKPLAY_PYTHON") != "" {
			t.Fatal("python3 is needed to check the exported programs compile")
		}
		t.Log("python3 not found: the programs' compile check is skipped")
	}
	calls := regexp.MustCompile(`\.([a-z_]+)\(`)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var code []string
		for _, l := range strings.Split(string(src), "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "#") {
				continue
			}
			if strings.HasPrefix(l, "from ") {
				mod, names, _ := strings.Cut(strings.TrimPrefix(l, "from "), " import ")
				for _, n := range strings.Split(names, ",") {
					if imp := "from " + mod + " import " + strings.TrimSpace(n); !known[imp] {
						t.Errorf("%s: %q is not a PyFlink import listed in testdata/pyflink_api.txt", f, imp)
					}
				}
				continue
			}
			code = append(code, l)
		}
		// the statements' text sits in r"""...""" strings: only code
		// outside them names the API
		text := strings.Join(code, "\n")
		var outside strings.Builder
		for {
			i := strings.Index(text, `r"""`)
			if i < 0 {
				outside.WriteString(text)
				break
			}
			outside.WriteString(text[:i])
			j := strings.Index(text[i+4:], `"""`)
			if j < 0 {
				break
			}
			text = text[i+4+j+3:]
		}
		for _, m := range calls.FindAllStringSubmatch(outside.String(), -1) {
			if !known["."+m[1]] {
				t.Errorf("%s: .%s( is not a PyFlink method listed in testdata/pyflink_api.txt", f, m[1])
			}
		}
		if python != "" {
			tmp := filepath.Join(t.TempDir(), "program.py")
			if err := os.WriteFile(tmp, src, 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(python, "-m", "py_compile", tmp).CombinedOutput(); err != nil {
				t.Errorf("%s does not compile with %s: %v\n%s", f, python, err, out)
			}
		}
	}
}

// TestCellsKept: a notebook script's cell markers (-- %% lines) stay in
// both exports: as they are in the SQL client script, and as Python's own
// cell markers (# %%, Jupyter's and VS Code's) in the PyFlink program.
func TestCellsKept(t *testing.T) {
	s := "-- %% Source\nCREATE TABLE T (id INT) WITH ('connector' = 'datagen');\n-- %% Query\nSELECT * FROM T;\n"
	sqlc, err := SQLClient(s, Options{})
	if err != nil || !strings.Contains(sqlc, "-- %% Source\nCREATE TABLE T") || !strings.Contains(sqlc, "-- %% Query\nSELECT * FROM T;") {
		t.Errorf("SQL client script:\n%s\n%v", sqlc, err)
	}
	py, err := PyFlink(s, Options{})
	if err != nil || !strings.Contains(py, "# %% Source\nt_env.execute_sql(") || !strings.Contains(py, "# %% Query\nt_env.execute_sql(") {
		t.Errorf("PyFlink program:\n%s\n%v", py, err)
	}
}
