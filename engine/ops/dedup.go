package ops

import (
	"context"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Deduplicate keeps one row per key by a time attribute (Flink's
// Deduplicate, with its defaults: no mini-batch, update-before on). Output
// rows are the input row followed by the row number 1. It accepts +I only.
//
//   - proctime, keep first: the first row of a key is +I; later rows are
//     dropped (append-only).
//   - proctime, keep last: the first row is +I, each later one -U the kept
//     row then +U itself.
//   - rowtime: a row replaces the kept one when its time is earlier (keep
//     first) or not earlier (keep last), emitting +I for a key's first row
//     and -U/+U after; rows are handled as they arrive, without waiting for
//     the watermark, as Flink's RowTimeDeduplicateFunction does.
//
// State: per key, the kept row (cloned).
type Deduplicate struct {
	Keys     []int
	TimeCol  int
	KeepLast bool
	Rowtime  bool
	// TTL is 'table.exec.state.ttl': a key whose kept row was written that
	// long ago is forgotten (its next row is a first row again).
	TTL *StateTTL

	kept    map[string][]types.Value
	touched map[string]int64
	keyBuf  []byte
}

var _ stream.Operator = (*Deduplicate)(nil)

// Open implements stream.Operator.
func (d *Deduplicate) Open(context.Context) error {
	d.kept = map[string][]types.Value{}
	d.touched = map[string]int64{}
	return nil
}

// Process implements stream.Operator.
func (d *Deduplicate) Process(in, out *stream.Batch) error {
	if d.TTL.tick() {
		for k, t := range d.touched {
			if d.TTL.expired(t) {
				delete(d.kept, k)
				delete(d.touched, k)
			}
		}
	}
	for i := 0; i < in.Len(); i++ {
		if in.Kinds[i] != stream.Insert {
			return diag.Errorf(diag.NoPos, diag.TableException, "Deduplication over an updating input is not supported yet.")
		}
		row := in.Row(i)
		d.keyBuf = types.AppendKey(d.keyBuf[:0], row, d.Keys)
		prev, seen := d.kept[string(d.keyBuf)]
		if seen && d.TTL.on() && d.TTL.expired(d.touched[string(d.keyBuf)]) {
			delete(d.kept, string(d.keyBuf))
			seen = false
		}
		if d.Rowtime {
			cur := row[d.TimeCol]
			if seen {
				pt := prev[d.TimeCol]
				replace := cur.I < pt.I
				if d.KeepLast {
					replace = pt.I <= cur.I
				}
				if cur.Null || !replace {
					continue
				}
			}
		} else if seen && !d.KeepLast {
			continue
		}
		kept := types.CloneRow(row)
		d.kept[string(d.keyBuf)] = kept
		if d.TTL.on() {
			d.touched[string(d.keyBuf)] = d.TTL.now
		}
		if !seen {
			d.emit(out, stream.Insert, kept)
			continue
		}
		d.emit(out, stream.UpdateBefore, prev)
		d.emit(out, stream.UpdateAfter, kept)
	}
	return nil
}

func (d *Deduplicate) emit(out *stream.Batch, k stream.Kind, row []types.Value) {
	dst := out.Append(k)
	copy(dst, row)
	dst[len(row)] = types.IntValue(1)
}

// Close implements stream.Operator.
func (d *Deduplicate) Close() error { return nil }
