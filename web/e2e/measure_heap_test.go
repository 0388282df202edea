//go:build !(js && wasm)

package e2e

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"

	"github.com/flinkplay/flinkplay/web/state"
)

// A long aggregation's memory: the issue "Stateful queries 10× faster"
// asks that a 10-minute unbounded aggregation in the page keep a flat
// heap. The first minute builds the state and the buffers; after it, what
// the engine and the page hold may grow by budgetHeapGrowth at most.
const (
	defaultHeapMinutes = 10 // FLINKPLAY_HEAP_MINUTES overrides; 0 leaves the measure out
	heapSampleEvery    = 15 * time.Second
	heapWarmUp         = time.Minute
	budgetHeapGrowth   = 2 << 20 // bytes
)

// longAggregation is unbounded, and its source unthrottled: a thousand
// keys, each change of a key's counts a -U/+U pair sent to the page's
// Table view, which sets the pace (the engine waits for the page).
const longAggregation = `CREATE TABLE Clicks (user_id INT, page INT) WITH (
  'connector' = 'datagen', 'rows-per-second' = '100000000',
  'fields.user_id.min' = '1', 'fields.user_id.max' = '1000',
  'fields.page.min' = '1', 'fields.page.max' = '100'
);
SELECT user_id, COUNT(*) AS clicks, SUM(page) AS pages, MAX(page) AS top_page FROM Clicks GROUP BY user_id;
`

// heapSample is what the engine and the page hold at one moment, in
// bytes: the state the query's operators keep, as they count it, and the
// engine worker's WebAssembly memory (which grows and never shrinks); the
// page's (app.wasm's) heap goal (where its Go runtime collects next: five
// times the live heap the last collection found, at the page's GOGC of
// 400) and all the memory its runtime holds; and the main thread's live
// JavaScript heap.
type heapSample struct {
	At                           time.Duration
	Received                     int64
	EngineState, EngineMemory    int64
	PageHeap, PageMemory, JSHeap int64
}

// heapRun is the long aggregation's samples; Err says why it ended early.
type heapRun struct {
	Minutes float64
	Samples []heapSample
	Load    float64
	Err     string
}

func heapMinutes() float64 {
	if v := os.Getenv("FLINKPLAY_HEAP_MINUTES"); v != "" {
		if f, err := strconv.ParseFloat(v, 64); err == nil && f >= 0 {
			return f
		}
	}
	return defaultHeapMinutes
}

// measureHeap runs longAggregation for the minutes asked, in the Table
// view, and samples memory every heapSampleEvery.
func measureHeap(t *testing.T, minutes float64) heapRun {
	run := heapRun{Minutes: minutes, Load: -1}
	length := time.Duration(minutes * float64(time.Minute))
	p := open(t, length+3*time.Minute)
	p.load()
	if idle := waitIdle(5 * time.Second); idle >= 0 {
		run.Load = 1 - idle
	}
	if _, err := chromedp.Call(p.ctx, performance.Enable, performance.EnableParams{}); err != nil {
		t.Fatalf("Performance.enable: %v", err)
	}
	p.setScript(longAggregation)
	p.click("view-table")
	p.runAll()
	start := time.Now()
	sample := func() (heapSample, error) {
		s := heapSample{At: time.Since(start)}
		st, err := tryEval[map[string]any](p, `JSON.parse(window.flinkplay.state())`)
		if err != nil {
			return s, fmt.Errorf("the page does not answer: %w", err)
		}
		if st["running"] != true {
			return s, fmt.Errorf("the aggregation stopped after %s: %v", s.At.Round(time.Second), st["error"])
		}
		num := func(m map[string]any, k string) int64 { f, _ := m[k].(float64); return int64(f) }
		s.Received, s.EngineState, s.EngineMemory = num(st, "received"), num(st, "engineState"), num(st, "engineMemory")
		stats, err := tryEval[map[string]any](p, `JSON.parse(window.flinkplay.stats())`)
		if err != nil {
			return s, fmt.Errorf("the page does not answer: %w", err)
		}
		s.PageHeap, s.PageMemory = num(stats, "heapGoal"), num(stats, "memory")
		// The JavaScript heap that is live: collected first, as the
		// heap in use counts garbage until the collector runs.
		ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
		_, err = chromedp.Call(ctx, heapprofiler.CollectGarbage, cdp.Empty{})
		cancel()
		if err != nil {
			return s, fmt.Errorf("HeapProfiler.collectGarbage: %w", err)
		}
		m, err := tryMetrics(p)
		if err != nil {
			return s, err
		}
		s.JSHeap = int64(m["JSHeapUsedSize"])
		return s, nil
	}
	for next := time.Duration(0); ; next += heapSampleEvery {
		time.Sleep(time.Until(start.Add(next)))
		s, err := sample()
		if err != nil {
			run.Err = err.Error()
			t.Errorf("%v", err)
			break
		}
		run.Samples = append(run.Samples, s)
		t.Logf("%6s: %s changes; engine state %s, memory %s; page heap goal %s, memory %s; JS heap %s", s.At.Round(time.Second),
			state.Count(s.Received), mib(s.EngineState), mib(s.EngineMemory), mib(s.PageHeap), mib(s.PageMemory), mib(s.JSHeap))
		if next >= length {
			break
		}
	}
	p.shot("long-aggregation")
	p.stop()
	return run
}

