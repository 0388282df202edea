package ops

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The cases follow Flink's UpdatableTopNFunctionTest: partition by the
// first column, the second is the unique key, order by the third ascending.
func TestUpdatableTopN(t *testing.T) {
	sortKeyChanges := []rec{
		ins("book", 2, 19), ins("book", 3, 16), ua("book", 2, 11), ua("book", 3, 15), ins("book", 4, 2), ua("book", 2, 1),
	}
	cases := []struct {
		name       string
		start, end int64
		rank, noUB bool
		in         []rec
		want       []string
	}{
		{"sort key changes, rank number", 1, 2, true, false, sortKeyChanges, []string{
			"+I[book, 2, 19, 1]",
			"-U[book, 2, 19, 1]", "+U[book, 3, 16, 1]", "+I[book, 2, 19, 2]",
			"-U[book, 3, 16, 1]", "-U[book, 2, 19, 2]", "+U[book, 2, 11, 1]", "+U[book, 3, 16, 2]",
			"-U[book, 3, 16, 2]", "+U[book, 3, 15, 2]",
			"-U[book, 2, 11, 1]", "+U[book, 4, 2, 1]", "-U[book, 3, 15, 2]", "+U[book, 2, 11, 2]",
			"-U[book, 4, 2, 1]", "-U[book, 2, 11, 2]", "+U[book, 2, 1, 1]", "+U[book, 4, 2, 2]",
		}},
		{"sort key changes, rank number, no update before", 1, 2, true, true, sortKeyChanges, []string{
			"+I[book, 2, 19, 1]",
			"+U[book, 3, 16, 1]", "+I[book, 2, 19, 2]",
			"+U[book, 2, 11, 1]", "+U[book, 3, 16, 2]",
			"+U[book, 3, 15, 2]",
			"+U[book, 4, 2, 1]", "+U[book, 2, 11, 2]",
			"+U[book, 2, 1, 1]", "+U[book, 4, 2, 2]",
		}},
		{"sort key changes, no rank number", 1, 2, false, false, sortKeyChanges, []string{
			"+I[book, 2, 19, 0]", "+I[book, 3, 16, 0]",
			"-U[book, 2, 19, 0]", "+U[book, 2, 11, 0]",
			"-U[book, 3, 16, 0]", "+U[book, 3, 15, 0]",
			"-D[book, 3, 15, 0]", "+I[book, 4, 2, 0]",
			"-U[book, 2, 11, 0]", "+U[book, 2, 1, 0]",
		}},
		{"sort key changes, no rank number, no update before", 1, 2, false, true, sortKeyChanges, []string{
			"+I[book, 2, 19, 0]", "+I[book, 3, 16, 0]",
			"+U[book, 2, 11, 0]", "+U[book, 3, 15, 0]",
			"-D[book, 3, 15, 0]", "+I[book, 4, 2, 0]",
			"+U[book, 2, 1, 0]",
		}},
		{"same sort key updates in place", 1, 2, true, false, []rec{
			ins("a", 1, 5), ua("a", 1, 5), ins("b", 7, 3),
		}, []string{
			"+I[a, 1, 5, 1]", "-U[a, 1, 5, 1]", "+U[a, 1, 5, 1]", "+I[b, 7, 3, 1]",
		}},
		{"worse than a full buffer is dropped", 1, 1, true, false, []rec{
			ins("a", 1, 5), ins("a", 2, 9), ua("a", 2, 1),
		}, []string{
			"+I[a, 1, 5, 1]",
			// key 2 was never held: its update enters like a new row
			"-U[a, 1, 5, 1]", "+U[a, 2, 1, 1]",
		}},
		{"offset", 2, 2, false, false, []rec{
			ins("a", 1, 5), ins("a", 2, 6), ua("a", 2, 4),
		}, []string{
			"+I[a, 2, 6, 0]", "-U[a, 2, 6, 0]", "+U[a, 1, 5, 0]",
		}},
		{"retractions are not expected and dropped", 1, 2, true, false, []rec{
			ins("a", 1, 5), ub("a", 1, 5), del("a", 1, 5),
		}, []string{"+I[a, 1, 5, 1]"}},
	}
	ts := []types.Type{types.String, types.Int64, types.Int32, types.Int64}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := &UpdatableTopN{Partition: []int{0}, RowKey: []int{1}, Order: []SortKey{{Col: 2, Type: types.Int32, NullsFirst: true}},
				Start: c.start, End: c.end, OutputRank: c.rank, NoUpdateBefore: c.noUB}
			if err := op.Open(context.Background()); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range c.in {
				out := stream.NewBatch(4)
				if err := op.Process(batchOf(3, r), out); err != nil {
					t.Fatal(err)
				}
				got = append(got, changelog(out, ts)...)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got\n%v\nwant\n%v", got, c.want)
			}
		})
	}
}

func TestUpdatableTopNMonotonicityError(t *testing.T) {
	op := &UpdatableTopN{Partition: []int{0}, RowKey: []int{1}, Order: []SortKey{{Col: 2, Type: types.Int32, NullsFirst: true}},
		Start: 1, End: 2, OutputRank: true, Types: []types.Type{types.String, types.Int64, types.Int32}}
	if err := op.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	out := stream.NewBatch(4)
	if err := op.Process(batchOf(3, ins("a", 1, 5)), out); err != nil {
		t.Fatal(err)
	}
	err := op.Process(batchOf(3, ua("a", 1, 9)), out)
	if err == nil || !strings.HasPrefix(err.Error(), "The input retract record:{+I[a, 1, 9]}'s sort key: +I[9] is lower than old sort key: +I[5]") {
		t.Fatalf("got %v", err)
	}
	if op.StateRows() != 1 {
		t.Errorf("state rows %d", op.StateRows())
	}
}
