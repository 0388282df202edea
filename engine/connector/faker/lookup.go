package faker

import (
	"fmt"
	"time"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

var _ connector.LookupSource = (*TableSource)(nil)

// CreateLookup implements connector.LookupSource: flink-faker's
// FlinkFakerLookupFunction, which answers every key with one row.
func (s *TableSource) CreateLookup(env connector.Env, keys []int) (connector.Lookuper, error) {
	l := &lookup{t: s, keyOf: make([]int, len(s.cols)), clock: env.Clock, row: make([]types.Value, len(s.cols))}
	if l.clock == nil {
		l.clock = wallClock{}
	}
	for i := range l.keyOf {
		l.keyOf[i] = -1
	}
	for k, c := range keys {
		if c < 0 || c >= len(s.cols) {
			return nil, fmt.Errorf("faker: lookup key %d of %d columns", c, len(s.cols))
		}
		l.keyOf[c] = k
	}
	d := currentData()
	l.gens = make([]*resolver, len(s.cols))
	for i, c := range s.cols {
		if l.keyOf[i] < 0 {
			// Its own random stream: a table both scanned and looked up
			// does not repeat its scan's values.
			seed := connector.ColumnSeed(env.HasSeed, env.Seed, s.table+"\x00lookup", c.name)
			l.gens[i] = newResolver(seed, l.nowFn, d)
		}
	}
	return l, nil
}

// lookup is FlinkFakerLookupFunction.lookup: the row of a key has the key's
// values in its key columns and, in every other column, a value generated
// from the column's expression, NULL at its null rate.
type lookup struct {
	t     *TableSource
	keyOf []int // per column, its position in the key, or -1
	gens  []*resolver
	clock stream.Clock
	now   time.Time
	vals  []string
	row   []types.Value
}

func (l *lookup) nowFn() time.Time { return l.now }

// Lookup implements connector.Lookuper. Its null test is the lookup
// function's, faker.random().nextFloat() > nullRate (generate's lookup
// variant), so a null rate of 0 can still give NULL, as in flink-faker.
func (l *lookup) Lookup(key []types.Value, emit func(row []types.Value) error) error {
	l.now = l.clock.Now()
	for i := range l.t.cols {
		if k := l.keyOf[i]; k >= 0 {
			l.row[i] = key[k]
			continue
		}
		v, err := generate(l.gens[i], &l.t.cols[i], &l.vals, true)
		if err != nil {
			return err
		}
		l.row[i] = v
	}
	return emit(l.row)
}
