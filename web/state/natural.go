package state

import (
	"slices"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// NaturalLess orders names as people read them: runs of digits compare by
// their value, so T2 comes before T10; other characters compare as bytes,
// and a tie (T01, T1) falls back to the bytes.
func NaturalLess(a, b string) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ca, cb := a[i], b[j]
		if isDigit(ca) && isDigit(cb) {
			si, sj := i, j
			for i < len(a) && isDigit(a[i]) {
				i++
			}
			for j < len(b) && isDigit(b[j]) {
				j++
			}
			na, nb := trimZeros(a[si:i]), trimZeros(b[sj:j])
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			continue
		}
		if ca != cb {
			return ca < cb
		}
		i++
		j++
	}
	if len(a)-i != len(b)-j {
		return len(a)-i < len(b)-j
	}
	return a < b
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func trimZeros(s string) string {
	for len(s) > 1 && s[0] == '0' {
		s = s[1:]
	}
	return s
}

// SortCatalog returns the snapshot's catalogs with their databases and
// objects in natural order (NaturalLess), for the catalog panel; snap is
// not changed.
func SortCatalog(snap *protocol.Catalog) []protocol.CatalogInfo {
	if snap == nil {
		return nil
	}
	cats := append([]protocol.CatalogInfo(nil), snap.Catalogs...)
	sortBy(cats, func(c protocol.CatalogInfo) string { return c.Name })
	for i := range cats {
		dbs := append([]protocol.DatabaseInfo(nil), cats[i].Databases...)
		sortBy(dbs, func(d protocol.DatabaseInfo) string { return d.Name })
		for k := range dbs {
			objs := append([]protocol.TableInfo(nil), dbs[k].Objects...)
			sortBy(objs, func(t protocol.TableInfo) string { return t.Name })
			dbs[k].Objects = objs
		}
		cats[i].Databases = dbs
	}
	return cats
}

// sortBy sorts s stably by NaturalLess of name.
func sortBy[T any](s []T, name func(T) string) {
	slices.SortStableFunc(s, func(a, b T) int { return NaturalCompare(name(a), name(b)) })
}

// NaturalCompare is NaturalLess as a comparison (-1, 0, 1), for
// slices.SortFunc.
func NaturalCompare(a, b string) int {
	switch {
	case NaturalLess(a, b):
		return -1
	case NaturalLess(b, a):
		return 1
	}
	return 0
}
