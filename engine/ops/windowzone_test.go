package ops

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
)

// The cached zone spans give what time's own conversions give, around
// daylight-saving transitions too.
func TestWindowingZoneCache(t *testing.T) {
	for _, name := range []string{"UTC", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"} {
		loc, err := time.LoadLocation(name)
		if err != nil {
			t.Skipf("no zone data for %s: %v", name, err)
		}
		cached := &Windowing{LTZ: true, Zone: loc}
		r := rand.New(rand.NewPCG(1, 2))
		// Instants near 2024's transitions and at random over decades, in
		// an order that makes the cache move back and forth.
		var instants []int64
		for _, day := range []string{"2024-03-10", "2024-03-31", "2024-10-27", "2024-11-03", "2024-04-07", "2024-10-06"} {
			d, _ := time.ParseInLocation("2006-01-02", day, loc)
			for i := 0; i < 500; i++ {
				instants = append(instants, d.UnixMilli()+r.Int64N(2*86_400_000)-43_200_000)
			}
		}
		for i := 0; i < 2000; i++ {
			instants = append(instants, r.Int64N(4_000_000_000_000)-1_000_000_000_000)
		}
		r.Shuffle(len(instants), func(i, j int) { instants[i], instants[j] = instants[j], instants[i] })
		for _, ms := range instants {
			fresh := &Windowing{LTZ: true, Zone: loc}
			_, off := time.UnixMilli(ms).In(loc).Zone()
			if got, want := cached.wall(ms), ms+int64(off)*1000; got != want {
				t.Fatalf("%s: wall(%d) = %d, want %d", name, ms, got, want)
			}
			// epoch of a window bound: a wall time, minute-aligned.
			wall := (ms + int64(off)*1000) / 60_000 * 60_000
			u := time.UnixMilli(wall).UTC()
			want := time.Date(u.Year(), u.Month(), u.Day(), u.Hour(), u.Minute(), u.Second(), 0, loc).UnixMilli()
			if got := cached.epoch(wall); got != want {
				t.Fatalf("%s: epoch(%d) = %d, want %d", name, wall, got, want)
			}
			if got := fresh.epoch(wall); got != want {
				t.Fatalf("%s: uncached epoch(%d) = %d, want %d", name, wall, got, want)
			}
		}
	}
}

// TestWindowTVFColumnsRunsAcrossZones: a TUMBLE window TVF over columns,
// which reuses a row's window for the run of rows after it, gives every
// row the window a lookup of its own gives, in zones with daylight saving
// and with rows in time order across the transitions.
func TestWindowTVFColumnsRunsAcrossZones(t *testing.T) {
	for _, name := range []string{"UTC", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe"} {
		loc, err := time.LoadLocation(name)
		if err != nil {
			t.Skipf("no zone data for %s: %v", name, err)
		}
		for _, size := range []int64{60_000, 420_000, 1_800_000, 3_600_000, 5_400_000, 86_400_000} {
			r := rand.New(rand.NewPCG(uint64(size), 5))
			var xs []int64
			for _, day := range []string{"2024-03-10", "2024-03-31", "2024-10-27", "2024-11-03", "2024-04-07", "2024-10-06"} {
				d, _ := time.ParseInLocation("2006-01-02", day, loc)
				x := d.UnixMilli() // the local midnight before the transition
				for range 600 {
					x += r.Int64N(60_000)
					xs = append(xs, x)
				}
			}
			tvf := &WindowTVF{Window: Windowing{Kind: TumbleWindow, TimeCol: 0, Size: size, LTZ: true, Zone: loc}}
			in := stream.NewBatch(1)
			in.Columns([]stream.VecKind{stream.VecInt})
			for _, x := range xs {
				in.Kinds = append(in.Kinds, stream.Insert)
				in.Cols[0].AppendInt(x)
			}
			out := stream.NewBatch(4)
			if err := tvf.processColumns(in, out); err != nil {
				t.Fatal(err)
			}
			for i, x := range xs {
				fresh := &Windowing{Kind: TumbleWindow, Size: size, LTZ: true, Zone: loc}
				s := windowStart(fresh.wall(x), 0, size)
				wt := fresh.epoch(s+size) - 1
				if got := [3]int64{out.Cols[1].I[i], out.Cols[2].I[i], out.Cols[3].I[i]}; got != [3]int64{s, s + size, wt} {
					t.Fatalf("%s, size %d, row %d (%d): window %v, want %v", name, size, i, x, got, [3]int64{s, s + size, wt})
				}
			}
		}
	}
}
