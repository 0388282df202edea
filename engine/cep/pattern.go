// Package cep is the playground's counterpart of Flink's CEP library
// (flink-cep) as MATCH_RECOGNIZE uses it: a sequence of pattern variables
// with quantifiers, translated as Flink's planner translates PATTERN
// (CommonExecMatch.applyQuantifier), compiled to states and transitions as
// Flink's NFACompiler compiles them, and run over the events of one
// partition as Flink's NFA runs them: strict contiguity, greedy and
// reluctant quantifiers, WITHIN, and the AFTER MATCH SKIP strategies, with
// Flink's order of matches (engine/plan and engine/ops build MATCH_RECOGNIZE
// on it).
package cep

import (
	"github.com/flinkplay/flinkplay/engine/diag"
)

// Exception classes of the errors Flink's CEP library raises.
const (
	MalformedPatternException = "org.apache.flink.cep.pattern.MalformedPatternException"
	FlinkRuntimeException     = "org.apache.flink.util.FlinkRuntimeException"
)

// Element is one pattern variable with its quantifier as written: Min and
// Max of {Min,Max} (Max -1: unbounded; Min -1 for {,m}); both 1 without a
// quantifier. Reluctant is a trailing ? after a quantifier whose bounds
// differ.
type Element struct {
	Var       int
	Min, Max  int
	Reluctant bool
}

// Skip is the AFTER MATCH SKIP strategy.
type Skip uint8

// The strategies (Flink's AfterMatchSkipStrategy).
const (
	SkipToNext   Skip = iota // SKIP TO NEXT ROW
	SkipPastLast             // SKIP PAST LAST ROW
	SkipToFirst              // SKIP TO FIRST var
	SkipToLast               // SKIP TO [LAST] var
)

// MaxRepetitions bounds the n and m of {n}, {n,} and {n,m}: the
// automaton has a state per repetition.
const MaxRepetitions = 10000

// quantifier is an element after Flink's applyQuantifier: a single state,
// a loop (oneOrMore, timesOrMore) or times(from, to), each optional or not.
type quantifier struct {
	looping  bool
	times    bool
	from, to int
	optional bool
	greedy   bool
}

// translate applies Flink's SQL-to-Pattern quantifier mapping and its
// checks; prevGreedy is whether the previous element is greedy.
func translate(e Element, prevGreedy bool) (quantifier, error) {
	q := quantifier{from: 1, to: 1}
	if e.Min > MaxRepetitions || e.Max > MaxRepetitions {
		// Flink builds a state per repetition too; a browser tab has less room
		return q, diag.Errorf(diag.NoPos, diag.PlaygroundLimitExceeded,
			"A pattern quantifier may repeat a variable at most %d times in the playground.", MaxRepetitions)
	}
	if e.Min == 1 && e.Max == 1 && !e.Reluctant {
		return q, nil
	}
	optional := e.Min == 0 && e.Max == 1
	needsOptional := false // Pattern.optional() is called, which checks the previous element
	switch {
	case e.Min == 0 && e.Max == -1: // oneOrMore().optional().consecutive()
		q.looping, q.optional, needsOptional = true, true, true
	case e.Min == 1 && e.Max == -1: // oneOrMore().consecutive()
		q.looping = true
	case optional: // optional()
		if e.Reluctant {
			return q, diag.Errorf(diag.NoPos, diag.TableException, "Reluctant optional variables are not supported yet.")
		}
		q.optional, needsOptional = true, true
	case e.Max == -1: // timesOrMore(n).consecutive()
		if e.Min < 0 {
			return q, diag.Errorf(diag.NoPos, diag.IllegalArgument, "The from should be a positive number greater than 0.")
		}
		q.looping, q.from, q.to = true, e.Min, e.Min
	default: // times(n, m).consecutive(); times(0, m) is optional times(1, m)
		if e.Min < 0 {
			return q, diag.Errorf(diag.NoPos, diag.IllegalArgument, "The from should be a positive number greater than 0.")
		}
		q.times, q.from, q.to = true, e.Min, e.Max
		if e.Min == 0 {
			q.optional, q.from = true, 1
		}
		if q.to < q.from {
			return q, diag.Errorf(diag.NoPos, diag.IllegalArgument, "The to should be a number greater than or equal to from: %d.", q.from)
		}
	}
	if needsOptional && prevGreedy {
		return q, diag.Errorf(diag.NoPos, MalformedPatternException, "Optional pattern cannot be preceded by greedy pattern")
	}
	q.greedy = !e.Reluctant && !optional && e.Min != e.Max
	return q, nil
}

// Action is what a transition does with the event.
type Action uint8

// Transition actions (Flink's StateTransitionAction, without IGNORE, which
// strict contiguity never creates).
const (
	Take    Action = iota // consume the event and move
	Proceed               // move without consuming (an epsilon move)
)

