package funcs

import (
	"sort"
	"strings"
	"testing"
)

func TestCoreModuleData(t *testing.T) {
	fs := CoreModule()
	if len(fs) != 203 {
		t.Fatalf("%d functions, want Flink 1.20's 203", len(fs))
	}
	seen := map[string]bool{}
	var names []string
	for _, f := range fs {
		if seen[strings.ToLower(f.Name)] {
			t.Errorf("%s listed twice", f.Name)
		}
		seen[strings.ToLower(f.Name)] = true
		names = append(names, f.Name)
		for _, l := range strings.Split(f.Signature, "\n") {
			if !strings.HasPrefix(l, f.Name+"(") {
				t.Errorf("%s: signature line %q does not start with the name", f.Name, l)
			}
		}
		switch f.Kind {
		case "SCALAR", "AGGREGATE", "TABLE", "OTHER", "TABLE_AGGREGATE", "ASYNC_SCALAR", "PROCESS_TABLE":
		default:
			t.Errorf("%s: kind %q", f.Name, f.Kind)
		}
	}
	if !sort.StringsAreSorted(names) {
		t.Errorf("names are not sorted as Java sorts them")
	}
}

// The rows DESCRIBE FUNCTION EXTENDED prints for SUM in Flink's own test
// (flink-sql-client's function.q), and the name as typed.
func TestSignatureAs(t *testing.T) {
	f, ok := LookupCoreFunction("Sum")
	if !ok || f.Kind != "AGGREGATE" || f.Requirements != "[]" || f.Deterministic != "true" || f.ConstantFolding != "true" {
		t.Fatalf("SUM: %+v, %v", f, ok)
	}
	if got := f.SignatureAs("SUM"); got != "SUM(<NUMERIC>)" {
		t.Errorf("SUM's signature: %q", got)
	}
	s, _ := LookupCoreFunction("array_slice")
	if got, want := s.SignatureAs("Array_Slice"), "Array_Slice(<ARRAY>, <INTEGER>, <INTEGER>)\nArray_Slice(<ARRAY>, <INTEGER>)"; got != want {
		t.Errorf("ARRAY_SLICE as typed: %q, want %q", got, want)
	}
	if _, ok := LookupCoreFunction("no_such"); ok {
		t.Error("found no_such")
	}
}
