package connector

import "time"

// Pacer meters a source out in bursts, as Flink's rate-limited generators
// do: every second, perSecond rows as fast as they can be made, then a
// rest until the next second starts.
type Pacer struct {
	perSecond int64 // <= 0: unthrottled
	left      int64
	next      time.Time
	started   bool
}

// NewPacer returns a pacer of perSecond rows a second (unthrottled when
// perSecond <= 0).
func NewPacer(perSecond int64) *Pacer { return &Pacer{perSecond: perSecond} }

// Take returns how many of want rows may be made now; when none may, it
// returns the wait until the next burst.
func (p *Pacer) Take(now time.Time, want int64) (int64, time.Duration) {
	if p.perSecond <= 0 {
		return want, 0
	}
	if !p.started {
		p.started = true
		p.next = now
	}
	if p.left == 0 {
		if now.Before(p.next) {
			return 0, p.next.Sub(now)
		}
		p.left = p.perSecond
		p.next = p.next.Add(time.Second)
	}
	n := min(want, p.left)
	p.left -= n
	return n, 0
}

// Give returns rows taken but not made (the source ended early).
func (p *Pacer) Give(n int64) { p.left += n }
