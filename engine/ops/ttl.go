package ops

import "time"

// StateTTL applies 'table.exec.state.ttl' in an operator as Flink's state
// TTL does for SQL operators (update on create and write, never return
// expired state): state of a key, or a join record, that has not been
// written for TTL of processing time is gone. A row for an expired group
// starts the group afresh (+I again, its old result never retracted); a
// retraction of expired state is ignored. Expired state is also swept
// away, so it stops counting against the state limit.
//
// The operator reads the clock once per batch (tick); its time is the
// query's clock, virtual in tests and embeds.
type StateTTL struct {
	TTL time.Duration // 0: state never expires
	Now func() time.Time

	now       int64
	lastSweep int64
}

func (t *StateTTL) on() bool { return t != nil && t.TTL > 0 && t.Now != nil }

// tick reads the clock for the batch about to be processed and reports
// whether a sweep of expired state is due (at most once per TTL/2).
func (t *StateTTL) tick() bool {
	if !t.on() {
		return false
	}
	t.now = t.Now().UnixNano()
	if t.lastSweep == 0 {
		t.lastSweep = t.now
		return false
	}
	if t.now-t.lastSweep >= int64(t.TTL)/2 {
		t.lastSweep = t.now
		return true
	}
	return false
}

// expired reports whether state written at touched is gone.
func (t *StateTTL) expired(touched int64) bool {
	return t.on() && t.now-touched >= int64(t.TTL)
}

// stamp is the time to record for state written now (0 without a TTL).
func (t *StateTTL) stamp() int64 {
	if !t.on() {
		return 0
	}
	return t.now
}