// growth is how much each measure grew from its greatest in the minute
// after the warm-up to its greatest in the last minute (the measures go
// up and down with the collections and the page's buffers).
func (r heapRun) growth() (engineState, engineMemory, pageHeap, pageMemory, jsHeap int64, ok bool) {
	if len(r.Samples) == 0 {
		return 0, 0, 0, 0, 0, false
	}
	end := r.Samples[len(r.Samples)-1].At
	if end < heapWarmUp+2*time.Minute {
		return 0, 0, 0, 0, 0, false
	}
	var base, last heapSample
	for _, s := range r.Samples {
		var into *heapSample
		switch {
		case s.At >= heapWarmUp && s.At < heapWarmUp+time.Minute:
			into = &base
		case s.At > end-time.Minute:
			into = &last
		default:
			continue
		}
		into.EngineState, into.EngineMemory = max(into.EngineState, s.EngineState), max(into.EngineMemory, s.EngineMemory)
		into.PageHeap, into.PageMemory, into.JSHeap = max(into.PageHeap, s.PageHeap), max(into.PageMemory, s.PageMemory), max(into.JSHeap, s.JSHeap)
	}
	return last.EngineState - base.EngineState, last.EngineMemory - base.EngineMemory, last.PageHeap - base.PageHeap,
		last.PageMemory - base.PageMemory, last.JSHeap - base.JSHeap, true
}

func heapDoc(r heapRun) string {
	if len(r.Samples) == 0 && r.Err == "" {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n## A long aggregation's memory\n\n")
	fmt.Fprintf(&b, "An unbounded grouped aggregation (datagen without a rate limit, a thousand keys; COUNT, SUM and MAX per key) runs in the Table view, as fast as the page takes its changes, for %g minutes, and every %.0f s the test reads what the engine worker holds (the state its operators keep, as they count it, and its WebAssembly memory, which grows and never shrinks), what the page (app.wasm) holds (its heap goal, where Go's runtime collects next: five times the live heap the last collection found, at the page's GOGC of 400; and all the memory its runtime holds), and the main thread's JavaScript heap (CDP's JSHeapUsedSize, after a collection). The target (issue \"Stateful queries 10× faster\"): a flat heap; after the first minute, which builds the state, each may grow by %s at most, the greatest in the minute after the warm-up against the greatest in the last minute.", r.Minutes, heapSampleEvery.Seconds(), mib(budgetHeapGrowth))
	if r.Load >= 0 {
		fmt.Fprintf(&b, " The machine was %.0f%% busy before the run.", 100*r.Load)
	}
	fmt.Fprintf(&b, "\n\n| time | changes received | engine state | engine memory | page heap goal | page memory | JS heap |\n|---|---:|---:|---:|---:|---:|---:|\n")
	for i, s := range r.Samples {
		if i%4 != 0 && i != len(r.Samples)-1 {
			continue // a line a minute, and the last
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", s.At.Round(time.Second), state.Count(s.Received), mib(s.EngineState),
			mib(s.EngineMemory), mib(s.PageHeap), mib(s.PageMemory), mib(s.JSHeap))
	}
	if r.Err != "" {
		fmt.Fprintf(&b, "\nThe run ended early: %s.\n", r.Err)
		return b.String()
	}
	eh, em, ph, pm, js, ok := r.growth()
	if !ok {
		fmt.Fprintf(&b, "\nThe run was too short to judge (it needs %s).\n", heapWarmUp+2*time.Minute)
		return b.String()
	}
	verdict := "met"
	for _, g := range []int64{eh, em, ph, pm, js} {
		if g > budgetHeapGrowth {
			verdict = "not met"
		}
	}
	fmt.Fprintf(&b, "\nGrowth after the first minute: engine state %s, engine memory %s, page heap goal %s, page memory %s, JS heap %s (%s).\n",
		signedMiB(eh), signedMiB(em), signedMiB(ph), signedMiB(pm), signedMiB(js), verdict)
	return b.String()
}

// mib shows bytes in MiB.
func mib(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

func signedMiB(n int64) string {
	if n < 0 {
		return "-" + mib(-n)
	}
	return "+" + mib(n)
}
