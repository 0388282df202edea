//go:build !(js && wasm)

package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// cancelLimitMs is how long a cancel may take before the test calls it
// broken; the budget itself (100 ms) is logged, not asserted.
const cancelLimitMs = 2000

// workerFixture is a bare page that talks to engine-worker.js directly, so
// the worker's side of the protocol is tested apart from the UI. Rows are
// counted, not kept: an unthrottled query sends millions.
const workerFixture = `<!doctype html>
<meta charset="utf-8"><title>engine worker</title>
<script>
const e2w = window.__w = {msgs: [], rows: 0, lastRows: [], sentAt: 0};
const w = new Worker('/engine-worker.js');
w.onmessage = (e) => {
  const m = JSON.parse(e.data);
  if (m.type === 'rows') { e2w.rows += m.rows.length; e2w.lastRows = m.rows.slice(0, 3); return; }
  m.at = performance.now();
  if (m.type === 'ready') { m.specs = {connectors: (m.specs?.connectors || []).map((c) => ({name: c.name, options: (c.options || []).map((o) => ({key: o.key}))}))}; }
  e2w.msgs.push(m);
};
w.onerror = (e) => { e2w.msgs.push({type: 'workerError', text: String(e.message), at: performance.now()}); };
window.send = (o) => { e2w.sentAt = performance.now(); w.postMessage(JSON.stringify(o)); return true; };
</script>`

// workerMsg is a protocol.Message plus when the page received it.
type workerMsg struct {
	protocol.Message
	At float64 `json:"at"`
}

// send posts a request to the worker from the fixture page.
func (p *page) send(req string) {
	p.t.Helper()
	eval[bool](p, "post "+req, `send(`+req+`)`)
}

// waitMsg waits for the first message of the run id with the given type.
func (p *page) waitMsg(id int, typ string, d time.Duration) workerMsg {
	p.t.Helper()
	return waitFor[workerMsg](p, fmt.Sprintf("a %q message of run %d", typ, id),
		fmt.Sprintf(`__w.msgs.find((m) => m.type === %s && (m.id || 0) === %d) || __w.msgs.find((m) => m.type === 'workerError')`, jsString(typ), id), d)
}

// runMsgs returns the types of the messages of run id, in order.
func (p *page) runMsgs(id int) []string {
	p.t.Helper()
	return eval[[]string](p, "messages", fmt.Sprintf(`__w.msgs.filter((m) => (m.id || 0) === %d).map((m) => m.type)`, id))
}

// cancelRun cancels run id and returns how long the worker took to say
// done, in ms; it checks the end of the run as Flink's client shows it.
func (p *page) cancelRun(id int) float64 {
	p.t.Helper()
	p.send(fmt.Sprintf(`{type: 'cancel', id: %d}`, id))
	done := p.waitMsg(id, protocol.TypeDone, 5*time.Second)
	took := done.At - eval[float64](p, "sentAt", `__w.sentAt`)
	if done.Type != protocol.TypeDone || !done.Cancelled {
		p.fatalf("after cancel: %+v, want done with cancelled", done.Message)
	}
	if !strings.HasPrefix(done.Footer, "Query terminated, received a total of ") {
		p.t.Errorf("footer %q, want Flink's \"Query terminated, received a total of N rows\"", done.Footer)
	}
	p.waitMsg(id, protocol.TypeRunDone, 2*time.Second)
	n := eval[int](p, "rows", `__w.rows`)
	time.Sleep(300 * time.Millisecond)
	if m := eval[int](p, "rows", `__w.rows`); m != n {
		p.t.Errorf("run %d: %d rows arrived after runDone", id, m-n)
	}
	return took
}

