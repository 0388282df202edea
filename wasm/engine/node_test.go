//go:build !js

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// TestWorkerInNode builds engine.wasm and plays the protocol with it in
// Node, whose global scope testdata/node_harness.js dresses up as a Web
// Worker's: the real wasm build, the real JS glue, the real JSON.
func TestWorkerInNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	if testing.Short() {
		t.Skip("builds engine.wasm")
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skip("go env GOROOT:", err)
	}
	wasmExec := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")
	if _, err := os.Stat(wasmExec); err != nil {
		t.Skip("no wasm_exec.js:", err)
	}
	wasm := filepath.Join(t.TempDir(), "engine.wasm")
	build := exec.Command("go", "build", "-o", wasm, ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building engine.wasm: %v\n%s", err, out)
	}
	if fi, err := os.Stat(wasm); err == nil {
		t.Logf("engine.wasm: %d bytes", fi.Size())
	}
	harness, _ := filepath.Abs(filepath.Join("testdata", "node_harness.js"))

	play := func(t *testing.T, scenario string) (msgs []protocol.Message, cancelMs int) {
		t.Helper()
		cmd := exec.Command(node, harness, wasmExec, wasm, scenario)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("node %s: %v\nstderr: %s\nstdout tail: %s", scenario, err, stderr.Bytes(), tail(out))
		}
		sc := bufio.NewScanner(bytes.NewReader(out))
		sc.Buffer(nil, 64<<20)
		cancelMs = -1
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "MSG "):
				var m protocol.Message
				if err := json.Unmarshal([]byte(line[4:]), &m); err != nil {
					t.Fatalf("bad message %q: %v", line, err)
				}
				msgs = append(msgs, m)
			case strings.HasPrefix(line, "CANCEL_MS "):
				cancelMs, _ = strconv.Atoi(line[10:])
			}
		}
		return msgs, cancelMs
	}

	t.Run("seed example", func(t *testing.T) {
		msgs, _ := play(t, "seed")
		// "ready" comes as early as it can; the request that waited for the
		// engine runs without a warm-up, and the specs come later (a second
		// after, wherever that falls in the run on a busy machine).
		var run []protocol.Message
		var specs *protocol.Message
		for i := range msgs {
			if msgs[i].Type == protocol.TypeSpecs {
				if specs == nil && len(run) < 2 {
					t.Errorf("the specs came before the waiting request ran: %s", squashTypes(msgs))
				}
				specs = &msgs[i]
				continue
			}
			run = append(run, msgs[i])
		}
		if got, want := squashTypes(run), "ready statement result catalogIs statement schema rows done runDone catalogIs"; got != want {
			t.Fatalf("messages:\n got %s\nwant %s", got, want)
		}
		if msgs[0].Specs != nil || msgs[0].Boot["goMain"] == 0 {
			t.Errorf("ready: specs %+v, boot %v", msgs[0].Specs, msgs[0].Boot)
		}
		if specs == nil || specs.Specs == nil || len(specs.Specs.Connectors) == 0 || len(specs.Specs.Keywords) == 0 {
			t.Errorf("no specs, or specs without specs: %+v", specs)
		}
		var rows []protocol.Row
		var done protocol.Message
		for _, m := range msgs {
			switch m.Type {
			case protocol.TypeRows:
				rows = append(rows, m.Rows...)
			case protocol.TypeDone:
				done = m
			}
		}
		if len(rows) != 5 || done.Footer != "Received a total of 5 rows" || done.Received != 5 {
			t.Errorf("%d rows, done %+v", len(rows), done)
		}
		for _, r := range rows {
			if r.Op != "+I" || len(r.Cells) != 2 || len(r.Cells[1]) != 100 || !strings.HasPrefix(r.Line, "| +I |") {
				t.Errorf("row %+v", r)
			}
		}
	})

	for _, scenario := range []string{"cancel", "throttled"} {
		t.Run(scenario, func(t *testing.T) { playCancel(t, play, scenario) })
	}
}

// playCancel plays a scenario that cancels a running query and checks
// that the query ends cancelled.
func playCancel(t *testing.T, play func(*testing.T, string) ([]protocol.Message, int), scenario string) {
	start := time.Now()
	msgs, cancelMs := play(t, scenario)
	var done *protocol.Message
	for i := range msgs {
		if msgs[i].Type == protocol.TypeDone {
			done = &msgs[i]
		}
	}
	if done == nil || !done.Cancelled || !strings.HasPrefix(done.Footer, "Query terminated, received a total of ") {
		t.Fatalf("no cancelled done: %s", squashTypes(msgs))
	}
	t.Logf("cancel took %d ms (whole scenario %v)", cancelMs, time.Since(start))
	// Timing belongs to benchmarks; this machine may be busy. The
	// cancel must arrive, though, and not by accident of the end.
	if cancelMs < 0 || cancelMs > 10000 {
		t.Errorf("cancel took %d ms", cancelMs)
	}
	if scenario == "throttled" && (done.Received < 1000 || done.Received%1000 != 0) {
		t.Errorf("throttled query received %d rows, want whole bursts of 1000", done.Received)
	}
}

// squashTypes lists the message types with repeats of rows and progress
// folded, so that pacing does not matter.
func squashTypes(msgs []protocol.Message) string {
	var out []string
	for _, m := range msgs {
		if m.Type == protocol.TypeProgress {
			continue
		}
		if len(out) > 0 && out[len(out)-1] == m.Type && m.Type == protocol.TypeRows {
			continue
		}
		out = append(out, m.Type)
	}
	return strings.Join(out, " ")
}

func tail(b []byte) []byte {
	if len(b) > 2000 {
		return b[len(b)-2000:]
	}
	return b
}
