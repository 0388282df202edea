package ops

import (
	"encoding/binary"
	"math"
	"math/bits"
	"sort"

	"github.com/flinkplay/flinkplay/engine/types"
)

// Flink's mini-batch operators buffer rows in a java.util.HashMap keyed by
// the grouping key as a BinaryRowData, and emit a mini-batch in the map's
// iteration order. That order is reproduced here: binaryRowHash is
// BinaryRowData.hashCode() (Murmur3 over the row's bytes, by 4-byte words,
// seed 42), and javaOrder sorts keys as HashMap iterates them: by bucket,
// (h ^ h >>> 16) & (capacity - 1), then by insertion within a bucket. The
// capacity starts at 16 and doubles when the map holds more than 3/4 of
// it; clearing the map keeps it. A bucket of 8 or more keys becomes a tree
// in Java, whose order is not reproduced (it takes 8 colliding keys in one
// mini-batch).

// binaryRowHash returns the hash code of key as Flink's BinaryRowData of
// the given types, or false for a type whose binary layout is not
// reproduced (nested types, TIMESTAMP with more than 3 fraction digits,
// DECIMAL with more than 18 digits, VARIANT).
func binaryRowHash(key []types.Value, ts []types.Type, buf []byte) (int32, []byte, bool) {
	arity := len(key)
	nullBits := ((arity + 63 + 8) / 64) * 8
	fixed := nullBits + 8*arity
	buf = append(buf[:0], make([]byte, fixed)...)
	for i, v := range key {
		off := nullBits + 8*i
		if v.Null {
			bit := i + 8
			buf[bit/8] |= 1 << (bit % 8)
			continue
		}
		t := ts[i]
		switch {
		case t.Kind == types.Boolean || t.Kind == types.TinyInt:
			buf[off] = byte(v.I)
		case t.Kind == types.SmallInt:
			binary.LittleEndian.PutUint16(buf[off:], uint16(v.I))
		case t.Kind == types.Int || t.Kind == types.Date || t.Kind == types.Time || t.Kind == types.IntervalYearMonth:
			binary.LittleEndian.PutUint32(buf[off:], uint32(v.I))
		case t.Kind == types.BigInt || t.Kind == types.IntervalDayTime:
			binary.LittleEndian.PutUint64(buf[off:], uint64(v.I))
		case t.Kind == types.Float:
			binary.LittleEndian.PutUint32(buf[off:], math.Float32bits(float32(v.F)))
		case t.Kind == types.Double:
			binary.LittleEndian.PutUint64(buf[off:], math.Float64bits(v.F))
		case t.Kind == types.Decimal && t.Precision <= 18 && v.X == nil:
			binary.LittleEndian.PutUint64(buf[off:], uint64(v.I))
		case t.IsTimestamp() && t.Precision <= 3:
			binary.LittleEndian.PutUint64(buf[off:], uint64(v.I))
		case t.IsCharacter() || t.Kind == types.Binary || t.Kind == types.Varbinary:
			b := v.B
			if len(b) <= 7 {
				w := uint64(len(b)|0x80) << 56
				for j, c := range b {
					w |= uint64(c) << (8 * j)
				}
				binary.LittleEndian.PutUint64(buf[off:], w)
				continue
			}
			cursor := len(buf)
			binary.LittleEndian.PutUint64(buf[off:], uint64(cursor)<<32|uint64(len(b)))
			buf = append(buf, b...)
			for len(buf)%8 != 0 {
				buf = append(buf, 0)
			}
		default:
			return 0, buf, false
		}
	}
	return murmurWords(buf), buf, true
}

// murmurWords is MurmurHashUtils.hashBytesByWords: Murmur3's 32-bit body
// over little-endian 4-byte words, seed 42, then fmix with the length.
func murmurWords(b []byte) int32 {
	const c1, c2 = 0xcc9e2d51, 0x1b873593
	h := uint32(42)
	for i := 0; i+4 <= len(b); i += 4 {
		k := binary.LittleEndian.Uint32(b[i:])
		k *= c1
		k = bits.RotateLeft32(k, 15)
		k *= c2
		h ^= k
		h = bits.RotateLeft32(h, 13)
		h = h*5 + 0xe6546b64
	}
	h ^= uint32(len(b))
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return int32(h)
}

// javaMap tracks the table size of a java.util.HashMap that is filled and
// cleared again, as a bundle is.
type javaMap struct {
	capacity int
}

// grow accounts for a map that now holds size keys.
func (m *javaMap) grow(size int) {
	if m.capacity == 0 {
		m.capacity = 16
	}
	for size > m.capacity*3/4 {
		m.capacity *= 2
	}
}

// order returns the indices 0..len(hashes)-1 (keys in insertion order) in
// the map's iteration order; a key without a hash (ok false) keeps its
// insertion place after the hashed ones of its position, which is
// insertion order when no key has one.
func (m *javaMap) order(hashes []int32, ok []bool, dst []int) []int {
	dst = dst[:0]
	for i := range hashes {
		dst = append(dst, i)
	}
	all := true
	for _, o := range ok {
		all = all && o
	}
	if !all {
		return dst // insertion order
	}
	mask := uint32(m.capacity - 1)
	bucket := func(i int) uint32 {
		h := uint32(hashes[i])
		return (h ^ h>>16) & mask
	}
	sort.SliceStable(dst, func(a, b int) bool { return bucket(dst[a]) < bucket(dst[b]) })
	return dst
}
