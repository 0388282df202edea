package library

import (
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/funcs"
)

// TestRegistry checks the function library's one list: sorted and unique
// by upper-case name, every function documented with a category, a
// signature and a description, and every arity sane.
func TestRegistry(t *testing.T) {
	for i, f := range registry {
		if f.Name != strings.ToUpper(f.Name) {
			t.Errorf("%q is not upper case", f.Name)
		}
		if i > 0 && registry[i-1].Name >= f.Name {
			t.Errorf("registry: %q after %q, want sorted and unique", f.Name, registry[i-1].Name)
		}
		if f.Category == "" || len(f.Signatures) == 0 || f.Description == "" {
			t.Errorf("%s: undocumented spec %+v", f.Name, f.Spec)
		}
		if f.Build != nil && (f.Min < 0 || (f.Max >= 0 && f.Max < f.Min)) {
			t.Errorf("%s: arity %d..%d", f.Name, f.Min, f.Max)
		}
	}
	if s, ok := Lookup("upper"); !ok || s.Name != "UPPER" {
		t.Errorf("Lookup(upper) = %+v, %v", s, ok)
	}
	if _, ok := Lookup("NO_SUCH_FUNCTION"); ok {
		t.Error("Lookup found a function that does not exist")
	}
	if Known("CAST") || !Known("upper") {
		t.Error("Known: CAST is the planner's, UPPER a call")
	}
	all := Functions()
	if len(all) != len(registry) {
		t.Fatalf("Functions: %d specs for %d functions", len(all), len(registry))
	}
	for i := 1; i < len(all); i++ {
		if less(all[i], all[i-1]) {
			t.Errorf("Functions: %s/%s before %s/%s", all[i-1].Category, all[i-1].Name, all[i].Category, all[i].Name)
		}
	}
}

// TestAggregateKinds checks that every aggregate and window function's
// spec has its kind, its type rule and, for an aggregate the operators
// run, its accumulator; and that the planner's names resolve through the
// specs.
func TestAggregateKinds(t *testing.T) {
	for _, f := range registry {
		grouping := f.Name == "GROUPING" || f.Name == "GROUPING_ID" || f.Name == "GROUP_ID"
		if f.Category == funcs.Aggregate && !grouping && (f.Agg == NotAggregate || f.Aggregate == nil || f.Aggregate.Type == nil) {
			t.Errorf("%s: an aggregate without its kind or type rule", f.Name)
		}
		if f.Category != funcs.Aggregate && (f.Agg != NotAggregate || f.Aggregate != nil) {
			t.Errorf("%s: an aggregate spec outside the aggregate category", f.Name)
		}
		if f.Aggregate == nil {
			continue
		}
		// The variance family is rewritten by the planner, and the
		// ranking and offset functions are positions in an order.
		runs := f.Agg >= AggCount && f.Agg < AggVariance
		if runs != (f.Aggregate.New != nil) {
			t.Errorf("%s: accumulator %v, want %v", f.Name, f.Aggregate.New != nil, runs)
		}
		if f.Aggregate.Max >= 0 && f.Aggregate.Max < f.Aggregate.Min {
			t.Errorf("%s: %d to %d arguments", f.Name, f.Aggregate.Min, f.Aggregate.Max)
		}
	}
	if AggregateOf("$SUM0") == nil || byName["$SUM0"] != nil {
		t.Error("$SUM0 has a spec, outside the function list")
	}
	for name, want := range map[string]AggKind{"count": AggCount, "SUM0": AggSum0, "$SUM0": AggSum0, "STDDEV": AggVariance, "ROW_NUMBER": WinRowNumber, "UPPER": NotAggregate} {
		if got := AggregateKind(name); got != want {
			t.Errorf("AggregateKind(%s) = %d, want %d", name, got, want)
		}
	}
	if IsAggregate("SUM0") || !IsAggregate("listagg") || IsAggregate("RANK") {
		t.Error("IsAggregate: SUM0 is internal, LISTAGG an aggregate, RANK a window function")
	}
	if !IsWindowFunction("FIRST_VALUE") || !IsWindowFunction("lag") || IsWindowFunction("COUNT") {
		t.Error("IsWindowFunction: FIRST_VALUE and LAG are, COUNT is not")
	}
}

// less orders specs as Functions promises: by category, then name.
func less(a, b funcs.Spec) bool {
	if a.Category != b.Category {
		return a.Category < b.Category
	}
	return a.Name < b.Name
}
