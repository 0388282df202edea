package cep

import (
	"math"
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// Step is one row of a (partial) match: the variable it was mapped to and
// the event.
type Step[E any] struct {
	Var int
	Ev  E
	pos int64 // the event's position in the partition's processing order
}

// Define evaluates variable v's DEFINE condition for the candidate event
// ev after the rows of path; a NULL condition is false.
type Define[E any] func(v int, path Path[E], ev E) (bool, error)

// Path is the rows of a partial match, read from the last one back
// (Backward, which stops early) or in order (Steps, which copies them).
type Path[E any] struct{ p *pathNode[E] }

// Len is the number of rows.
func (p Path[E]) Len() int {
	if p.p == nil {
		return 0
	}
	return p.p.n
}

// Backward calls f with the rows from the last to the first while f
// returns true.
func (p Path[E]) Backward(f func(Step[E]) bool) {
	for q := p.p; q != nil; q = q.prev {
		if !f(q.step) {
			return
		}
	}
}

// Steps writes the rows in order into buf (grown as needed).
func (p Path[E]) Steps(buf []Step[E]) []Step[E] { return p.p.stepsInto(buf) }

// Match is a completed match: its rows in order and the time it was found
// at (the time of the event or of the time advance that emitted it).
type Match[E any] struct {
	Steps []Step[E]
	Time  int64
}

// pathNode is a persistent list: the branches of a computation share their
// common prefix, as Flink's shared buffer does.
type pathNode[E any] struct {
	prev *pathNode[E]
	step Step[E]
	n    int
}

func (p *pathNode[E]) steps() []Step[E] { return p.stepsInto(nil) }

// stepsInto writes the path into buf (grown as needed) and returns it.
func (p *pathNode[E]) stepsInto(buf []Step[E]) []Step[E] {
	if p == nil {
		return buf[:0]
	}
	if cap(buf) < p.n {
		buf = make([]Step[E], p.n)
	}
	buf = buf[:p.n]
	for q := p; q != nil; q = q.prev {
		buf[q.n-1] = q.step
	}
	return buf
}

// computation is a partial (or, in the final state, completed) match:
// Flink's ComputationState.
type computation[E any] struct {
	state     *State
	path      *pathNode[E]
	start     int64 // position of its first event; math.MaxInt64 for the start state
	startTime int64
}

// byStart orders computations as Flink's COMPUTATION_STATE_COMPARATOR
// does: by their first event, the start state last.
func byStart[E any](a, b *computation[E]) int {
	switch {
	case a.start < b.start:
		return -1
	case a.start > b.start:
		return 1
	}
	return 0
}

// NFA runs a compiled pattern over the events of one partition.
type NFA[E any] struct {
	g         *Graph
	define    Define[E]
	partials  *javaQueue[*computation[E]]
	completed *javaQueue[*computation[E]]
	next      int64 // position of the next event
	verdicts  []int8
}

// NewNFA starts an automaton for one partition.
func NewNFA[E any](g *Graph, define Define[E]) *NFA[E] {
	n := &NFA[E]{g: g, define: define,
		partials:  newJavaQueue(byStart[E]),
		completed: newJavaQueue(byStart[E]),
		verdicts:  make([]int8, len(g.names)),
	}
	n.partials.offer(n.startState())
	return n
}

func (n *NFA[E]) startState() *computation[E] {
	return &computation[E]{state: n.g.start, start: math.MaxInt64}
}

// Partial reports the number of partial matches in progress and of
// completed matches waiting for an earlier partial match.
func (n *NFA[E]) Partial() int { return n.partials.len() - 1 + n.completed.len() }

// Idle reports whether the automaton holds nothing but its start state.
func (n *NFA[E]) Idle() bool { return n.partials.len() == 1 && n.completed.len() == 0 }

// AdvanceTime drops the partial matches WITHIN has expired at time ts and
// returns the completed matches that this releases.
func (n *NFA[E]) AdvanceTime(ts int64) ([]Match[E], error) {
	fresh := newJavaQueue(byStart[E])
	for _, c := range n.partials.items {
		if !c.state.start && n.g.within > 0 && ts-c.startTime >= n.g.within {
			continue
		}
		fresh.offer(c)
	}
	n.partials = fresh
	return n.emit(nil, ts)
}

// Process feeds one event at time ts and returns the matches it completes,
// in Flink's order.
func (n *NFA[E]) Process(ev E, ts int64) ([]Match[E], error) {
	pos := n.next
	n.next++
	fresh := newJavaQueue(byStart[E])
	var potential []*computation[E]
	potentialQ := newJavaQueue(byStart[E])
	for _, c := range n.partials.items {
		next, err := n.computeNext(c, ev, pos, ts)
		if err != nil {
			return nil, err
		}
		for _, s := range next {
			if s.state.final {
				potentialQ.offer(s)
			} else {
				fresh.offer(s)
			}
		}
	}
	potential = potentialQ.items
	n.partials = fresh
	return n.emit(potential, ts)
}

// computeNext is Flink's computeNextStates: the TAKE transitions the event
// satisfies, after following the PROCEED transitions it satisfies.
func (n *NFA[E]) computeNext(c *computation[E], ev E, pos, ts int64) ([]*computation[E], error) {
	path := Path[E]{c.path}
	for i := range n.verdicts {
		n.verdicts[i] = 0
	}
	var edges []*transition
	stack := []*State{c.state}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, t := range s.trans {
			ok, err := n.eval(t.cond, path, ev)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
			if t.action == Proceed {
				stack = append(stack, t.target)
			} else {
				edges = append(edges, t)
			}
		}
	}
	var out []*computation[E]
	for _, t := range edges {
		start, startTime := c.start, c.startTime
		if c.state.start {
			start, startTime = pos, ts
		}
		p := &pathNode[E]{prev: c.path, step: Step[E]{Var: t.source.Var, Ev: ev, pos: pos}, n: path.Len() + 1}
		out = append(out, &computation[E]{state: t.target, path: p, start: start, startTime: startTime})
		final, err := n.finalAfterProceed(t.target, path, ev)
		if err != nil {
			return nil, err
		}
		if final != nil {
			out = append(out, &computation[E]{state: final, path: p, start: start, startTime: startTime})
		}
	}
	if c.state.start {
		out = append(out, n.startState())
	}
	return out, nil
}

