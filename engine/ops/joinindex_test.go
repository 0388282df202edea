package ops

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/flinkplay/flinkplay/engine/types"
)

// TestJoinBucketIndex: a join's state finds a row by its index once a key
// holds many rows, with the multiplicities and the order of entries a scan
// with rowsEqual gives, over random adds and retractions of rows with
// NULLs, strings, -0.0 and 0.0, NaN (which equals nothing) and nested
// values (which the index does not hold).
func TestJoinBucketIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	value := func() types.Value {
		switch r.IntN(8) {
		case 0:
			return types.NullValue
		case 1:
			return types.FloatValue(math.Copysign(0, -1))
		case 2:
			return types.FloatValue(0)
		case 3:
			if r.IntN(4) == 0 {
				return types.FloatValue(math.NaN())
			}
			return types.FloatValue(1.5)
		case 4:
			return types.StringValue([]string{"a", "b", ""}[r.IntN(3)])
		case 5:
			return types.Value{X: &types.RowValue{Fields: []types.Value{types.IntValue(int64(r.IntN(2)))}}}
		}
		return types.IntValue(int64(r.IntN(5)))
	}
	type ref struct {
		row   []types.Value
		count int
	}
	for round := range 30 {
		j := &Join{}
		j.sides = [2]map[string]*joinBucket{{}, {}}
		var want []*ref
		for step := range 400 {
			row := []types.Value{value(), value()}
			if r.IntN(3) == 0 && len(want) > 0 {
				row = types.CloneRow(want[r.IntN(len(want))].row)
			}
			if r.IntN(3) == 0 {
				j.retract(0, "k", row)
				for i, e := range want {
					if rowsEqual(e.row, row) {
						e.count--
						if e.count == 0 {
							want = append(want[:i], want[i+1:]...)
						}
						break
					}
				}
			} else {
				j.add(0, "k", row, 0)
				found := false
				for _, e := range want {
					if rowsEqual(e.row, row) {
						e.count++
						found = true
						break
					}
				}
				if !found {
					want = append(want, &ref{types.CloneRow(row), 1})
				}
			}
			var got []*joinEntry
			if bk := j.sides[0]["k"]; bk != nil {
				got = bk.entries
			}
			if len(got) != len(want) {
				t.Fatalf("round %d step %d: %d entries, want %d", round, step, len(got), len(want))
			}
			for i := range want {
				if got[i].count != want[i].count || !rowsEqual(got[i].row, want[i].row) && !hasNaN(want[i].row) {
					t.Fatalf("round %d step %d: entry %d is %v ×%d, want %v ×%d", round, step, i, got[i].row, got[i].count, want[i].row, want[i].count)
				}
			}
		}
	}
}

func hasNaN(row []types.Value) bool {
	for _, v := range row {
		if !v.Null && v.F != v.F {
			return true
		}
	}
	return false
}
