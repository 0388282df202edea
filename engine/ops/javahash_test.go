package ops

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/types"
)

// The expected hash codes and iteration orders were printed by Flink's own
// BinaryRowData, BinaryRowWriter and java.util.HashMap (Flink master
// c43754cdc4f, JDK 17), from a small program that builds the same keys.
func TestBinaryRowHashIsFlinks(t *testing.T) {
	cases := []struct {
		key  []types.Value
		ts   []types.Type
		want int32
	}{
		{[]types.Value{{I: 0}}, []types.Type{types.Int64}, -300363099},
		{[]types.Value{{I: 1}}, []types.Type{types.Int64}, 1465514398},
		{[]types.Value{{I: -1}}, []types.Type{types.Int64}, -821098432},
		{[]types.Value{{I: 42}}, []types.Type{types.Int64}, 907821237},
		{[]types.Value{{I: 999}}, []types.Type{types.Int64}, -2091772628},
		{[]types.Value{{I: 1 << 40}}, []types.Type{types.Int64}, 895061894},
		{[]types.Value{{I: math.MinInt64}}, []types.Type{types.Int64}, 302122119},
		{[]types.Value{{I: 0}}, []types.Type{types.Int32}, -300363099},
		{[]types.Value{{I: -1}}, []types.Type{types.Int32}, 1133687267},
		{[]types.Value{{I: 7}}, []types.Type{types.Int32}, -348168691},
		{[]types.Value{{I: 1000}}, []types.Type{types.Int32}, 18631685},
		{[]types.Value{types.StringValue("")}, []types.Type{types.String}, 302122119},
		{[]types.Value{types.StringValue("a")}, []types.Type{types.String}, 943281246},
		{[]types.Value{types.StringValue("pear")}, []types.Type{types.String}, 1583780653},
		{[]types.Value{types.StringValue("1234567")}, []types.Type{types.String}, 199144172},
		{[]types.Value{types.StringValue("12345678")}, []types.Type{types.String}, -391021801},
		{[]types.Value{types.StringValue("a longer product name")}, []types.Type{types.String}, -1353526633},
		{[]types.Value{{I: 3}, types.StringValue("x")}, []types.Type{types.Int32, types.String}, 1569669656},
		{[]types.Value{{I: 3}, types.NullValue}, []types.Type{types.Int32, types.String}, 2018665652},
		{[]types.Value{{F: 1.5}}, []types.Type{types.Float64}, 1860889473},
	}
	for _, c := range cases {
		got, _, ok := binaryRowHash(c.key, c.ts, nil)
		if !ok || got != c.want {
			t.Errorf("%v %v: %d (%v), want %d", c.key, c.ts, got, ok, c.want)
		}
	}
}

func TestJavaOrderIsHashMaps(t *testing.T) {
	var m javaMap
	order := func(keys []types.Value, t types.Type) string {
		var hashes []int32
		var oks []bool
		for i, k := range keys {
			h, _, ok := binaryRowHash([]types.Value{k}, []types.Type{t}, nil)
			hashes, oks = append(hashes, h), append(oks, ok)
			m.grow(i + 1)
		}
		var out []string
		for _, i := range m.order(hashes, oks, nil) {
			if t.Kind == types.BigInt {
				out = append(out, fmt.Sprint(keys[i].I))
			} else {
				out = append(out, string(keys[i].B))
			}
		}
		return strings.Join(out, " ")
	}
	var keys []types.Value
	for v := int64(0); v < 40; v++ {
		keys = append(keys, types.Value{I: v * 7919 % 1000})
	}
	if got, want := order(keys, types.Int64), "542 380 3 595 922 514 137 489 676 785 246 757 838 84 623 732 841 866 271 327 894 947 975 433 704 352 165 190 109 299 651 408 28 56 919 570 218 461 0 813"; got != want {
		t.Errorf("40 keys:\n got %s\nwant %s", got, want)
	}
	keys = keys[:0]
	for v := int64(0); v < 10; v++ {
		keys = append(keys, types.Value{I: v})
	}
	// cleared: the table keeps the 64 buckets the 40 keys needed
	if got, want := order(keys, types.Int64), "3 1 9 4 8 2 6 7 5 0"; got != want {
		t.Errorf("10 keys after clear:\n got %s\nwant %s", got, want)
	}
	m = javaMap{}
	keys = keys[:0]
	for _, w := range []string{"pear", "apple", "fig", "banana", "kiwi", "a longer product name", "plum"} {
		keys = append(keys, types.StringValue(w))
	}
	if got, want := order(keys, types.String), "kiwi fig plum apple banana a longer product name pear"; got != want {
		t.Errorf("strings:\n got %s\nwant %s", got, want)
	}
}