// finalAfterProceed follows PROCEED transitions from s to the final state.
func (n *NFA[E]) finalAfterProceed(s *State, path Path[E], ev E) (*State, error) {
	stack := []*State{s}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, t := range cur.trans {
			if t.action != Proceed {
				continue
			}
			ok, err := n.eval(t.cond, path, ev)
			if err != nil {
				return nil, err
			}
			if ok {
				if t.target.final {
					return t.target, nil
				}
				stack = append(stack, t.target)
			}
		}
	}
	return nil, nil
}

// eval evaluates a condition; DEFINE verdicts are remembered for the
// computation being advanced (they read the same path and event).
func (n *NFA[E]) eval(c *cond, path Path[E], ev E) (bool, error) {
	switch c.kind {
	case condTrue:
		return true, nil
	case condDefine:
		switch n.verdicts[c.v] {
		case 1:
			return true, nil
		case -1:
			return false, nil
		}
		ok, err := n.define(c.v, path, ev)
		if err != nil {
			return false, err
		}
		n.verdicts[c.v] = -1
		if ok {
			n.verdicts[c.v] = 1
		}
		return ok, nil
	case condAnd:
		ok, err := n.eval(c.x, path, ev)
		if err != nil || !ok {
			return false, err
		}
		return n.eval(c.y, path, ev)
	case condNot:
		ok, err := n.eval(c.x, path, ev)
		return !ok, err
	}
	return false, nil
}

// emit is Flink's processMatchesAccordingToSkipStrategy: completed matches
// leave in order of their first event, each once no partial match that
// started earlier is alive, and each prunes what its skip strategy skips.
func (n *NFA[E]) emit(potential []*computation[E], ts int64) ([]Match[E], error) {
	for _, c := range potential {
		n.completed.offer(c)
	}
	var out []Match[E]
	for n.completed.len() > 0 {
		m := n.completed.peek()
		if p := n.partials.peek(); p != nil && byStart(m, p) > 0 {
			break
		}
		n.completed.poll()
		steps := m.path.steps()
		id, inclusive, err := n.pruningID(steps)
		if err != nil {
			return nil, err
		}
		prune := func(c *computation[E]) bool {
			if c.start == math.MaxInt64 {
				return false
			}
			return c.start < id || inclusive && c.start == id
		}
		n.partials.removeIf(prune)
		n.completed.removeIf(prune)
		out = append(out, Match[E]{Steps: steps, Time: ts})
	}
	return out, nil
}

