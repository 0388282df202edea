//go:build js && wasm

package main

import (
	"sync"
	"syscall/js"
	"time"
	"unsafe"
)

// jsText copies a JS string into Go memory once. js.Value.String copies it
// twice (into a []byte, then into a string), and a rows message is several
// hundred kilobytes, twenty times a second: the garbage it leaves decides
// how often the collector runs. The bytes are never written after the
// copy, so they can back the string.
func jsText(v js.Value) string {
	u := js.Global().Get("flinkplayDOM").Call("utf8", v)
	b := make([]byte, u.Get("length").Int())
	if len(b) == 0 {
		return ""
	}
	js.CopyBytesToGo(b, u)
	return unsafe.String(&b[0], len(b))
}

// taskBudget is how long Go may keep the thread in one browser task before
// a loop about to do more work yields first; a phase of work (a drain
// slice, a flush, a Vugu render) is bounded on its own, so that a task stays
// well under the 50 ms budget.
const taskBudget = 8 * time.Millisecond

// yielder gives the main thread back to the browser. time.Sleep does not:
// Go's scheduler returns to the browser only when no goroutine is ready, so
// the message loop, the flush loop and the render loop, each sleeping a
// millisecond, would run one after the other in a single long task.
var yielder = newYielder()

type yieldState struct {
	mu        sync.Mutex
	waiting   []chan struct{}
	fn        js.Func
	taskStart time.Time // when the current browser task entered Go, as far as known
}

func newYielder() *yieldState {
	y := &yieldState{}
	y.fn = js.FuncOf(func(js.Value, []js.Value) any {
		y.mu.Lock()
		defer y.mu.Unlock()
		y.taskStart = time.Now()
		if len(y.waiting) > 0 {
			close(y.waiting[0])
			y.waiting = y.waiting[1:]
		}
		return nil
	})
	return y
}

// entered notes that a browser event entered Go: a new task.
func (y *yieldState) entered() {
	y.mu.Lock()
	y.taskStart = time.Now()
	y.mu.Unlock()
}

// yield returns in a new browser task, after what was queued before it
// (input, timers, rendering) had its turn.
func (y *yieldState) yield() {
	c := make(chan struct{})
	y.mu.Lock()
	y.waiting = append(y.waiting, c)
	y.mu.Unlock()
	js.Global().Get("flinkplayDOM").Call("yieldTo", y.fn)
	<-c
}

// maybe yields when the current task has already taken taskBudget, or when
// it is unknown how long it has run (a timer woke Go).
func (y *yieldState) maybe() {
	y.mu.Lock()
	busy := time.Since(y.taskStart) > taskBudget
	y.mu.Unlock()
	if busy {
		y.yield()
	}
}
