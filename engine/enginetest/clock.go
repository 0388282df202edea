package enginetest

import (
	"context"
	"sync"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
)

// Epoch is the instant every test session starts at: 2026-01-01 00:00:00 UTC.
var Epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// VirtualClock is a stream.Clock whose Sleep advances time at once, so a
// rate-limited source (datagen emits once per second) runs as fast as the
// machine allows and every run sees the same timestamps.
type VirtualClock struct {
	mu  sync.Mutex
	now time.Time
}

var _ stream.Clock = (*VirtualClock)(nil)

// NewVirtualClock returns a clock standing at start.
func NewVirtualClock(start time.Time) *VirtualClock { return &VirtualClock{now: start} }

// Now returns the virtual time.
func (c *VirtualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Sleep advances the virtual time by d without waiting. It still honours
// cancellation, so a cancelled query stops at its next sleep.
func (c *VirtualClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d > 0 {
		c.Advance(d)
	}
	return nil
}

// Advance moves the virtual time forward by d.
func (c *VirtualClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}