// pruningID is the skip strategy's pruning event; inclusive says whether a
// match starting at it is pruned too.
func (n *NFA[E]) pruningID(steps []Step[E]) (id int64, inclusive bool, err error) {
	switch n.g.skip {
	case SkipToNext:
		return steps[0].pos, true, nil
	case SkipPastLast:
		return steps[len(steps)-1].pos, true, nil
	}
	id = -1
	for _, s := range steps {
		if s.Var == n.g.skipVar {
			if id < 0 || n.g.skip == SkipToLast {
				id = s.pos
			}
		}
	}
	if id < 0 {
		return 0, false, diag.Errorf(diag.NoPos, FlinkRuntimeException, "Could not skip to %s. No such element in the found match %s",
			n.g.names[n.g.skipVar], n.describe(steps))
	}
	if id == steps[0].pos {
		return 0, false, diag.Errorf(diag.NoPos, FlinkRuntimeException, "Could not skip to first element of a match.")
	}
	return id, false, nil
}

// describe writes a match as Flink prints its event ids per variable.
func (n *NFA[E]) describe(steps []Step[E]) string {
	var b strings.Builder
	b.WriteString("{")
	first := true
	for v, name := range n.g.names {
		var ids []string
		for _, s := range steps {
			if s.Var == v {
				ids = append(ids, "EventId{id="+strconv.FormatInt(s.pos, 10)+"}")
			}
		}
		if len(ids) == 0 {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		b.WriteString(name + "=[" + strings.Join(ids, ", ") + "]")
	}
	b.WriteString("}")
	return b.String()
}

// javaQueue is java.util.PriorityQueue: a binary heap whose iteration
// order is its array order. Flink iterates its queues of computations, so
// which of two equal-ranked matches comes first depends on the heap's
// shape; this keeps Flink's.
type javaQueue[T any] struct {
	items []T
	cmp   func(a, b T) int
}

func newJavaQueue[T any](cmp func(a, b T) int) *javaQueue[T] { return &javaQueue[T]{cmp: cmp} }

func (q *javaQueue[T]) len() int { return len(q.items) }

func (q *javaQueue[T]) peek() T {
	var zero T
	if len(q.items) == 0 {
		return zero
	}
	return q.items[0]
}

// offer is siftUp.
func (q *javaQueue[T]) offer(x T) {
	q.items = append(q.items, x)
	k := len(q.items) - 1
	for k > 0 {
		parent := (k - 1) >> 1
		e := q.items[parent]
		if q.cmp(x, e) >= 0 {
			break
		}
		q.items[k] = e
		k = parent
	}
	q.items[k] = x
}

// poll removes the head: the last element moves to the root and sifts down.
func (q *javaQueue[T]) poll() T {
	res := q.items[0]
	n := len(q.items) - 1
	x := q.items[n]
	var zero T
	q.items[n] = zero
	q.items = q.items[:n]
	if n > 0 {
		q.siftDown(0, x)
	}
	return res
}

func (q *javaQueue[T]) siftDown(k int, x T) {
	n := len(q.items)
	half := n >> 1
	for k < half {
		child := 2*k + 1
		c := q.items[child]
		if right := child + 1; right < n && q.cmp(c, q.items[right]) > 0 {
			child = right
			c = q.items[child]
		}
		if q.cmp(x, c) <= 0 {
			break
		}
		q.items[k] = c
		k = child
	}
	q.items[k] = x
}

// removeIf is PriorityQueue.removeAll (bulkRemove): the survivors keep their
// array order, then the heap is rebuilt.
func (q *javaQueue[T]) removeIf(f func(T) bool) {
	w := 0
	removed := false
	for _, x := range q.items {
		if f(x) {
			removed = true
			continue
		}
		q.items[w] = x
		w++
	}
	if !removed {
		return
	}
	var zero T
	for i := w; i < len(q.items); i++ {
		q.items[i] = zero
	}
	q.items = q.items[:w]
	for i := (w >> 1) - 1; i >= 0; i-- {
		q.siftDown(i, q.items[i])
	}
}
