package nexmark

import (
	"bufio"
	"fmt"
	"hash/crc32"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/stream"
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

// TestBidDrawsAsOneByOne: a bid whose draws are made at once (drawBid, in
// WebAssembly under wasm) is the bid made one draw at a time, and leaves
// the same state, from ordinary states and from states where a draw of
// the bid falls where Java's nextInt rejects it.
func TestBidDrawsAsOneByOne(t *testing.T) {
	for _, opts := range []map[string]string{
		nil,
		{"bid.hot-ratio.auctions": "3", "bid.hot-ratio.bidders": "1"},
		{"bid.avg-size": "40"},    // an extra string of 6 to 10 bytes
		{"bid.avg-size": "32"},    // none
		{"bid.avg-size": "600kb"}, // made, not cut, when longer than 512 KB
	} {
		s := open(t, plan(t, genSchema(), opts), &fakeClock{now: base}, nil)
		g := s.gen
		g.pool = poolFor(g.extraKey, g.urlsKey)
		b := stream.NewBatch(4)
		a := &countingArena{b: b}
		check := func(r splitRandom, p place) {
			t.Helper()
			b.Reset() // the arena's bytes
			drawn, one := *g, *g
			drawn.rnd, one.rnd = r, r
			var got, want event
			drawn.bid(&got, p, a)
			one.bidOneByOne(&want, p, a)
			if !reflect.DeepEqual(got, want) || drawn.rnd != one.rnd {
				t.Fatalf("%v, from %+v at %+v: bid %+v leaving %#x; one by one %+v leaving %#x",
					opts, r, p, got, drawn.rnd.seed, want, one.rnd.seed)
			}
		}
		n := uint64(3000)
		if opts["bid.avg-size"] == "600kb" {
			n = 30
		}
		for i := range n {
			check(splitRandom{seed: i * 0x2545f4914f6cdd1d, gamma: mixGamma(i % 7)}, place{epoch: int64(i * 13), offset: int64(4 + i%46)})
		}
		at := seedDrawing(math.MaxInt32)
		for i := range uint64(4) {
			gamma := mixGamma(i)
			for k := uint64(1); k <= 10; k++ {
				check(splitRandom{seed: at - k*gamma, gamma: gamma}, place{epoch: 5000 + int64(i), offset: 20})
			}
		}
	}
}

// bidOneByOne is BidGenerator.nextBid, its draws made one at a time, as
// generator.bid made them before drawBid: the reference that
// TestBidDrawsAsOneByOne checks drawBid against.
func (g *generator) bidOneByOne(ev *event, p place, a arena) {
	r := &g.rnd
	c := g.cfg
	var auction int64
	// nextBase0AuctionID and nextBase0PersonID, inlined: their bounds
	// are the auctions in flight or the people active, plus the lead,
	// at most 111 and 1,010, so nextLong's is an int draw.
	if r.below(c.hotAuctionRatio) > 0 {
		auction = c.lastBase0AuctionID(p) / hotAuctionBatch * hotAuctionBatch
	} else {
		last := c.lastBase0AuctionID(p)
		lo := max(last-numInFlightAuctions, 0)
		auction = lo + int64(r.below(int32(last-lo+1+auctionIDLead)))
	}
	ev.v[bidAuction] = auction + firstAuctionID
	var bidder int64
	if r.below(c.hotBiddersRatio) > 0 {
		bidder = c.lastBase0PersonID(p)/hotBidderBatch*hotBidderBatch + 1
	} else {
		numPeople := c.lastBase0PersonID(p) + 1
		active := min(numPeople, numActivePeople)
		bidder = numPeople - active + int64(r.below(int32(active+personIDLead)))
	}
	bidder += firstPersonID
	ev.y = r.nextDouble() * 6.0 // nextPrice's draw; priceBids prices it
	pl := g.pool
	// The channel and its URL are drawn either way. Nothing reads them
	// in most queries, where they are not looked up: the lists of
	// 10,000 channels and URLs take more of the cache than a batch's
	// events, and a look-up at random misses it.
	if r.below(hotChannelsRatio) > 0 {
		i := r.below(hotChannels)
		ev.b[bidChannel], ev.b[bidURL] = pl.allChannels[i], pl.allURLs[i]
	} else if n := hotChannels + r.below(numChannels); g.channelsMade {
		ev.b[bidChannel], ev.b[bidURL] = pl.allChannels[n], pl.allURLs[n]
	} else {
		ev.b[bidChannel], ev.b[bidURL] = nil, nil
	}
	ev.v[bidBidder] = bidder + firstPersonID
	ev.b[bidExtra] = nil
	if d := &g.draws; d.extra != 0 {
		// nextExtra(bidSize, c.avgBidSize, a), its arithmetic done once.
		size := d.extraMin
		if d.extraSpread != 0 {
			size += r.below(d.extraSpread)
		}
		if extra := pl.extra; int(size) < len(extra)/2 {
			off := r.below(int32(len(extra)) - size)
			ev.b[bidExtra] = extra[off : off+size : off+size]
		} else {
			ev.b[bidExtra] = g.madeExtra(size, a)
		}
	}
}
