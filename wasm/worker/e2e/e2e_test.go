//go:build !(js && wasm)

// Package e2e tests the built Cloudflare Worker end to end: it starts
// workerd (npm, wasm/worker/node_modules) on a free loopback port with the
// committed config, loads the playground and its assets through it, calls
// the SQL API as a client would, and stops workerd by its PID.
//
// It needs `make worker` (the build in wasm/worker/build) and `npm ci` in
// wasm/worker; without them it skips, unless FLINKPLAY_E2E=1 (.ci/run),
// which turns a missing piece into a failure.
package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// seed is the playground's seed example.
const seed = `CREATE TABLE MySource (id INT, name STRING) WITH ('connector' = 'datagen');
SELECT * FROM MySource;
`

// workerDir is wasm/worker, from this package's folder.
const workerDir = ".."

var (
	workerdBin = filepath.Join(workerDir, "node_modules", "@cloudflare", "workerd-linux-64", "bin", "workerd")
	buildDir   = filepath.Join(workerDir, "build")
)

// server is one running workerd.
type server struct {
	base    string
	cmd     *exec.Cmd
	started time.Time
	ready   time.Duration // process start to the first answer of /api/health
}

var (
	srvOnce sync.Once
	srv     *server
	srvErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if srv != nil {
		srv.stop()
	}
	os.Exit(code)
}

// require skips (or under FLINKPLAY_E2E=1 fails) when workerd or the build is missing.
func require(t testing.TB) {
	t.Helper()
	var missing []string
	if _, err := os.Stat(workerdBin); err != nil {
		missing = append(missing, workerdBin+" (cd wasm/worker && npm ci)")
	}
	for _, f := range []string{"app.wasm", "worker.mjs", "assets/index.html", "assets/_headers"} {
		if _, err := os.Stat(filepath.Join(buildDir, f)); err != nil {
			missing = append(missing, filepath.Join(buildDir, f)+" (make worker)")
		}
	}
	if len(missing) > 0 {
		msg := "worker tests need " + strings.Join(missing, " and ")
		if os.Getenv("FLINKPLAY_E2E") == "1" {
			t.Fatal(msg + "; FLINKPLAY_E2E=1 forbids skipping them")
		}
		t.Skip(msg)
	}
}

// worker returns the shared workerd, started on first use.
func worker(t testing.TB) *server {
	t.Helper()
	require(t)
	srvOnce.Do(func() { srv, srvErr = start() })
	if srvErr != nil {
		t.Fatal(srvErr)
	}
	return srv
}

