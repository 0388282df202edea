package nexmark

import (
	"bufio"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/types"
)

// TestEventsMatchNexmark compares the rows of the ddl_gen.sql table with
// the events of Nexmark's own NexmarkGenerator at commit 6b3646c3 (the
// Java classes unchanged, run by testdata/NexmarkDump.java; regen.sh says
// how), field by field. Each testdata/*.tsv names its case: the value
// Java's SplittableRandom seed generator started at (here the session
// seed, 0 without one), the base time (here the clock at Create), how many
// events were skipped, and the connector options (in Java the matching
// NexmarkConfiguration fields).
func TestEventsMatchNexmark(t *testing.T) {
	files, err := filepath.Glob("testdata/*.tsv")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".tsv"), func(t *testing.T) {
			c := readCase(t, file)
			src := plan(t, genSchema(), c.opts)
			clock := &fakeClock{now: time.UnixMilli(c.base)}
			var seed *int64
			if c.gen != 0 {
				seed = &c.gen
			}
			s := open(t, src, clock, seed)
			rows, err := drain(t, s, 4, c.skip, c.count)
			if len(rows) != len(c.lines) {
				t.Fatalf("%d rows (%v), Nexmark made %d events", len(rows), err, len(c.lines))
			}
			for i, r := range rows {
				got := strings.Split(formatEvent(r), "\t")
				want := strings.Split(c.lines[i], "\t")
				if len(got) != len(want) {
					t.Fatalf("event %d: %q, Nexmark %q", c.skip+int64(i), got, want)
				}
				for j := range want {
					if got[j] != want[j] {
						t.Errorf("event %d (%s) field %d = %q, Nexmark %q", c.skip+int64(i), want[0], j, got[j], want[j])
					}
				}
			}
		})
	}
}

type dumpCase struct {
	gen, base, skip int64
	count           int
	opts            map[string]string
	lines           []string
}

func readCase(t *testing.T, file string) dumpCase {
	t.Helper()
	fh, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	c := dumpCase{opts: map[string]string{}}
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "# options:"):
			for _, kv := range strings.Fields(strings.TrimPrefix(line, "# options:")) {
				k, v, _ := strings.Cut(kv, "=")
				c.opts[k] = v
			}
		case strings.HasPrefix(line, "# "):
			for _, kv := range strings.Fields(line[2:]) {
				k, v, _ := strings.Cut(kv, "=")
				n, err := strconv.ParseInt(v, 10, 64)
				if err != nil {
					t.Fatalf("%s: %q", file, line)
				}
				switch k {
				case "gen":
					c.gen = n
				case "base":
					c.base = n
				case "skip":
					c.skip = n
				case "count":
					c.count = int(n)
				}
			}
		default:
			c.lines = append(c.lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return c
}

// formatEvent prints a row of the ddl_gen.sql layout as NexmarkDump
// prints an event.
func formatEvent(r []types.Value) string {
	var tag string
	var fields []types.Value
	var strs []bool
	switch r[0].I {
	case personEvent:
		tag, fields = "P", r[1].X.(*types.RowValue).Fields
		strs = []bool{false, true, true, true, true, true, false, true}
	case auctionEvent:
		tag, fields = "A", r[2].X.(*types.RowValue).Fields
		strs = []bool{false, true, true, false, false, false, false, false, false, true}
	default:
		tag, fields = "B", r[3].X.(*types.RowValue).Fields
		strs = []bool{false, false, false, true, true, false, true}
	}
	for i := 1; i < 4; i++ {
		if i-1 != int(r[0].I) && !r[i].Null {
			return fmt.Sprintf("column %d is not NULL in an event of type %d", i, r[0].I)
		}
	}
	out := []string{tag}
	for i, v := range fields {
		if strs[i] {
			out = append(out, longString(v.B))
		} else {
			out = append(out, strconv.FormatInt(v.I, 10))
		}
	}
	return strings.Join(out, "\t")
}

// longString is NexmarkDump's form of a string: itself, or beyond 300
// characters its length and CRC-32.
func longString(b []byte) string {
	if len(b) <= 300 {
		return string(b)
	}
	return fmt.Sprintf("~%d:%x", len(b), crc32.ChecksumIEEE(b))
}
