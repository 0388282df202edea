package state

import (
	"fmt"
	"testing"
)

func TestCells(t *testing.T) {
	script := "CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\n-- %% Orders\nSELECT * FROM t;\n  -- %%\nSELECT 1;"
	cells := Cells(script)
	got := ""
	for _, c := range cells {
		got += fmt.Sprintf("[%d %q %q]", c.Index, c.Name(), script[c.Start:c.End])
	}
	want := `[1 "Cell 1" "CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\n"]` +
		`[2 "Cell 2 · Orders" "-- %% Orders\nSELECT * FROM t;\n"]` +
		`[3 "Cell 3" "  -- %%\nSELECT 1;"]`
	if got != want {
		t.Errorf("Cells:\n%s\nwant\n%s", got, want)
	}
	for pos, want := range map[int]int{0: 1, 10: 1, len("CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\n"): 2, len(script): 3} {
		if c, ok := CellAt(cells, pos); !ok || c.Index != want {
			t.Errorf("CellAt(%d) = %d, %v; want cell %d", pos, c.Index, ok, want)
		}
	}
	if Cells("SELECT 1; -- %% not at a line's start\n") != nil {
		t.Error("a marker inside a line makes a cell")
	}
	// A script that starts with a marker has no empty first cell.
	if cs := Cells("-- %% first\nSELECT 1;\n"); len(cs) != 1 || cs[0].Title != "first" || cs[0].Start != 0 {
		t.Errorf("leading marker: %+v", cs)
	}
}