// TestWorkerProtocol drives engine-worker.js through the protocol: ready,
// then the specs, a streaming query, a cancel that ends it within 100 ms, and
// positioned errors.
func TestWorkerProtocol(t *testing.T) {
	dist := requireBuild(t, "engine-worker.js", "engine.wasm", "wasm_exec.js")
	p := openBuild(t, 90*time.Second, dist)
	p.do("open the worker fixture", 20*time.Second, chromedp.Navigate(p.base+"/__e2e/worker.html"))
	ready := p.waitMsg(0, protocol.TypeReady, 20*time.Second)
	if ready.Type != protocol.TypeReady {
		p.fatalf("the worker failed before ready: %+v", ready)
	}
	t.Logf("ready %.0f ms after navigationStart", ready.At)
	specs := p.waitMsg(0, protocol.TypeSpecs, 20*time.Second)
	datagen := false
	if specs.Specs != nil {
		for _, c := range specs.Specs.Connectors {
			if c.Name != "datagen" {
				continue
			}
			for _, o := range c.Options {
				datagen = datagen || o.Key == "rows-per-second"
			}
		}
	}
	if !datagen {
		p.fatalf("the specs message lacks datagen's 'rows-per-second': %+v", specs.Specs)
	}

	// Stream and cancel.
	{
		p.send(fmt.Sprintf(`{type: 'execute', id: 1, script: %s, start: 0, end: %d}`, jsString(runawayScript), len(runawayScript)))
		waitFor[bool](p, "1000 rows", `__w.rows >= 1000`, 20*time.Second)
		schema := p.waitMsg(1, protocol.TypeSchema, time.Second)
		if len(schema.Columns) != 2 || schema.Columns[0] != (protocol.Column{Name: "id", Type: "INT"}) || schema.Columns[1] != (protocol.Column{Name: "name", Type: "STRING"}) || !schema.Streaming {
			t.Errorf("schema = %+v, want streaming id INT, name STRING", schema.Message)
		}
		rows := eval[[]protocol.Row](p, "rows", `__w.lastRows`)
		for _, r := range rows {
			if r.Op != "+I" || len(r.Cells) != 2 || !strings.HasPrefix(r.Line, "| +I |") {
				t.Errorf("row %+v, want +I with 2 cells and a tableau line", r)
			}
		}
		n0 := eval[int](p, "rows", `__w.rows`)
		time.Sleep(time.Second)
		t.Logf("the worker sends %d rows/s of the unthrottled query", eval[int](p, "rows", `__w.rows`)-n0)
		took := p.cancelRun(1)
		got := strings.Join(p.runMsgs(1), " ")
		if want := "statement result statement schema"; !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "done runDone") {
			t.Errorf("messages of the run: %s; want %s ... done runDone", got, want)
		}
		// One cancel can land behind a GC pause; the contract is about
		// the usual case, so judge the median of three.
		times := []float64{took}
		for id := 11; id <= 12; id++ {
			script := strings.ReplaceAll(runawayScript, "Runaway", fmt.Sprintf("Runaway%d", id))
			p.send(fmt.Sprintf(`{type: 'execute', id: %d, script: %s, start: 0, end: %d}`, id, jsString(script), len(script)))
			p.waitMsg(id, protocol.TypeSchema, 10*time.Second)
			time.Sleep(700 * time.Millisecond)
			times = append(times, p.cancelRun(id))
		}
		slices.Sort(times)
		t.Logf("cancel to done: %.1f ms (sorted)", times)
		// The 100 ms target is a budget, measured and logged here, not
		// asserted: timings in tests fail on a busy machine. The test
		// fails only when a cancel does not work at all.
		if times[1] > cancelLimitMs {
			t.Errorf("cancel took %.1f ms (median of %.1f): it does not work", times[1], times)
		}
	}

	// A throttled query (datagen's default 10000 rows/s) sleeps between
	// rows; Stop must cut the sleep short, too.
	{
		script := strings.ReplaceAll(seedScript, "MySource", "Throttled")
		var times []float64
		for id := 21; id <= 23; id++ {
			s := strings.ReplaceAll(script, "Throttled", fmt.Sprintf("Throttled%d", id))
			p.send(fmt.Sprintf(`{type: 'execute', id: %d, script: %s, start: 0, end: %d}`, id, jsString(s), len(s)))
			p.waitMsg(id, protocol.TypeSchema, 10*time.Second)
			time.Sleep(700 * time.Millisecond)
			times = append(times, p.cancelRun(id))
		}
		slices.Sort(times)
		t.Logf("cancel of a throttled query to done: %.1f ms (sorted)", times)
		if times[1] > cancelLimitMs {
			t.Errorf("cancel of a throttled query took %.1f ms (median of %.1f): it does not work", times[1], times)
		}
	}

	// A syntax error, positioned in the script.
	{
		script := "CREATE TABLE T (id INT) WITH ('connector' = 'datagen');\n\nSELECT id,\nFROM T;\n"
		p.send(fmt.Sprintf(`{type: 'execute', id: 2, script: %s, start: 0, end: %d}`, jsString(script), len(script)))
		m := p.waitMsg(2, protocol.TypeError, 10*time.Second)
		if m.Error == nil {
			t.Fatalf("got %+v, want an error", m.Message)
		}
		e := m.Error
		if e.Class != "org.apache.flink.sql.parser.impl.ParseException" || e.Line != 4 || e.Col != 1 || e.Offset != strings.Index(script, "FROM T;") {
			t.Errorf("error %+v, want ParseException at script line 4, col 1, offset %d", *e, strings.Index(script, "FROM T;"))
		}
		// Flink counts from the statement (line 2); the page's text is the
		// editor's (line 4).
		if want := `org.apache.flink.sql.parser.impl.ParseException: Incorrect syntax near the keyword 'FROM' at line 4, column 1.`; !strings.Contains(e.Text, want) {
			t.Errorf("error text %q lacks %q", e.Text, want)
		}
	}

	// An unknown datagen option.
	{
		script := "CREATE TABLE T2 (id INT) WITH ('connector' = 'datagen', 'no-such-option' = '1');\nSELECT * FROM T2;\n"
		p.send(fmt.Sprintf(`{type: 'execute', id: 3, script: %s, start: 0, end: %d}`, jsString(script), len(script)))
		m := p.waitMsg(3, protocol.TypeError, 10*time.Second)
		if m.Error == nil || !strings.Contains(m.Error.Text, "Unsupported options found for 'datagen'.") || !strings.Contains(m.Error.Text, "no-such-option") {
			t.Errorf("got %+v, want Flink's unsupported options error", m.Error)
		}
	}
}
