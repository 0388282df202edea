package library

import (
	"strings"
	"testing"
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
