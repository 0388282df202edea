//go:build !(js && wasm)

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// chromiumPath is Debian's chromium package, which .ci/run installs.
const chromiumPath = "/usr/bin/chromium"

// strict reports whether a missing browser or page must fail the tests:
// CI sets FLINKPLAY_E2E=1 so that it cannot pass by skipping everything.
func strict() bool { return os.Getenv("FLINKPLAY_E2E") == "1" }

// cpuSlowdown is $FLINKPLAY_E2E_SLOWDOWN: a factor by which the browser
// runs the page's main thread slower (CDP's CPU throttling; workers run
// at full speed), to try the tests as a slow machine runs them. 1 (the
// default) does not throttle.
func cpuSlowdown(t *testing.T) float64 {
	v := os.Getenv("FLINKPLAY_E2E_SLOWDOWN")
	if v == "" {
		return 1
	}
	rate, err := strconv.ParseFloat(v, 64)
	if err != nil || rate < 1 {
		t.Fatalf("FLINKPLAY_E2E_SLOWDOWN=%q: want a factor of at least 1", v)
	}
	return rate
}

// distDir is the build output of `make web`, or $FLINKPLAY_DIST.
func distDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("FLINKPLAY_DIST")
	if dir == "" {
		dir = filepath.Join("..", "dist", "files")
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// requirePage skips (or, under FLINKPLAY_E2E=1, fails) the test when the
// browser or the built page is missing, and returns the page's folder.
func requirePage(t testing.TB) string {
	t.Helper()
	return requireBuild(t, "index.html")
}

// requireBuild is requirePage for tests that need other files of the build.
func requireBuild(t testing.TB, files ...string) string {
	t.Helper()
	dist := distDir(t)
	var missing []string
	if _, err := os.Stat(chromiumPath); err != nil {
		missing = append(missing, chromiumPath+" (apt-get install chromium)")
	}
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(dist, f)); err != nil {
			missing = append(missing, filepath.Join(dist, f)+" (run make web)")
		}
	}
	if len(missing) > 0 {
		msg := "browser tests need " + strings.Join(missing, " and ")
		if strict() {
			t.Fatal(msg + "; FLINKPLAY_E2E=1 forbids skipping them")
		}
		t.Skip(msg)
	}
	return dist
}

var (
	shotsOnce sync.Once
	shotsDir  string
	shotsErr  error
)

// screenshotDir is $FLINKPLAY_SHOTS, or one temporary folder shared by all
// tests of this run; it is kept after the run so a person can look.
func screenshotDir() (string, error) {
	shotsOnce.Do(func() {
		if d := os.Getenv("FLINKPLAY_SHOTS"); d != "" {
			shotsDir, shotsErr = d, os.MkdirAll(d, 0o755)
			return
		}
		shotsDir, shotsErr = os.MkdirTemp("", "flinkplay-e2e-shots-")
	})
	return shotsDir, shotsErr
}

// transfer counts the body bytes the server sent per path, which on
// loopback is the page's whole transfer, the worker's fetches included
// (the page's own Resource Timing never sees what the worker loads).
type transfer struct {
	mu    sync.Mutex
	bytes map[string]int64
	enc   map[string]string
}

func (x *transfer) reset() {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.bytes = map[string]int64{}
	x.enc = map[string]string{}
}

func (x *transfer) add(path, enc string, n int64) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.bytes[path] += n
	if enc != "" {
		x.enc[path] = enc
	}
}

// transferFile is one served file in a transfer report.
type transferFile struct {
	Path     string
	Bytes    int64
	Encoding string
}

// files returns what was served, largest first.
func (x *transfer) files() []transferFile {
	x.mu.Lock()
	defer x.mu.Unlock()
	var out []transferFile
	for p, n := range x.bytes {
		out = append(out, transferFile{Path: p, Bytes: n, Encoding: x.enc[p]})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Bytes != out[j].Bytes {
			return out[i].Bytes > out[j].Bytes
		}
		return out[i].Path < out[j].Path
	})
	return out
}

type countingWriter struct {
	http.ResponseWriter
	n int64
}

func (w *countingWriter) Write(p []byte) (int, error) {
	n, err := w.ResponseWriter.Write(p)
	w.n += int64(n)
	return n, err
}

