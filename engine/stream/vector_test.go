package stream

import (
	"bytes"
	"testing"
)

// viewsOf returns a VecBytes vector of views into shared: "cherry", NULL,
// "apple", "", "cherry" again (the same bytes twice, out of order).
func viewsOf(shared []byte) *Vector {
	v := &Vector{}
	v.Reset(VecBytes)
	// shared is "applecherry": apple at 0, cherry at 5.
	start := []int32{5, 0, 0, 0, 5}
	end := []int32{0, 11, 0, 5, 0, 11}
	v.SetViews(shared, start, end)
	v.SetNull(1)
	return v
}

func texts(v *Vector) []string {
	var out []string
	for i := range v.Len() {
		if v.IsNull(i) {
			out = append(out, "NULL")
			continue
		}
		out = append(out, string(v.Value(i).B))
	}
	return out
}

func TestVectorViews(t *testing.T) {
	shared := []byte("applecherry")
	keep := bytes.Clone(shared)
	want := []string{"cherry", "NULL", "apple", "", "cherry"}
	check := func(what string, v *Vector, want []string) {
		t.Helper()
		got := texts(v)
		if len(got) != len(want) {
			t.Fatalf("%s: %q, want %q", what, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: %q, want %q", what, got, want)
			}
		}
		if !bytes.Equal(shared, keep) {
			t.Fatalf("%s wrote into the shared storage: %q", what, shared)
		}
	}

	v := viewsOf(shared)
	check("views", v, want)

	var w Vector
	w.SliceOf(v, 2, 5)
	check("SliceOf", &w, want[2:])

	var c Vector
	c.AppendString("own storage first")
	c.CopyFrom(v)
	check("CopyFrom", &c, want)

	// Appending turns the views into storage of the vector's own.
	v.AppendString("date")
	check("AppendString", v, append(want[:len(want):len(want)], "date"))
	if v.Views {
		t.Fatal("a vector appended to still holds views")
	}

	// A reset vector of views appends into new storage.
	c.Reset(VecBytes)
	c.AppendBytes([]byte("xxxxxxxxxxx"))
	check("Reset, then AppendBytes", &c, []string{"xxxxxxxxxxx"})

	u := viewsOf(shared)
	u.AppendNulls(2)
	check("AppendNulls", u, append(want[:len(want):len(want)], "NULL", "NULL"))

	// Materialize reads views as any string.
	b := NewBatch(1)
	b.Columns([]VecKind{VecBytes})
	b.Cols[0] = *viewsOf(shared)
	for range 5 {
		b.Kinds = append(b.Kinds, Insert)
	}
	rows := NewBatch(1)
	b.Materialize(rows)
	for i := range rows.Len() {
		got := rows.Row(i)[0]
		if (want[i] == "NULL") != got.Null || !got.Null && string(got.B) != want[i] {
			t.Errorf("materialized row %d: %v, want %s", i, got, want[i])
		}
	}
}

// TestAppendNullsRuns appends runs of NULLs of every length up to three
// words after every count of values up to two words, and checks each
// value's NULL bit.
func TestAppendNullsRuns(t *testing.T) {
	for before := 0; before <= 128; before++ {
		for k := 1; k <= 192; k++ {
			v := &Vector{}
			v.Reset(VecInt)
			for i := range before {
				v.AppendInt(int64(i))
			}
			v.AppendNulls(k)
			v.AppendInt(7)
			if v.Len() != before+k+1 {
				t.Fatalf("%d values, %d NULLs: length %d", before, k, v.Len())
			}
			for i := range v.Len() {
				if want := i >= before && i < before+k; v.IsNull(i) != want {
					t.Fatalf("%d values, %d NULLs: value %d NULL is %v", before, k, i, v.IsNull(i))
				}
			}
		}
	}
}
