package cep

import (
	"fmt"
	"strings"
	"testing"
)

// run feeds events (one time unit apart) through a pattern and prints each
// match as its variables' events.
func run(t *testing.T, elems []Element, names []string, skip Skip, skipVar int, within int64, events []int, define Define[int]) string {
	t.Helper()
	g, err := Compile(elems, names, within, skip, skipVar)
	if err != nil {
		return "error: " + err.Error()
	}
	n := NewNFA(g, define)
	var out []string
	for i, ev := range events {
		ts := int64(i + 1)
		ms, err := n.AdvanceTime(ts)
		if err != nil {
			return "error: " + err.Error()
		}
		more, err := n.Process(ev, ts)
		if err != nil {
			return "error: " + err.Error()
		}
		for _, m := range append(ms, more...) {
			var parts []string
			for _, s := range m.Steps {
				parts = append(parts, fmt.Sprintf("%s%d", names[s.Var], s.Ev))
			}
			out = append(out, strings.Join(parts, " "))
		}
	}
	return strings.Join(out, "; ")
}

func sum(path Path[int], v int, ev int) int {
	s := ev
	path.Backward(func(st Step[int]) bool {
		if st.Var == v {
			s += st.Ev
		}
		return true
	})
	return s
}

// Flink's docs, "After Match Strategy": PATTERN (A+ C), A AS SUM(A.price) < 30.
func TestSkipStrategies(t *testing.T) {
	prices := []int{7, 9, 10, 5, 10, 7, 14}
	elems := []Element{{Var: 0, Min: 1, Max: -1}, {Var: 1, Min: 1, Max: 1}}
	define := func(v int, path Path[int], ev int) (bool, error) {
		if v == 0 {
			return sum(path, 0, ev) < 30, nil
		}
		return true, nil
	}
	for _, tc := range []struct {
		skip Skip
		v    int
		want string
	}{
		{SkipPastLast, -1, "A7 A9 A10 C5; A10 A7 C14"},
		{SkipToNext, -1, "A7 A9 A10 C5; A9 A10 A5 C10; A10 A5 A10 C7; A5 A10 A7 C14; A10 A7 C14"},
		{SkipToLast, 0, "A7 A9 A10 C5; A10 A5 A10 C7; A10 A7 C14"},
		{SkipToFirst, 0, "error: Could not skip to first element of a match."},
	} {
		if got := run(t, elems, []string{"A", "C"}, tc.skip, tc.v, 0, prices, define); got != tc.want {
			t.Errorf("skip %d: got %q, want %q", tc.skip, got, tc.want)
		}
	}
}

// Flink's docs, "Greedy & Reluctant Quantifiers": PATTERN (A B* C),
// A AS price > 10, B AS price < 15, C AS price > 12.
func TestGreedyReluctant(t *testing.T) {
	prices := []int{10, 11, 12, 13, 14, 16}
	define := func(v int, path Path[int], ev int) (bool, error) {
		switch v {
		case 0:
			return ev > 10, nil
		case 1:
			return ev < 15, nil
		}
		return ev > 12, nil
	}
	names := []string{"A", "B", "C"}
	greedy := []Element{{Var: 0, Min: 1, Max: 1}, {Var: 1, Min: 0, Max: -1}, {Var: 2, Min: 1, Max: 1}}
	if got, want := run(t, greedy, names, SkipPastLast, -1, 0, prices, define), "A11 B12 B13 B14 C16"; got != want {
		t.Errorf("greedy: got %q, want %q", got, want)
	}
	reluctant := []Element{{Var: 0, Min: 1, Max: 1}, {Var: 1, Min: 0, Max: -1, Reluctant: true}, {Var: 2, Min: 1, Max: 1}}
	if got, want := run(t, reluctant, names, SkipPastLast, -1, 0, prices, define), "A11 B12 C13; A14 C16"; got != want {
		t.Errorf("reluctant: got %q, want %q", got, want)
	}
}

// Flink's planner refuses these when it builds the job
// (CommonExecMatch, NFACompiler, Pattern, Quantifier).
func TestCompileErrors(t *testing.T) {
	names := []string{"A", "B", "C"}
	for _, tc := range []struct {
		elems []Element
		want  string
	}{
		{[]Element{{Var: 0, Min: 1, Max: 1}, {Var: 1, Min: 1, Max: -1}}, "Greedy quantifiers are not allowed as the last element of a Pattern yet."},
		{[]Element{{Var: 0, Min: 0, Max: -1}}, "Patterns that can produce empty matches are not supported."},
		{[]Element{{Var: 0, Min: 0, Max: 1, Reluctant: true}, {Var: 1, Min: 1, Max: 1}}, "Reluctant optional variables are not supported yet."},
		{[]Element{{Var: 0, Min: 1, Max: -1}, {Var: 1, Min: 0, Max: 1}, {Var: 2, Min: 1, Max: 1}}, "Optional pattern cannot be preceded by greedy pattern"},
		{[]Element{{Var: 0, Min: -1, Max: 2}, {Var: 1, Min: 1, Max: 1}}, "The from should be a positive number greater than 0."},
		{[]Element{{Var: 0, Min: 0, Max: 0}, {Var: 1, Min: 1, Max: 1}}, "The to should be a number greater than or equal to from: 1."},
		{[]Element{{Var: 0, Min: 1, Max: -1}, {Var: 1, Min: 0, Max: 2}, {Var: 2, Min: 1, Max: 1}}, ""},
		{[]Element{{Var: 0, Min: 1, Max: 1}, {Var: 1, Min: 20000, Max: 20000}, {Var: 2, Min: 1, Max: 1}}, "at most 10000 times in the playground"},
	} {
		_, err := Compile(tc.elems, names, 0, SkipToNext, -1)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%v: got %q, want %q", tc.elems, got, tc.want)
		}
	}
}

// WITHIN: a match whose last row is exactly the window after its first is
// dropped (Flink's isStateTimedOut uses >=).
func TestWithin(t *testing.T) {
	// events a=1, b=2, c=3; A B C with WITHIN 2 time units (rows 1 apart)
	events := []int{1, 2, 3, 1, 2, 3}
	define := func(v int, path Path[int], ev int) (bool, error) { return ev == v+1, nil }
	elems := []Element{{Var: 0, Min: 1, Max: 1}, {Var: 1, Min: 1, Max: 1}, {Var: 2, Min: 1, Max: 1}}
	names := []string{"A", "B", "C"}
	if got := run(t, elems, names, SkipPastLast, -1, 2, events, define); got != "" {
		t.Errorf("WITHIN 2: got %q, want no match", got)
	}
	if got, want := run(t, elems, names, SkipPastLast, -1, 3, events, define), "A1 B2 C3; A1 B2 C3"; got != want {
		t.Errorf("WITHIN 3: got %q, want %q", got, want)
	}
}
