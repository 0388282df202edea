package state

import (
	"slices"
	"testing"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

func TestNaturalLess(t *testing.T) {
	names := []string{"T10", "T2", "orders", "T1", "T0", "T02", "Orders", "t1", "T", "T1a", "v10b2", "v10b10", "v9"}
	slices.SortStableFunc(names, func(a, b string) int {
		if NaturalLess(a, b) {
			return -1
		}
		if NaturalLess(b, a) {
			return 1
		}
		return 0
	})
	want := []string{"Orders", "T", "T0", "T1", "T1a", "T02", "T2", "T10", "orders", "t1", "v9", "v10b2", "v10b10"}
	if !slices.Equal(names, want) {
		t.Errorf("natural order\n got %q\nwant %q", names, want)
	}
}

func TestSortCatalogKeepsTheSnapshot(t *testing.T) {
	snap := &protocol.Catalog{Catalogs: []protocol.CatalogInfo{{Name: "c", Databases: []protocol.DatabaseInfo{{Name: "db",
		Objects: []protocol.TableInfo{{Name: "T10"}, {Name: "T9"}, {Name: "T1"}}}}}}}
	got := SortCatalog(snap)
	var names []string
	for _, o := range got[0].Databases[0].Objects {
		names = append(names, o.Name)
	}
	if !slices.Equal(names, []string{"T1", "T9", "T10"}) {
		t.Errorf("sorted %q", names)
	}
	if snap.Catalogs[0].Databases[0].Objects[0].Name != "T10" {
		t.Error("SortCatalog changed the snapshot")
	}
}
