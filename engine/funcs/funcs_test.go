package funcs

import "testing"

func TestRegisterLookupAll(t *testing.T) {
	Register(Spec{Name: "zz_test_b", Category: String, Call: true})
	Register(Spec{Name: "ZZ_TEST_A", Category: String, Call: true})
	if s, ok := Lookup("Zz_Test_B"); !ok || s.Name != "ZZ_TEST_B" {
		t.Errorf("Lookup = %+v, %v", s, ok)
	}
	if _, ok := Lookup("ZZ_NONE"); ok {
		t.Error("found a function never registered")
	}
	var names []string
	for _, s := range All() {
		if s.Name == "ZZ_TEST_A" || s.Name == "ZZ_TEST_B" {
			names = append(names, s.Name)
		}
	}
	if len(names) != 2 || names[0] != "ZZ_TEST_A" {
		t.Errorf("All order: %v", names)
	}
	defer func() {
		if recover() == nil {
			t.Error("a second registration of a name did not panic")
		}
	}()
	Register(Spec{Name: "zz_test_a"})
}
