//go:build !(js && wasm)

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// syncMark is a function the CPU profile can see: it spins for 5 ms at
// DOMContentLoaded and notes when, so that the profile's clock can be put
// on the page's (performance.now).
const syncMark = `(() => {
  document.addEventListener('DOMContentLoaded', function flinkplaySyncMark() {
    const t0 = performance.now();
    while (performance.now() - t0 < 5) {}
    window.__e2e.sync = t0;
  });
})();`

// TestProfileColdLoad records the main thread's CPU profile of one cold
// load (the seed example run the moment the page can take it) and says
// where the time went between the steps of docs/browser-benchmarks.md.
// FLINKPLAY_PROFILE names the folder for the .cpuprofile (Chrome DevTools
// opens it).
func TestProfileColdLoad(t *testing.T) {
	dir := os.Getenv("FLINKPLAY_PROFILE")
	if dir == "" {
		t.Skip("set FLINKPLAY_PROFILE=DIR to profile a cold load")
	}
	p := open(t, 60*time.Second)
	for _, src := range []string{autoRun, syncMark} {
		if _, err := chromedp.Call(p.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: src}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := chromedp.Call(p.ctx, profiler.Enable, struct{}{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(p.ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(p.ctx, profiler.Start, struct{}{}); err != nil {
		t.Fatal(err)
	}
	p.do("open the playground", 30*time.Second, chromedp.Navigate(p.base+"/"))
	waitFor[bool](p, "the first +I row", `window.__e2e.firstRow > 0`, 15*time.Second)
	time.Sleep(200 * time.Millisecond)
	res, err := chromedp.Call(p.ctx, profiler.Stop, struct{}{})
	if err != nil {
		t.Fatal(err)
	}
	steps := eval[map[string]float64](p, "the timeline", `(() => {
  const e = window.__e2e, m = e.msgs || {};
  const n = performance.getEntriesByType('navigation')[0];
  const fr = performance.getEntriesByName('flinkplay: first render')[0];
  return {sync: e.sync, dcl: n.domContentLoadedEventEnd, firstRender: fr ? fr.startTime : 0, ready: m['<ready'] || 0, clicked: e.clicked || 0, rows: m['<rows'] || 0, firstRow: e.firstRow};
})()`)
	b, _ := json.Marshal(res.Profile)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "page-cold-load.cpuprofile")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s; steps (ms after navigationStart) %v", file, steps)
	t.Log(profileWindows(res.Profile, steps))
}

// profileWindows sums the profile's self time per function between the
// steps: before "ready", "ready" to the click, the click to the first
// "rows", and "rows" to the first row in the DOM.
func profileWindows(prof *profiler.Profile, steps map[string]float64) string {
	parent := map[int64]int64{}
	byID := map[int64]*profiler.ProfileNode{}
	for _, n := range prof.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	name := func(id int64) string {
		n := byID[id]
		f := n.CallFrame.FunctionName
		if f == "" {
			f = "(anonymous)"
		}
		u := n.CallFrame.URL
		if i := strings.LastIndexByte(u, '/'); i >= 0 {
			u = u[i+1:]
		}
		if n.CallFrame.LineNumber > 0 {
			u += fmt.Sprintf(":%d", n.CallFrame.LineNumber+1)
		}
		return f + " " + u
	}
	// The profile's clock: find the sync mark's first sample.
	var offset float64 // profile µs → page ms: ms = µs/1000 - offset
	t := prof.StartTime
	times := make([]float64, len(prof.Samples))
	for i, d := range prof.TimeDeltas {
		t += float64(d)
		times[i] = t
	}
	for i, s := range prof.Samples {
		found := false
		for id := s; id != 0; id = parent[id] {
			if byID[id].CallFrame.FunctionName == "flinkplaySyncMark" {
				found = true
				break
			}
		}
		if found {
			offset = times[i]/1000 - steps["sync"]
			break
		}
	}
	type window struct {
		name     string
		from, to float64
	}
	ws := []window{
		{"navigation to DOMContentLoaded", 0, steps["dcl"]},
		{"DOMContentLoaded to the first render", steps["dcl"], steps["firstRender"]},
		{"the first render to the click", steps["firstRender"], steps["clicked"]},
		{"the click to \"rows\"", steps["clicked"], steps["rows"]},
		{"\"rows\" to the first row", steps["rows"], steps["firstRow"]},
	}
	var out strings.Builder
	for _, w := range ws {
		self := map[string]float64{}
		var total float64
		for i, s := range prof.Samples {
			at := times[i]/1000 - offset
			if at < w.from || at >= w.to {
				continue
			}
			d := 0.0
			if i+1 < len(prof.TimeDeltas) {
				d = float64(prof.TimeDeltas[i+1]) / 1000
			}
			n := name(s)
			self[n] += d
			total += d
		}
		type kv struct {
			k string
			v float64
		}
		var top []kv
		for k, v := range self {
			top = append(top, kv{k, v})
		}
		slices.SortFunc(top, func(a, b kv) int {
			if a.v > b.v {
				return -1
			}
			if a.v < b.v {
				return 1
			}
			return 0
		})
		fmt.Fprintf(&out, "\n%s (%.0f–%.0f ms): %.0f ms sampled\n", w.name, w.from, w.to, total)
		for i, e := range top {
			if i == 25 {
				break
			}
			fmt.Fprintf(&out, "  %7.1f  %s\n", e.v, e.k)
		}
	}
	return out.String()
}

// TestTraceColdLoad records a Chrome trace of one cold load (the
// devtools timeline categories) into FLINKPLAY_PROFILE/cold-load.trace.json
// (chrome://tracing and DevTools open it) and lists the main thread's
// events of 10 ms or more after the first "rows" reached the page.
func TestTraceColdLoad(t *testing.T) {
	dir := os.Getenv("FLINKPLAY_PROFILE")
	if dir == "" {
		t.Skip("set FLINKPLAY_PROFILE=DIR to trace a cold load")
	}
	p := open(t, 90*time.Second)
	if _, err := chromedp.Call(p.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: autoRun}); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var events []json.RawMessage
	complete := make(chan struct{}, 1)
	if err := chromedp.Listen(p.ctx, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range e.Value {
				b, _ := json.Marshal(v)
				events = append(events, b)
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			complete <- struct{}{}
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(p.ctx, tracing.Start, tracing.StartParams{TransferMode: tracing.StartTransferModeReportEvents, TraceConfig: &tracing.TraceConfig{
		IncludedCategories: []string{"devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "v8.execute", "toplevel", "__metadata"},
	}}); err != nil {
		t.Fatal(err)
	}
	p.do("open the playground", 30*time.Second, chromedp.Navigate(p.base+"/"))
	waitFor[bool](p, "the first +I row", `window.__e2e.firstRow > 0`, 15*time.Second)
	time.Sleep(300 * time.Millisecond)
	steps := eval[map[string]float64](p, "the timeline", `(() => {
  const e = window.__e2e, m = e.msgs || {};
  const fr = performance.getEntriesByName('flinkplay: first render')[0];
  return {mark: fr ? fr.startTime : 0, clicked: e.clicked || 0, rows: m['<rows'] || 0, firstRow: e.firstRow};
})()`)
	if _, err := chromedp.Call(p.ctx, tracing.End, struct{}{}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-complete:
	case <-time.After(30 * time.Second):
		t.Fatal("no tracingComplete")
	}
	mu.Lock()
	defer mu.Unlock()
	type ev struct {
		Name string          `json:"name"`
		Cat  string          `json:"cat"`
		Ph   string          `json:"ph"`
		Ts   float64         `json:"ts"`
		Dur  float64         `json:"dur"`
		Pid  int             `json:"pid"`
		Tid  int             `json:"tid"`
		Args json.RawMessage `json:"args"`
	}
	var all []ev
	for _, raw := range events {
		var e ev
		if json.Unmarshal(raw, &e) == nil {
			all = append(all, e)
		}
	}
	b, _ := json.Marshal(map[string]any{"traceEvents": events})
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "cold-load.trace.json")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	// The main thread is the one with the user timing mark.
	var offset float64
	pid, tid := -1, -1
	for _, e := range all {
		if e.Name == "flinkplay: first render" {
			offset = e.Ts/1000 - steps["mark"]
			pid, tid = e.Pid, e.Tid
			break
		}
	}
	t.Logf("wrote %s (%d events); steps %v", file, len(all), steps)
	var out strings.Builder
	for _, e := range all {
		at := e.Ts/1000 - offset
		if e.Ph != "X" || e.Dur < 10000 || at+e.Dur/1000 < steps["rows"] || at > steps["firstRow"] {
			continue
		}
		where := "main"
		if e.Pid != pid || e.Tid != tid {
			where = fmt.Sprintf("%d/%d", e.Pid, e.Tid)
		}
		args := string(e.Args)
		if len(args) > 300 {
			args = args[:300]
		}
		fmt.Fprintf(&out, "%7.1f +%6.1f %s %s %s\n", at, e.Dur/1000, where, e.Name, args)
	}
	t.Log("\n" + out.String())
}