func (w *countingWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// fixtures are the test's own pages, served beside the build under /__e2e/.
var fixtures = map[string]string{
	"/__e2e/worker.html": workerFixture,
}

// engineDelay holds engine.wasm back this long (a time.Duration), so that
// a test can act while the engine starts; tests run one at a time.
var engineDelay atomic.Int64

// serve starts the page's handler on 127.0.0.1:0.
func serve(t testing.TB, dist string) (string, *transfer) {
	t.Helper()
	h := pageHandler(t, dist)
	x := &transfer{}
	x.reset()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if page, ok := fixtures[r.URL.Path]; ok {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, page)
			return
		}
		if r.URL.Path == "/engine.wasm" {
			if d := time.Duration(engineDelay.Load()); d > 0 {
				time.Sleep(d)
			}
		}
		cw := &countingWriter{ResponseWriter: w}
		h.ServeHTTP(cw, r)
		x.add(r.URL.Path, w.Header().Get("Content-Encoding"), cw.n)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, x
}

// instrument runs in every document before the page's own scripts. It
// records long main-thread tasks, clicks, and the moment the first +I row
// appears, and keeps every Worker the page starts, so a test can kill the
// engine.
const instrument = `(() => {
  const e2e = window.__e2e = {longtasks: [], firstRow: 0, workers: [], clicks: []};
  // When each click reached the page, so latencies exclude CDP round trips.
  document.addEventListener('click', (ev) => {
    const el = ev.target instanceof Element ? ev.target.closest('[id]') : null;
    e2e.clicks.push([el ? el.id : '', performance.now()]);
  }, true);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) e2e.longtasks.push([e.startTime, e.duration]);
    }).observe({type: 'longtask', buffered: true});
  } catch (e) {}
  const seen = () => !!document.querySelector('#grid tbody tr[data-op="+I"]') ||
    (document.getElementById('tableau')?.textContent || '').includes('| +I |');
  const mo = new MutationObserver(() => {
    if (!e2e.firstRow && seen()) { e2e.firstRow = performance.now(); mo.disconnect(); }
  });
  mo.observe(document, {childList: true, subtree: true, characterData: true});
  // An embed's engine is a SharedWorker (embed.html): it counts as the
  // page's worker too.
  const SW = window.SharedWorker;
  if (SW) {
    window.SharedWorker = class extends SW {
      constructor(...args) {
        super(...args);
        e2e.workers.push(this);
        e2e.workerAt = e2e.workerAt || performance.now();
      }
    };
  }
  const W = window.Worker;
  if (W) {
    window.Worker = class extends W {
      constructor(...args) {
        super(...args);
        e2e.workers.push(this);
        e2e.workerAt = e2e.workerAt || performance.now();
        // The first time each message type crosses, for the timeline.
        const mark = (dir, data) => {
          const m = typeof data === 'string' && /"type":"([a-zA-Z]+)"/.exec(data);
          if (!m) return;
          e2e.msgs = e2e.msgs || {};
          const k = dir + m[1];
          if (!(k in e2e.msgs)) e2e.msgs[k] = Math.round(performance.now());
          if (k === '<ready' && !e2e.boot) {
            try { e2e.boot = JSON.parse(data).boot; } catch (e) {}
          }
        };
        this.addEventListener('message', (ev) => mark('<', ev.data));
        const post = this.postMessage.bind(this);
        this.postMessage = (data, ...rest) => { mark('>', data); return post(data, ...rest); };
      }
    };
  }
})();`

// page is one browser tab on the playground, with its own Chromium, its own
// fresh profile and a deadline for the whole scenario.
type page struct {
	t     *testing.T
	ctx   context.Context
	base  string
	xfer  *transfer
	shots string
	step  int

	logMu sync.Mutex
	logs  []string
}

// open starts Chromium for one scenario on the playground; everything ends
// at the timeout.
func open(t *testing.T, timeout time.Duration) *page {
	t.Helper()
	return openBuild(t, timeout, requirePage(t))
}

// openBuild is open for a build folder the caller checked.
func openBuild(t *testing.T, timeout time.Duration, dist string) *page {
	t.Helper()
	base, xfer := serve(t, dist)
	shots, err := screenshotDir()
	if err != nil {
		t.Fatalf("screenshot folder: %v", err)
	}
	t.Logf("screenshots in %s", shots)

	sctx, scancel := context.WithTimeout(context.Background(), timeout)
	t.Cleanup(scancel)
	// The flags of notes/vugu.md §6: no sandbox (CI runs as root), no
	// background work that could make timings noisy or reach the network.
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	}
	actx, acancel := chromedp.NewExecAllocator(sctx, opts...)
	t.Cleanup(acancel)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	p := &page{t: t, ctx: ctx, base: base, xfer: xfer, shots: shots}
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start %s: %v", chromiumPath, err)
	}
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			p.logMu.Lock()
			p.logs = append(p.logs, m.String())
			p.logMu.Unlock()
		}
	}()
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: instrument}); err != nil {
		t.Fatalf("instrument the page: %v", err)
	}
	if rate := cpuSlowdown(t); rate > 1 {
		if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate}); err != nil {
			t.Fatalf("slow the page's CPU down: %v", err)
		}
	}
	t.Cleanup(func() {
		if !t.Failed() {
			return
		}
		p.logMu.Lock()
		defer p.logMu.Unlock()
		if len(p.logs) > 0 {
			t.Logf("browser console:\n  %s", strings.Join(p.logs, "\n  "))
		}
	})
	return p
}

