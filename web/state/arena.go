package state

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
)

// The buffers keep their rows' bytes in a few large chunks and refer to
// them by offsets, so that 100,000 rows cost the garbage collector a few
// dozen pointers rather than one or two per row: in the single-threaded
// wasm page a mark phase runs to its end in one task, and its length grows
// with the pointers the heap holds.

// chunkSize is the capacity of an arena chunk; a longer row gets a chunk
// of its own.
const chunkSize = 1 << 20

// maxFreeChunks bounds the chunks an arena keeps for reuse.
const maxFreeChunks = 32

// span locates bytes in an arena: chunk is a sequence number, not an index,
// so that releasing old chunks leaves the spans of newer ones valid.
type span struct{ chunk, off, n uint32 }

// arena is an append-only store of byte strings in chunks, released
// oldest first.
type arena struct {
	chunks [][]byte // chunks[k] has sequence number base+k
	base   uint32
	used   int // bytes in chunks
	free   [][]byte
}

// room returns the current chunk with room for n more bytes, starting one
// if needed.
func (a *arena) room(n int) {
	if k := len(a.chunks); k > 0 && cap(a.chunks[k-1])-len(a.chunks[k-1]) >= n {
		return
	}
	var c []byte
	for len(a.free) > 0 && c == nil {
		c = a.free[len(a.free)-1]
		a.free = a.free[:len(a.free)-1]
		if cap(c) < n {
			c = nil
		}
	}
	if c == nil {
		c = make([]byte, 0, max(chunkSize, n))
	}
	a.chunks = append(a.chunks, c[:0])
}

// add copies s into the arena.
func (a *arena) add(s string) span {
	a.room(len(s))
	k := len(a.chunks) - 1
	off := len(a.chunks[k])
	a.chunks[k] = append(a.chunks[k], s...)
	a.used += len(s)
	return span{a.base + uint32(k), uint32(off), uint32(len(s))}
}

// addBytes is add for bytes.
func (a *arena) addBytes(b []byte) span {
	a.room(len(b))
	k := len(a.chunks) - 1
	off := len(a.chunks[k])
	a.chunks[k] = append(a.chunks[k], b...)
	a.used += len(b)
	return span{a.base + uint32(k), uint32(off), uint32(len(b))}
}

// get returns the bytes of s, valid until its chunk is released.
func (a *arena) get(s span) []byte {
	return a.chunks[s.chunk-a.base][s.off : s.off+s.n]
}

// release recycles the chunks older than chunk.
func (a *arena) release(chunk uint32) {
	for a.base < chunk && len(a.chunks) > 1 {
		a.recycle(a.chunks[0])
		a.used -= len(a.chunks[0])
		a.chunks[0] = nil
		a.chunks = a.chunks[1:]
		a.base++
	}
}

func (a *arena) recycle(c []byte) {
	if len(a.free) < maxFreeChunks && cap(c) == chunkSize {
		a.free = append(a.free, c[:0])
	}
}

// Ops are stored as a byte: the four of a changelog, and others (never
// seen from the worker) in a small table.
type opTable struct{ extra []string }

var knownOps = [...]string{"+I", "-U", "+U", "-D"}

func (o *opTable) code(op string) uint8 {
	for i, k := range knownOps {
		if op == k {
			return uint8(i)
		}
	}
	for i, k := range o.extra {
		if op == k {
			return uint8(len(knownOps) + i)
		}
	}
	if len(knownOps)+len(o.extra) > 255 {
		return 0 // cannot happen with the worker's ops
	}
	o.extra = append(o.extra, op)
	return uint8(len(knownOps) + len(o.extra) - 1)
}

func (o *opTable) str(code uint8) string {
	if int(code) < len(knownOps) {
		return knownOps[code]
	}
	return o.extra[int(code)-len(knownOps)]
}

// cellsKey returns the identity of a stored change (see Change.cellsPart)
// in two parts, a raw row's line being cut out of its middle.
func cellsKey(raw bool, d []byte) (a, b []byte) {
	if raw {
		return rawKeyParts(d)
	}
	n, w := binary.Uvarint(d[:min(len(d), binary.MaxVarintLen64)])
	if w <= 0 || uint64(len(d)-w) < n {
		return nil, nil
	}
	return d[w+int(n):], nil
}

// rawKeyParts is rawKey in two parts, without building a string.
func rawKeyParts(obj []byte) (a, b []byte) {
	lineKey := []byte(`,"line":"`)
	body := obj[min(len(`{"op":"+I",`), len(obj)):]
	i := bytes.Index(body, lineKey)
	if i < 0 {
		return body, nil
	}
	// The line ends at the first unescaped quote.
	j := i + len(lineKey)
	for j < len(body) && body[j] != '"' {
		if body[j] == '\\' {
			j++
		}
		j++
	}
	if j+1 >= len(body) || body[j+1] == '}' {
		return body[:i], nil
	}
	return body[:i], body[j+1:]
}

// keyHash hashes the concatenation of a and b.
func keyHash(a, b []byte) uint64 {
	var h maphash.Hash
	h.SetSeed(tableSeed)
	h.Write(a)
	h.Write(b)
	return h.Sum64()
}

// keyEqual reports whether a1+b1 equals a2+b2.
func keyEqual(a1, b1, a2, b2 []byte) bool {
	if len(a1)+len(b1) != len(a2)+len(b2) {
		return false
	}
	for len(a1)+len(b1) > 0 {
		if len(a1) == 0 {
			a1, b1 = b1, nil
		}
		if len(a2) == 0 {
			a2, b2 = b2, nil
		}
		n := min(len(a1), len(a2))
		if !bytes.Equal(a1[:n], a2[:n]) {
			return false
		}
		a1, a2 = a1[n:], a2[n:]
	}
	return true
}