// condKind is the kind of a transition condition.
type condKind uint8

const (
	condTrue condKind = iota
	condDefine
	condAnd
	condNot
)

// cond is a transition condition: TRUE, a variable's DEFINE condition, or
// the AND / NOT a greedy quantifier wraps the next variable's conditions in.
type cond struct {
	kind condKind
	v    int
	x, y *cond
}

var condTRUE = &cond{kind: condTrue}

type transition struct {
	action Action
	source *State
	target *State
	cond   *cond
}

// State is a state of the automaton.
type State struct {
	Var   int // the variable the state takes rows for; -1 for the final state
	start bool
	final bool
	trans []*transition
}

func (s *State) addTake(target *State, c *cond) {
	s.trans = append(s.trans, &transition{action: Take, source: s, target: target, cond: c})
}

func (s *State) addProceed(target *State, c *cond) {
	s.trans = append(s.trans, &transition{action: Proceed, source: s, target: target, cond: c})
}

// Graph is a compiled pattern.
type Graph struct {
	start   *State
	within  int64
	skip    Skip
	skipVar int
	names   []string
}

// Within is WITHIN in milliseconds, 0 when the pattern has none.
func (g *Graph) Within() int64 { return g.within }

// Compile translates and compiles a pattern as Flink does when it builds
// the job, with Flink's errors in Flink's order: the quantifiers, then
// patterns that can match nothing, then a greedy last element. within is
// WITHIN in milliseconds (0: none); names are the variables' names.
func Compile(elems []Element, names []string, within int64, skip Skip, skipVar int) (*Graph, error) {
	qs := make([]quantifier, len(elems))
	for i, e := range elems {
		q, err := translate(e, i > 0 && qs[i-1].greedy)
		if err != nil {
			return nil, err
		}
		qs[i] = q
	}
	final := &State{Var: -1, final: true}
	sink := final
	for i := len(elems) - 1; i >= 1; i-- {
		sink = convert(elems[i].Var, qs[i], sink)
	}
	start := convert(elems[0].Var, qs[0], sink)
	start.start = true
	if emptyMatches(start) {
		return nil, diag.Errorf(diag.NoPos, diag.TableException,
			"Patterns that can produce empty matches are not supported. There must be at least one non-optional state.")
	}
	if qs[len(qs)-1].greedy {
		return nil, diag.Errorf(diag.NoPos, diag.TableException,
			"Greedy quantifiers are not allowed as the last element of a Pattern yet. Finish your pattern with either a simple variable or reluctant quantifier.")
	}
	return &Graph{start: start, within: within, skip: skip, skipVar: skipVar, names: names}, nil
}

// convert builds the states of one element in front of sink (NFACompiler
// builds backwards from the final state).
func convert(v int, q quantifier, sink *State) *State {
	take := &cond{kind: condDefine, v: v}
	if q.looping {
		loop := &State{Var: v}
		loop.addProceed(sink, condTRUE)
		if q.greedy {
			addNot(sink, take)
		}
		loop.addTake(loop, take)
		return timesState(v, q, loop, sink, q.from, q.from, take)
	}
	if q.times {
		return timesState(v, q, sink, sink, q.from, q.to, take)
	}
	return singleton(v, sink, sink, take, q.optional)
}

// timesState chains the states of times(from, to): to-from optional ones,
// from-1 required ones, then the element's first state.
func timesState(v int, q quantifier, sink, proceed *State, from, to int, take *cond) *State {
	last := sink
	if q.greedy && from != to {
		addNot(sink, take)
	}
	for i := from; i < to; i++ {
		last = singleton(v, last, proceed, take, true)
	}
	for i := 0; i < from-1; i++ {
		last = singleton(v, last, nil, take, false)
	}
	return singleton(v, last, proceed, take, q.optional)
}

func singleton(v int, sink, proceed *State, take *cond, optional bool) *State {
	s := &State{Var: v}
	s.addTake(sink, take)
	if optional && proceed != nil {
		s.addProceed(proceed, condTRUE)
	}
	return s
}

// addNot makes every transition of s also require NOT take: a greedy
// element keeps the rows its condition accepts.
func addNot(s *State, take *cond) {
	for _, t := range s.trans {
		t.cond = &cond{kind: condAnd, x: t.cond, y: &cond{kind: condNot, x: take}}
	}
}

// emptyMatches reports whether PROCEED transitions lead from the start to
// the final state.
func emptyMatches(start *State) bool {
	seen := map[*State]bool{}
	stack := []*State{start}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[s] {
			continue
		}
		seen[s] = true
		for _, t := range s.trans {
			if t.action == Proceed {
				if t.target.final {
					return true
				}
				stack = append(stack, t.target)
			}
		}
	}
	return false
}
