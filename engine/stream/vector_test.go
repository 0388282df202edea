package stream

import (
	"bytes"
	"math"
	"math/big"
	"testing"

	"github.com/flinkplay/flinkplay/engine/types"
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

// TestWideVector: a VecWide vector holds every DECIMAL(38)'s unscaled
// value, the extremes and the values around 2^63 and 2^64 included, and
// gives each back as the *big.Int a row holds, through Append and Value,
// AppendNulls, SliceOf, CopyFrom and Materialize; a value of more than
// 127 bits, which no DECIMAL has, is NULL.
func TestWideVector(t *testing.T) {
	max38, _ := new(big.Int).SetString("99999999999999999999999999999999999999", 10)
	two := func(e uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), e) }
	var want []*big.Int // nil: NULL
	for _, x := range []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(-1), big.NewInt(math.MaxInt64), big.NewInt(math.MinInt64),
		two(63), new(big.Int).Sub(two(64), big.NewInt(1)), two(64), new(big.Int).Add(two(64), big.NewInt(1)),
		new(big.Int).Sub(two(127), big.NewInt(1)), max38, nil,
	} {
		want = append(want, x)
		if x != nil && x.Sign() != 0 {
			want = append(want, new(big.Int).Neg(x))
		}
	}
	v := &Vector{}
	v.Reset(VecWide)
	for _, x := range want {
		if x == nil {
			v.AppendNull()
			continue
		}
		v.Append(types.Value{X: x})
	}
	check := func(what string, v *Vector, want []*big.Int) {
		t.Helper()
		if v.Len() != len(want) {
			t.Fatalf("%s: %d values, want %d", what, v.Len(), len(want))
		}
		for i, x := range want {
			got := v.Value(i)
			b, ok := got.X.(*big.Int)
			switch {
			case x == nil && !got.Null:
				t.Errorf("%s: value %d is %v, want NULL", what, i, got)
			case x != nil && (!ok || b.Cmp(x) != 0):
				t.Errorf("%s: value %d is %v, want %v", what, i, got, x)
			}
		}
	}
	check("Append", v, want)

	var s Vector
	s.SliceOf(v, 3, len(want))
	check("SliceOf", &s, want[3:])
	var c Vector
	c.Append(types.IntValue(7))
	c.CopyFrom(v)
	check("CopyFrom", &c, want)
	v.AppendNulls(2)
	check("AppendNulls", v, append(want[:len(want):len(want)], nil, nil))

	// A compact value (as a DECIMAL of up to 18 digits holds it) widens.
	c.Reset(VecWide)
	c.Append(types.IntValue(-42))
	check("a compact value", &c, []*big.Int{big.NewInt(-42)})

	// More than 127 bits: NULL, and the values after it unharmed.
	c.Reset(VecWide)
	c.Append(types.Value{X: two(127)})
	c.Append(types.Value{X: new(big.Int).Neg(two(130))})
	c.Append(types.Value{X: max38})
	check("too wide", &c, []*big.Int{nil, nil, max38})

	b := NewBatch(1)
	b.Columns([]VecKind{VecWide})
	b.Cols[0] = *v
	for range v.Len() {
		b.Kinds = append(b.Kinds, Insert)
	}
	rows := NewBatch(1)
	b.Materialize(rows)
	for i, x := range append(want, nil, nil) {
		got := rows.Row(i)[0]
		if b, ok := got.X.(*big.Int); x == nil && !got.Null || x != nil && (!ok || b.Cmp(x) != 0) {
			t.Errorf("materialized row %d: %v, want %v", i, got, x)
		}
	}
}
