package connector

import "math/rand/v2"

// ColumnSeed derives the seed of one column's random generator from the
// session seed ('playground.datagen.seed'), the table and the column path,
// so equal seeds still give different tables and different columns.
// Without a session seed, it is random.
func ColumnSeed(hasSeed bool, seed int64, table, path string) uint64 {
	if !hasSeed {
		return rand.Uint64()
	}
	// FNV-1a over the seed's bytes, the table name, a separator and the path.
	h := uint64(14695981039346656037)
	for i := 0; i < 8; i++ {
		h ^= uint64(seed >> (8 * i) & 0xff)
		h *= 1099511628211
	}
	for _, s := range [...]string{table, "\x00", path} {
		for i := 0; i < len(s); i++ {
			h ^= uint64(s[i])
			h *= 1099511628211
		}
	}
	return h
}
