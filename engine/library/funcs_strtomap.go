package library

import (
	"regexp"
	"sort"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// STR_TO_MAP(text [, listDelimiter, keyValueDelimiter]) splits text into
// pairs at listDelimiter (default ',') and each pair into key and value at
// the first keyValueDelimiter (default '='); both delimiters are regular
// expressions, and splitting follows Java's String.split (trailing empty
// pairs dropped). Flink builds the map as a java.util.HashMap, so its
// entries print in HashMap order; javaHashMapOrder reproduces it.

var (
	strToMapT      = types.MapOf(types.String, types.String)
	defaultListSep = regexp.MustCompile(",")
	defaultKVSep   = regexp.MustCompile("=")
)

func buildStrToMap(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	c := expr.IsCharOrNull
	if err := checkFamilies(name, args, pos, []string{"STR_TO_MAP(<CHARACTER>)", "STR_TO_MAP(<CHARACTER>, <CHARACTER>, <CHARACTER>)"},
		[]func(types.Type) bool{c}, []func(types.Type) bool{c, c, c}); err != nil {
		return nil, err
	}
	var listSep, kvSep *regexpArg
	if len(args) == 3 {
		var err error
		if listSep, err = newRegexpArg(args[1], pos); err != nil {
			return nil, err
		}
		if kvSep, err = newRegexpArg(args[2], pos); err != nil {
			return nil, err
		}
	}
	return strictFn(name, args, strToMapT, func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		ls, kv := defaultListSep, defaultKVSep
		if len(v) == 3 {
			var err error
			if ls, err = listSep.get(v[1].B); err != nil || ls == nil {
				return types.NullValue, err
			}
			if kv, err = kvSep.get(v[2].B); err != nil || kv == nil {
				return types.NullValue, err
			}
		}
		m := &types.MapValue{}
		if len(v[0].B) == 0 {
			return types.Value{X: m}, nil
		}
		pairs := javaSplit(v[0].B, ls, 0)
		for _, p := range pairs {
			kvp := javaSplit(p, kv, 2)
			key, val := types.BytesValue(p), types.NullValue
			if len(kvp) == 2 {
				key, val = types.BytesValue(kvp[0]), types.BytesValue(kvp[1])
			}
			putJavaOrder(m, key, val)
		}
		javaHashMapOrder(m, len(pairs))
		return types.Value{X: m}, nil
	}), nil
}

// javaSplit splits s as Java's String.split(regex, limit) does for limit 0
// (all pieces, trailing empty ones dropped) and limit 2 (at the first
// match only).
func javaSplit(s []byte, re *regexp.Regexp, limit int) [][]byte {
	var out [][]byte
	index := 0
	for _, m := range re.FindAllIndex(s, -1) {
		if limit > 0 && len(out) >= limit-1 {
			break
		}
		if m[0] == 0 && m[1] == 0 {
			continue // no empty leading piece for a zero-width match at the start
		}
		out = append(out, s[index:m[0]])
		index = m[1]
	}
	if index == 0 && len(out) == 0 {
		return [][]byte{s}
	}
	out = append(out, s[index:])
	if limit == 0 {
		for len(out) > 0 && len(out[len(out)-1]) == 0 {
			out = out[:len(out)-1]
		}
	}
	return out
}

// putJavaOrder sets key to val, replacing the value of an existing key in
// place, as HashMap.put does.
func putJavaOrder(m *types.MapValue, key, val types.Value) {
	for i, k := range m.Keys {
		if string(k.B) == string(key.B) {
			m.Vals[i] = val
			return
		}
	}
	m.Keys = append(m.Keys, key)
	m.Vals = append(m.Vals, val)
}

// javaStringHash is Java's String.hashCode over the UTF-16 code units.
func javaStringHash(b []byte) int32 {
	var h int32
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		b = b[n:]
		if r >= 0x10000 {
			r1, r2 := utf16.EncodeRune(r)
			h = 31*h + int32(r1)
			h = 31*h + int32(r2)
			continue
		}
		h = 31*h + int32(r)
	}
	return h
}

// javaHashMapOrder reorders m's entries (keys in insertion order) into the
// iteration order of a HashMap created by Flink's
// CollectionUtil.newHashMapWithExpectedSize(expected): by bucket, then by
// insertion within a bucket.
func javaHashMapOrder(m *types.MapValue, expected int) {
	capacity := expected + 1
	if expected > 2 {
		capacity = (expected*4 + 2) / 3 // ceil(expected / 0.75)
	}
	size := 1
	for size < capacity {
		size <<= 1
	}
	// A HashMap grows when it holds more than 3/4 of its table.
	for len(m.Keys) > size*3/4 {
		size <<= 1
	}
	bucket := func(k types.Value) int {
		h := uint32(javaStringHash(k.B))
		return int((h ^ h>>16) & uint32(size-1))
	}
	order := make([]int, len(m.Keys))
	buckets := make([]int, len(m.Keys))
	for i := range order {
		order[i], buckets[i] = i, bucket(m.Keys[i])
	}
	sort.SliceStable(order, func(x, y int) bool { return buckets[order[x]] < buckets[order[y]] })
	keys := make([]types.Value, len(order))
	vals := make([]types.Value, len(order))
	for j, i := range order {
		keys[j], vals[j] = m.Keys[i], m.Vals[i]
	}
	m.Keys, m.Vals = keys, vals
}
