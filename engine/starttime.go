package engine

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
)

// KeyStartTime is 'playground.start-time': when set, every query sees a
// virtual clock that starts at this instant (a local date-time in
// 'table.local-time-zone') and advances only by the pacing sleeps its
// sources ask for. With 'playground.datagen.seed' the same script then
// gives the same rows on every run, timestamps included.
const KeyStartTime = "playground.start-time"

// startTimeLayout is how a start time is written: Flink's TIMESTAMP literal
// text. Go's parser also takes a fraction of up to nine digits after the
// seconds, as the literal does.
const startTimeLayout = "2006-01-02 15:04:05"

// parseStartTime reads a start time in the given zone.
func parseStartTime(v string, zone *time.Location) (time.Time, error) {
	return time.ParseInLocation(startTimeLayout, strings.TrimSpace(v), zone)
}

// startTime returns the session's start time, if one is set: the SET
// value, else the config's default. A bad value is reported as Flink
// reports any configuration value it cannot parse.
func (s *Session) startTime() (t time.Time, ok bool, err error) {
	v, set := s.settings[KeyStartTime]
	if !set {
		v = s.cfg.StartTime
	}
	if v == "" && !set {
		return time.Time{}, false, nil
	}
	t, err = parseStartTime(v, s.Zone())
	if err != nil {
		return time.Time{}, false, badStartTime(diag.NoPos, v)
	}
	return t, true, nil
}

func badStartTime(pos int, v string) error {
	return diag.Errorf(pos, diag.IllegalArgument, "Could not parse value '%s' for key '%s'.", v, KeyStartTime)
}

// queryClock returns the clock one query (or INSERT job) runs with: the
// session's clock, or with a start time a fresh virtual clock, so that
// every query of a script starts at the same instant whenever it runs.
func (s *Session) queryClock() (stream.Clock, error) {
	start, ok, err := s.startTime()
	if err != nil || !ok {
		return s.cfg.Clock, err
	}
	return &startClock{base: s.cfg.Clock, now: start}, nil
}

// startClock stands at a start time and moves only when the query sleeps.
// The sleep itself happens on the base clock, so rows still arrive at the
// rate their source asks for; only what the query reads as "now" is
// virtual, and so the same on every run.
type startClock struct {
	base stream.Clock
	mu   sync.Mutex
	now  time.Time
}

var _ stream.Clock = (*startClock)(nil)

// Now returns the virtual time. It still reads the base clock, whose Now
// may do work of its own (the browser's worker yields to the page there).
func (c *startClock) Now() time.Time {
	c.base.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Sleep waits d on the base clock, then advances the virtual time by
// exactly d: a sleep that overslept by a few milliseconds must not shift
// the timestamps of the next rows.
func (c *startClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := c.base.Sleep(ctx, d); err != nil {
		return err
	}
	if d > 0 {
		c.mu.Lock()
		c.now = c.now.Add(d)
		c.mu.Unlock()
	}
	return nil
}
