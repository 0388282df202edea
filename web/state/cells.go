package state

import "strings"

// CellMarker starts a cell of a notebook script: a line that begins with
// "-- %%", optionally followed by the cell's title ("-- %% Orders per
// minute"). It is a SQL comment, so the script stays a script that Flink's
// SQL client runs whole, and a share link, an embed or an export keeps its
// cells.
const CellMarker = "-- %%"

// Cell is one cell of a script: [Start, End) in bytes, from its marker line
// (or the script's start) to the next marker (or the script's end).
type Cell struct {
	Index int // from 1, in script order
	Title string
	Start int
	End   int
}

// Cells splits a script at its marker lines; nil when it has none (a
// script without cells).
func Cells(script string) []Cell {
	var marks []int
	var titles []string
	for pos := 0; pos < len(script); {
		end := strings.IndexByte(script[pos:], '\n')
		if end < 0 {
			end = len(script)
		} else {
			end += pos
		}
		line := strings.TrimLeft(script[pos:end], " \t")
		if strings.HasPrefix(line, CellMarker) {
			marks = append(marks, pos)
			titles = append(titles, strings.TrimSpace(strings.TrimPrefix(line, CellMarker)))
		}
		pos = end + 1
	}
	if len(marks) == 0 {
		return nil
	}
	var cells []Cell
	if strings.TrimSpace(script[:marks[0]]) != "" {
		cells = append(cells, Cell{Start: 0, End: marks[0]})
	}
	for i, m := range marks {
		end := len(script)
		if i+1 < len(marks) {
			end = marks[i+1]
		}
		cells = append(cells, Cell{Title: titles[i], Start: m, End: end})
	}
	for i := range cells {
		cells[i].Index = i + 1
	}
	return cells
}

// CellAt returns the cell that holds byte offset pos.
func CellAt(cells []Cell, pos int) (Cell, bool) {
	for i, c := range cells {
		if pos >= c.Start && (pos < c.End || i == len(cells)-1 && pos <= c.End) {
			return c, true
		}
	}
	return Cell{}, false
}

// Name is how the page names the cell: "Cell 2", or "Cell 2 · Orders".
func (c Cell) Name() string {
	n := "Cell " + Count(int64(c.Index))
	if c.Title != "" {
		n += " · " + c.Title
	}
	return n
}