// console returns what the page wrote to the console so far.
func (p *page) console() []string {
	p.logMu.Lock()
	defer p.logMu.Unlock()
	return slices.Clone(p.logs)
}

// do runs actions with their own deadline; a failure ends the test with a
// screenshot and what the page shows.
func (p *page) do(what string, d time.Duration, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := tryDo(p, d, actions...); err != nil {
		p.fatalf("%s: %v", what, err)
	}
}

// fatalf ends the test, after a screenshot and a snapshot of the page.
func (p *page) fatalf(format string, args ...any) {
	p.t.Helper()
	p.shot("failed")
	p.t.Fatalf(format+"\npage: %s", append(args, p.snapshot())...)
}

// snapshot describes what the page shows, for failure messages.
func (p *page) snapshot() string {
	ctx, cancel := context.WithTimeout(p.ctx, 3*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
  const text = (id) => { const e = document.getElementById(id); return e ? JSON.stringify(e.textContent.slice(0, 400)) : '(none)'; };
  let st = '(no window.flinkplay)';
  try { st = window.flinkplay.state(); } catch (e) { st = String(e); }
  return 'state=' + st + ' status=' + text('status') + ' error=' + text('error') + ' notice=' + text('notice') +
    ' grid rows=' + document.querySelectorAll('#grid tbody tr').length +
    ' results: scrollTop=' + (document.getElementById('results')?.scrollTop ?? '-') + ' clientHeight=' + (document.getElementById('results')?.clientHeight ?? '-') +
    ' window=' + (() => { try { return JSON.stringify(JSON.parse(window.flinkplay.stats()).window); } catch (e) { return String(e); } })();
})()`))
	if err != nil {
		return fmt.Sprintf("(the page does not answer: %v)", err)
	}
	return s
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// shot writes a PNG of the whole page; a page too busy to paint is logged,
// not failed, since the step's own check decides.
func (p *page) shot(name string) {
	p.t.Helper()
	p.step++
	file := filepath.Join(p.shots, fmt.Sprintf("%s-%02d-%s.png", unsafeName.ReplaceAllString(p.t.Name(), "_"), p.step, name))
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil && ctx.Err() == nil {
		// A page taller than Chromium's limit still has a viewport to show.
		png, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
	}
	if err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(file, png, 0o644); err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
	}
}

// guard wraps an expression so that an exception (the app not mounted yet)
// reads as "not yet" instead of failing a poll.
func guard(expr string) string {
	return "(() => { try { return (" + expr + "); } catch (e) { return null; } })()"
}

// tryDo runs actions with their own deadline and returns the error.
func tryDo(p *page, d time.Duration, actions ...chromedp.Action[chromedp.Void]) error {
	ctx, cancel := context.WithTimeout(p.ctx, d)
	defer cancel()
	return chromedp.Do(ctx, actions...)
}

// tryEval is eval that returns the error.
func tryEval[T any](p *page, expr string) (T, error) {
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
}

// eval evaluates a JavaScript expression and decodes its value.
func eval[T any](p *page, what, expr string) T {
	p.t.Helper()
	v, err := tryEval[T](p, expr)
	if err != nil {
		p.fatalf("%s: %v", what, err)
	}
	return v
}

// waitFor polls a JavaScript expression until it is truthy and returns it.
func waitFor[T any](p *page, what, expr string, d time.Duration) T {
	p.t.Helper()
	v, err := tryWait[T](p, expr, d)
	if err != nil {
		p.fatalf("waiting %v for %s: %v", d, what, err)
	}
	return v
}

// tryWait is waitFor that returns the error.
func tryWait[T any](p *page, expr string, d time.Duration) (T, error) {
	// The extra second lets a frozen page fail on the context, not hang.
	ctx, cancel := context.WithTimeout(p.ctx, d+time.Second)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Poll[T](guard(expr),
		chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(d)))
}

// sinceClick is an expression for the ms since the last click on the
// element with the given id reached the page (at least 0.001, so truthy).
func sinceClick(id string) string {
	return `Math.max(0.001, performance.now() - ((window.__e2e.clicks.findLast(([i]) => i === ` + jsString(id) + `) || [0, 0])[1]))`
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
