package types

import (
	"encoding/binary"
	"fmt"
	"math"
)

// AppendKey appends an unambiguous binary encoding of row[cols] to dst:
// two rows encode alike exactly when those values are equal, NULLs
// included. Operators key their state by it, and lookup sources their rows.
func AppendKey(dst []byte, row []Value, cols []int) []byte {
	for _, c := range cols {
		dst = appendKeyValue(dst, row[c])
	}
	return dst
}

func appendKeyValue(dst []byte, v Value) []byte {
	if v.Null {
		return append(dst, 0)
	}
	dst = append(dst, 1)
	dst = binary.LittleEndian.AppendUint64(dst, uint64(v.I))
	dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(v.F))
	dst = binary.LittleEndian.AppendUint32(dst, uint32(v.N))
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(v.B)))
	dst = append(dst, v.B...)
	if v.X != nil {
		var s string
		if k, ok := v.X.(interface{ KeyString() string }); ok {
			s = k.KeyString()
		} else {
			s = fmt.Sprint(v.X)
		}
		dst = binary.LittleEndian.AppendUint32(dst, uint32(len(s)))
		dst = append(dst, s...)
	}
	return dst
}