// start runs workerd on a loopback port opened here and handed over as fd 3,
// so there is no race for a free port.
func start() (*server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	f, err := ln.(*net.TCPListener).File()
	ln.Close() // the duplicate in f stays open for workerd
	if err != nil {
		return nil, err
	}
	defer f.Close()
	assets, err := filepath.Abs(filepath.Join(buildDir, "assets"))
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(workerdBin, "serve", filepath.Join(workerDir, "dev", "workerd.capnp"),
		"--socket-fd", "http=3", "--directory-path", "assets="+assets)
	cmd.ExtraFiles = []*os.File{f}
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	s := &server{base: "http://" + ln.Addr().String(), cmd: cmd, started: time.Now()}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start workerd: %w", err)
	}
	deadline := time.Now().Add(90 * time.Second)
	for {
		resp, err := http.Get(s.base + "/api/health")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				s.ready = time.Since(s.started)
				return s, nil
			}
		}
		if time.Now().After(deadline) {
			s.stop()
			return nil, fmt.Errorf("workerd did not answer /api/health within 90 s (last error: %v)", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// stop ends workerd by its PID and waits for it.
func (s *server) stop() {
	s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		s.cmd.Process.Kill()
		<-done
	}
}

type reply struct {
	status int
	header http.Header
	body   string
}

func (s *server) do(t testing.TB, method, path, ctype, accept, body string) reply {
	t.Helper()
	r, err := s.try(method, path, ctype, accept, body)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func (s *server) try(method, path, ctype, accept, body string) (reply, error) {
	req, err := http.NewRequest(method, s.base+path, strings.NewReader(body))
	if err != nil {
		return reply{}, err
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	client := &http.Client{Timeout: 120 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		return reply{}, fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return reply{}, fmt.Errorf("%s %s: reading: %w", method, path, err)
	}
	return reply{resp.StatusCode, resp.Header, string(b)}, nil
}

// TestPlaygroundAssets loads the page and every file it references, as
// Cloudflare's static assets would serve them, with their security headers.
func TestPlaygroundAssets(t *testing.T) {
	s := worker(t)
	t.Logf("workerd answered /api/health %v after it started", s.ready.Round(time.Millisecond))
	page := s.do(t, "GET", "/", "", "", "")
	if page.status != 200 || !strings.HasPrefix(page.header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /: %d %s", page.status, page.header.Get("Content-Type"))
	}
	csp := page.header.Get("Content-Security-Policy")
	for _, want := range []string{"'wasm-unsafe-eval'", "frame-ancestors 'none'", "'sha256-"} {
		if !strings.Contains(csp, want) {
			t.Errorf("page policy %q lacks %s", csp, want)
		}
	}
	if page.header.Get("X-Frame-Options") != "DENY" || page.header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("page headers %v", page.header)
	}
	refs := regexp.MustCompile(`(?:src|href)="([^":]+)"`).FindAllStringSubmatch(page.body, -1)
	files := map[string]bool{"engine.wasm": true, "wasm_exec.js": true}
	for _, m := range refs {
		files[m[1]] = true
	}
	if len(files) < 5 {
		t.Fatalf("the page references only %v", files)
	}
	for f := range files {
		t.Run(f, func(t *testing.T) {
			r := s.do(t, "GET", "/"+f, "", "", "")
			local, err := os.ReadFile(filepath.Join(buildDir, "assets", f))
			if err != nil {
				t.Fatal(err)
			}
			if r.status != 200 || r.body != string(local) {
				t.Fatalf("status %d, %d bytes; want 200 and the %d bytes of the build", r.status, len(r.body), len(local))
			}
			want := map[string]string{".wasm": "application/wasm", ".js": "text/javascript", ".css": "text/css"}[filepath.Ext(f)]
			if got := r.header.Get("Content-Type"); !strings.HasPrefix(got, want) {
				t.Errorf("Content-Type %q, want %q", got, want)
			}
			if r.header.Get("X-Content-Type-Options") != "nosniff" {
				t.Error("no nosniff")
			}
		})
	}
	tests := []struct {
		name, path string
		status     int
		header     string
		want       string
	}{
		{"index.html redirects to /", "/index.html", 307, "Location", "/"},
		{"_headers is not served", "/_headers", 404, "Content-Type", "application/json"},
		{"missing file reaches the Worker", "/nope.js", 404, "Content-Type", "application/json"},
		{"traversal stays inside", "/../../go.mod", 404, "Content-Type", "application/json"},
	}
	if _, err := os.Stat(filepath.Join(buildDir, "assets", "embed.html")); err == nil {
		tests = append(tests, struct {
			name, path string
			status     int
			header     string
			want       string
		}{"the embed page may be framed", "/embed", 200, "Content-Security-Policy", "frame-ancestors *"})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := s.do(t, "GET", tt.path, "", "", "")
			if r.status != tt.status || !strings.Contains(r.header.Get(tt.header), tt.want) {
				t.Errorf("%d %s=%q, want %d and %q", r.status, tt.header, r.header.Get(tt.header), tt.status, tt.want)
			}
		})
	}
}

