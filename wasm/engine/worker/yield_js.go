//go:build js

package worker

import "time"

// defaultYield lets the JS event loop run: in a browser or Node, Go hands
// control back to JS only when every goroutine is blocked, so a Gosched is
// not enough for a message (a cancel) to arrive.
func defaultYield() { time.Sleep(time.Millisecond) }
