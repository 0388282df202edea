package ops

import (
	"context"
	"reflect"
	"testing"

	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The cases follow Flink's TopNFunctionTestBase for AppendOnlyTopNFunction:
// partition by the first column, order by the third ascending.
func TestAppendTopN(t *testing.T) {
	in := []rec{
		ins("book", 1, 12), ins("book", 2, 19), ins("book", 4, 11), ins("book", 5, 11),
		ins("fruit", 4, 33), ins("fruit", 3, 44), ins("fruit", 5, 22),
	}
	cases := []struct {
		name       string
		start, end int64
		rank       bool
		in         []rec
		want       []string
	}{
		{"rank number", 1, 2, true, in, []string{
			"+I[book, 1, 12, 1]", "+I[book, 2, 19, 2]",
			"-U[book, 1, 12, 1]", "+U[book, 4, 11, 1]", "-U[book, 2, 19, 2]", "+U[book, 1, 12, 2]",
			"-U[book, 1, 12, 2]", "+U[book, 5, 11, 2]",
			"+I[fruit, 4, 33, 1]", "+I[fruit, 3, 44, 2]",
			"-U[fruit, 4, 33, 1]", "+U[fruit, 5, 22, 1]", "-U[fruit, 3, 44, 2]", "+U[fruit, 4, 33, 2]",
		}},
		{"no rank number", 1, 2, false, in[:3:3], []string{
			"+I[book, 1, 12, 0]", "+I[book, 2, 19, 0]", "-D[book, 2, 19, 0]", "+I[book, 4, 11, 0]",
		}},
		{"offset", 2, 2, false, []rec{in[0], in[1], in[2], in[4], in[5], in[6]}, []string{
			"+I[book, 2, 19, 0]", "-U[book, 2, 19, 0]", "+U[book, 1, 12, 0]",
			"+I[fruit, 3, 44, 0]", "-U[fruit, 3, 44, 0]", "+U[fruit, 4, 33, 0]",
		}},
		{"worse than the worst is dropped", 1, 1, true, []rec{ins("a", 1, 5), ins("a", 2, 5), ins("a", 3, 9)}, []string{
			"+I[a, 1, 5, 1]",
		}},
	}
	ts := []types.Type{types.String, types.Int64, types.Int32, types.Int64}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := &AppendTopN{Partition: []int{0}, Order: []SortKey{{Col: 2, Type: types.Int32, NullsFirst: true}},
				Start: c.start, End: c.end, OutputRank: c.rank}
			if err := op.Open(context.Background()); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range c.in { // one record per batch, as Flink's harness feeds them
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

func TestDeduplicate(t *testing.T) {
	in := []rec{ins("a", 3), ins("b", 1), ins("a", 2), ins("a", 5), ins("b", 1)}
	cases := []struct {
		name              string
		keepLast, rowtime bool
		want              []string
	}{
		{"proctime first", false, false, []string{"+I[a, 3, 1]", "+I[b, 1, 1]"}},
		{"proctime last", true, false, []string{"+I[a, 3, 1]", "+I[b, 1, 1]", "-U[a, 3, 1]", "+U[a, 2, 1]",
			"-U[a, 2, 1]", "+U[a, 5, 1]", "-U[b, 1, 1]", "+U[b, 1, 1]"}},
		{"rowtime first", false, true, []string{"+I[a, 3, 1]", "+I[b, 1, 1]", "-U[a, 3, 1]", "+U[a, 2, 1]"}},
		{"rowtime last", true, true, []string{"+I[a, 3, 1]", "+I[b, 1, 1]", "-U[a, 3, 1]", "+U[a, 5, 1]",
			"-U[b, 1, 1]", "+U[b, 1, 1]"}},
	}
	ts := []types.Type{types.String, types.Int32, types.Int64}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := &Deduplicate{Keys: []int{0}, TimeCol: 1, KeepLast: c.keepLast, Rowtime: c.rowtime}
			if err := op.Open(context.Background()); err != nil {
				t.Fatal(err)
			}
			out := stream.NewBatch(3)
			if err := op.Process(batchOf(2, in...), out); err != nil {
				t.Fatal(err)
			}
			if got := changelog(out, ts); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got\n%v\nwant\n%v", got, c.want)
			}
		})
	}
}

// The cases follow Flink's RetractableTopNFunctionTest.
func TestRetractTopN(t *testing.T) {
	cases := []struct {
		name       string
		start, end int64
		rank       bool
		in         []rec
		want       []string
	}{
		{"retract with rank number", 1, 2, true, []rec{
			ins("book", 1, 12), ins("book", 2, 19), ins("book", 4, 11), ub("book", 1, 12), ins("book", 5, 11),
			ins("fruit", 4, 33), ins("fruit", 3, 44), ins("fruit", 5, 22),
		}, []string{
			"+I[book, 1, 12, 1]", "+I[book, 2, 19, 2]",
			"-U[book, 1, 12, 1]", "+U[book, 4, 11, 1]", "-U[book, 2, 19, 2]", "+U[book, 1, 12, 2]",
			"-U[book, 1, 12, 2]", "+U[book, 2, 19, 2]",
			"-U[book, 2, 19, 2]", "+U[book, 5, 11, 2]",
			"+I[fruit, 4, 33, 1]", "+I[fruit, 3, 44, 2]",
			"-U[fruit, 4, 33, 1]", "+U[fruit, 5, 22, 1]", "-U[fruit, 3, 44, 2]", "+U[fruit, 4, 33, 2]",
		}},
		{"no rank number", 1, 2, false, []rec{
			ins("book", 1, 12), ins("book", 2, 19), ins("book", 4, 11), ins("book", 1, 10),
		}, []string{
			"+I[book, 1, 12, 0]", "+I[book, 2, 19, 0]", "-D[book, 2, 19, 0]", "+I[book, 4, 11, 0]",
			"-D[book, 1, 12, 0]", "+I[book, 1, 10, 0]",
		}},
		// A row leaving the Top-N lets the best row below it in.
		{"retract without rank number", 1, 2, false, []rec{
			ins("a", 1, 1), ins("a", 2, 2), ins("a", 3, 3), del("a", 1, 1), del("a", 9, 9), ub("a", 3, 3),
		}, []string{
			"+I[a, 1, 1, 0]", "+I[a, 2, 2, 0]", "-D[a, 1, 1, 0]", "+I[a, 3, 3, 0]", "-D[a, 3, 3, 0]",
		}},
		{"retract the last row with rank number", 1, 3, true, []rec{
			ins("a", 1, 1), ins("a", 2, 2), del("a", 1, 1), del("a", 2, 2),
		}, []string{
			"+I[a, 1, 1, 1]", "+I[a, 2, 2, 2]", "-U[a, 1, 1, 1]", "+U[a, 2, 2, 1]", "-D[a, 2, 2, 2]", "-D[a, 2, 2, 1]",
		}},
	}
	ts := []types.Type{types.String, types.Int64, types.Int32, types.Int64}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := &RetractTopN{Partition: []int{0}, Order: []SortKey{{Col: 2, Type: types.Int32, NullsFirst: true}},
				Start: c.start, End: c.end, OutputRank: c.rank}
			if err := op.Open(context.Background()); err != nil {
				t.Fatal(err)
			}
			out := stream.NewBatch(4)
			if err := op.Process(batchOf(3, c.in...), out); err != nil {
				t.Fatal(err)
			}
			if got := changelog(out, ts); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got\n%v\nwant\n%v", got, c.want)
			}
		})
	}
}