// TestAPI runs the seed example through /api/run in both forms, sends
// malformed and oversized requests, and checks the other endpoints.
func TestAPI(t *testing.T) {
	s := worker(t)
	t.Run("seed as tableau text", func(t *testing.T) {
		r := s.do(t, "POST", "/api/run?seed=42&maxRows=1000", "text/plain", "", seed)
		if r.status != 200 || r.header.Get("Content-Type") != "text/plain; charset=utf-8" {
			t.Fatalf("%d %s: %.500s", r.status, r.header.Get("Content-Type"), r.body)
		}
		rows := regexp.MustCompile(`(?m)^\| \+I \| +-?\d+ \| [0-9a-f]{27}\.\.\. \|$`).FindAllString(r.body, -1)
		if len(rows) != 1000 {
			t.Errorf("%d rows, want 1000", len(rows))
		}
		for _, want := range []string{
			"[INFO] Execute statement succeeded.\n\n+----+-------------+--------------------------------+\n| op |          id |                           name |\n",
			"\nQuery terminated, received a total of 1000 rows (",
			"\n[WARNING] The playground API stopped the run at its limit of 1000 rows per request",
		} {
			if !strings.Contains(r.body, want) {
				t.Errorf("body lacks %q", want)
			}
		}
		if r.header.Get("Content-Security-Policy") == "" || r.header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("headers %v", r.header)
		}
		again := s.do(t, "POST", "/api/run?seed=42&maxRows=1000", "text/plain", "", seed)
		if strip(again.body) != strip(r.body) {
			t.Error("the same seed gave other rows")
		}
	})
	t.Run("seed as NDJSON", func(t *testing.T) {
		body := `{"sql": ` + quote(seed) + `, "seed": 42, "maxRows": 1000}`
		r := s.do(t, "POST", "/api/run", "application/json", "application/x-ndjson", body)
		if r.status != 200 || r.header.Get("Content-Type") != "application/x-ndjson" {
			t.Fatalf("%d %s: %.500s", r.status, r.header.Get("Content-Type"), r.body)
		}
		kinds := map[string]int{}
		sc := bufio.NewScanner(strings.NewReader(r.body))
		for sc.Scan() {
			var l struct {
				Kind string    `json:"kind"`
				Op   string    `json:"op"`
				Row  []*string `json:"row"`
			}
			if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
				t.Fatalf("line %q: %v", sc.Text(), err)
			}
			kinds[l.Kind]++
			if l.Kind == "change" && (l.Op != "+I" || len(l.Row) != 2 || len(*l.Row[1]) != 100) {
				t.Fatalf("change %s", sc.Text())
			}
		}
		want := map[string]int{"success": 1, "query": 1, "change": 1000, "end": 1, "limit": 1}
		if fmt.Sprint(kinds) != fmt.Sprint(want) {
			t.Errorf("lines %v, want %v", kinds, want)
		}
	})
	tests := []struct {
		name, method, path, ctype, body string
		status                          int
		want                            string
	}{
		{"malformed JSON", "POST", "/api/run", "application/json", `{"sql": `, 400, `"class":"java.lang.IllegalArgumentException"`},
		// Flink reads SELEC as an expression, a query, and fails after it.
		{"syntax error with its position", "POST", "/api/run", "text/plain", "SELECT 1;\nSELEC 2;", 400, `"line":2,"col":7`},
		{"oversized body", "POST", "/api/run", "text/plain", "SELECT '" + strings.Repeat("x", 70<<10) + "';", 413, "at most 65536"},
		{"too many statements", "POST", "/api/run", "text/plain", strings.Repeat("SELECT 1;\n", 40), 413, `"line":33,"col":1`},
		{"wrong content type", "POST", "/api/run", "application/x-www-form-urlencoded", "SELECT 1", 415, "--data-binary"},
		{"health", "GET", "/api/health", "", "", 200, `"version":"local workerd"`},
		{"connectors", "GET", "/api/connectors", "", "", 200, `"name":"datagen"`},
		{"functions", "GET", "/api/functions", "", "", 200, `"UPPER"`},
		{"unknown endpoint", "GET", "/api/nope", "", "", 404, "no such endpoint"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := s.do(t, tt.method, tt.path, tt.ctype, "", tt.body)
			if r.status != tt.status || !strings.Contains(r.body, tt.want) {
				t.Errorf("%d %.300s\nwant %d and %q", r.status, r.body, tt.status, tt.want)
			}
			if !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") || r.header.Get("X-Frame-Options") != "DENY" {
				t.Errorf("headers %v", r.header)
			}
		})
	}
}

// TestConcurrentRequests sends 20 runs at once; each must get its own rows.
func TestConcurrentRequests(t *testing.T) {
	s := worker(t)
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	start := time.Now()
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := 50 + i
			r, err := s.try("POST", fmt.Sprintf("/api/run?seed=%d&maxRows=%d", i, n), "text/plain", "", seed)
			switch {
			case err != nil:
				errs <- err
			case r.status != 200:
				errs <- fmt.Errorf("run %d: status %d: %.300s", i, r.status, r.body)
			case !strings.Contains(r.body, fmt.Sprintf("received a total of %d rows", n)):
				errs <- fmt.Errorf("run %d: no footer for %d rows", i, n)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	t.Logf("20 concurrent runs took %v", time.Since(start).Round(time.Millisecond))
	if r := s.do(t, "GET", "/api/health", "", "", ""); r.status != 200 {
		t.Errorf("health after the burst: %d", r.status)
	}
}

// strip drops the time costs, which differ from run to run.
func strip(s string) string {
	return regexp.MustCompile(` \([0-9.]+ seconds\)`).ReplaceAllString(s, "")
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
