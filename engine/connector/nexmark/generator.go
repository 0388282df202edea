package nexmark

import (
	"github.com/flinkplay/flinkplay/engine/diag"
)

// event is one generated event: the fields of its nested row (person,
// auction or bid) by their position in NEXMARK_SCHEMA's row, integers and
// times in v, strings in b (strField tells which). Only the fields of its
// type are set; the byte slices point into the arena the generator was
// given, or into shared read-only strings.
type event struct {
	typ int // personEvent, auctionEvent or bidEvent
	v   [10]int64
	b   [10][]byte
	// y is a bid's price draw: its price is priceOf(y), which priceBids
	// sets in v once the batch's events are made.
	y float64
}

// priceBids sets the price of the bids among evs from their draws. It is
// a loop of its own: a price is a chain of dependent floating-point
// steps, which made inside its event held up the event's next draws;
// here the processor overlaps the prices of consecutive bids.
func priceBids(evs []event) {
	for k := range evs {
		if ev := &evs[k]; ev.typ == bidEvent {
			// priceOf, inlined.
			price, near := roundCents(cents(ev.y))
			if near {
				price = exactPrice(ev.y)
			}
			ev.v[bidPrice] = price
		}
	}
}

// The positions of the fields of NEXMARK_SCHEMA's person, auction and bid
// rows.
const (
	personID = iota
	personName
	personEmail
	personCreditCard
	personCity
	personState
	personDateTime
	personExtra
)

const (
	auctionID = iota
	auctionItemName
	auctionDescription
	auctionInitialBid
	auctionReserve
	auctionDateTime
	auctionExpires
	auctionSeller
	auctionCategory
	auctionExtra
)

const (
	bidAuction = iota
	bidBidder
	bidPrice
	bidChannel
	bidURL
	bidDateTime
	bidExtra
)

// strField tells, per event type, which fields are strings.
var strField = [3][10]bool{
	personEvent:  {personName: true, personEmail: true, personCreditCard: true, personCity: true, personState: true, personExtra: true},
	auctionEvent: {auctionItemName: true, auctionDescription: true, auctionExtra: true},
	bidEvent:     {bidChannel: true, bidURL: true, bidExtra: true},
}

// strFields lists, per event type, the positions of its strings.
var strFields = func() (out [3][]int) {
	for typ := range strField {
		for k, str := range strField[typ] {
			if str {
				out[typ] = append(out[typ], k)
			}
		}
	}
	return out
}()

// dateTimeField is the position of each event type's dateTime.
var dateTimeField = [3]int{personEvent: personDateTime, auctionEvent: auctionDateTime, bidEvent: bidDateTime}

// dateTime returns the event's time, ms since the epoch.
func (ev *event) dateTime() int64 { return ev.v[dateTimeField[ev.typ]] }

// generator is Nexmark's NexmarkGenerator for one split: it counts the
// events made so far and makes the next one from its SplittableRandom.
//
// Nexmark's Java classes create three SplittableRandoms with the
// no-argument constructor, each taking the next value of the JVM's seed
// generator: the generator's own, then StringsGenerator's (for the
// reusable extra string) and BidGenerator's (for its URLs) in the order
// the two classes are first used. The generator here takes seed generator
// gen's first split for itself and gives the next two to the classes in
// that order, which the type of the first event decides: a bid
// initializes BidGenerator first, anything else StringsGenerator.
type generator struct {
	cfg   *config
	rnd   splitRandom
	count int64

	extraKey, urlsKey splitKey
	pool              *pool // the shared strings, loaded at the first event

	// next is the place of the next event's id: kept up as count grows
	// (advance), rather than divided out of the id for each event.
	next place

	// unmade marks, by event type, the fields that nothing reads (see
	// source.ReadOnly). The strings made per event among them are drawn,
	// and their lengths counted, but not made; the event holds none. A
	// bid's price unread is drawn but not computed.
	unmade [3][10]bool
	// channelsMade is false when neither a bid's channel nor its URL is
	// read.
	channelsMade bool
	// draws are a bid's (see bid), with nextExtra's arithmetic for a
	// bid, whose size before its extra string is always the same, done
	// once.
	draws bidDraws
}

func newGenerator(cfg *config, gen int64) *generator {
	g := &generator{cfg: cfg, rnd: defaultSplit(gen, 0), channelsMade: true}
	if t := int64(cfg.totalProportion); t != 0 {
		id := eventID(0)
		g.next = place{id / t, id % t}
	}
	g.draws = bidDraws{hotAuctions: cfg.hotAuctionRatio, hotBidders: cfg.hotBiddersRatio, extraLen: reusableLength}
	if desired := cfg.avgBidSize; bidSize <= desired {
		desired -= bidSize
		delta := int32(javaRound(float64(desired) * 0.2))
		g.draws.extra, g.draws.extraMin, g.draws.extraSpread = 1, desired-delta, 2*delta
	}
	g.extraKey, g.urlsKey = splitKey{gen, 1}, splitKey{gen, 2}
	if t := int64(cfg.totalProportion); t != 0 {
		first := eventID(0)
		if cfg.eventType(place{first / t, first % t}) == bidEvent {
			g.extraKey.split, g.urlsKey.split = 2, 1
		}
	}
	return g
}

// advance counts the event just made.
func (g *generator) advance() {
	g.count++
	g.next.offset++
	if g.next.offset == int64(g.cfg.totalProportion) {
		g.next.offset = 0
		g.next.epoch++
	}
}

// hasNext reports whether events are left before 'events.num' or
// 'stop-at'.
func (g *generator) hasNext() bool { return g.count < g.cfg.limit }

// nextTimestamp is the event time of the next event.
func (g *generator) nextTimestamp() int64 {
	return g.cfg.timestampForEvent(eventNumber(g.count))
}

// makeEvents makes the next len(evs) events into evs: the body of
// NexmarkGenerator.nextEvent in a loop, so that an event costs one call
// (to its type's generator) rather than three. The caller has checked
// that as many are left (hasNext). It bails out with a Java exception; the
// events made before it are those the count advanced past.
func (g *generator) makeEvents(evs []event, a arena) {
	if g.pool == nil {
		g.pool = poolFor(g.extraKey, g.urlsKey)
		pow10Once.Do(initPow10) // for priceOf
	}
	c := g.cfg
	if c.totalProportion == 0 {
		c.place(0) // Java's division by zero
	}
	for k := range evs {
		ev := &evs[k]
		ts := c.timestampForEvent(eventNumber(g.count))
		p := g.next
		ev.typ = c.eventType(p)
		ev.v[dateTimeField[ev.typ]] = ts
		switch ev.typ {
		case personEvent:
			g.person(ev, p, a)
		case auctionEvent:
			g.auctionEvent(ev, p, ts, a)
		default:
			g.bid(ev, p, a)
		}
		g.advance()
	}
}

// person is PersonGenerator.nextPerson.
func (g *generator) person(ev *event, p place, a arena) {
	r := &g.rnd
	c := g.cfg
	ev.v[personID] = c.lastBase0PersonID(p) + firstPersonID
	first := r.below(int32(len(firstNames)))
	last := r.below(int32(len(lastNames)))
	ev.b[personName] = g.pool.people[int(first)*len(lastNames)+int(last)]
	emailLength := 0
	if g.unmade[personEvent][personEmail] {
		emailLength = stringLength(r, 7, ' ') + 1 + stringLength(r, 5, ' ') + 4
		ev.b[personEmail] = nil
	} else {
		email := a.Alloc(15)[:0] // 6 + "@" + 4 + ".com" at most
		email = appendString(email, r, 7, ' ')
		email = append(email, '@')
		email = appendString(email, r, 5, ' ')
		ev.b[personEmail] = append(email, ".com"...)
		emailLength = len(ev.b[personEmail])
	}
	ev.b[personCreditCard] = creditCard(r, a)
	ev.b[personCity] = g.pool.cities[r.below(int32(len(g.pool.cities)))]
	ev.b[personState] = g.pool.states[r.below(int32(len(g.pool.states)))]
	size := 8 + len(ev.b[personName]) + emailLength + len(ev.b[personCreditCard]) + len(ev.b[personCity]) + len(ev.b[personState])
	ev.b[personExtra] = g.nextExtra(int32(size), c.avgPersonSize, a)
}

// creditCard is PersonGenerator.nextCreditCard: four groups of four
// digits.
func creditCard(r *splitRandom, a arena) []byte {
	b := a.Alloc(19)
	for i := 0; i < 4; i++ {
		v := r.below(10000)
		o := i * 5
		b[o] = byte('0' + v/1000)
		b[o+1] = byte('0' + v/100%10)
		b[o+2] = byte('0' + v/10%10)
		b[o+3] = byte('0' + v%10)
		if i < 3 {
			b[o+4] = ' '
		}
	}
	return b
}

// nextBase0PersonID is PersonGenerator.nextBase0PersonId: one of the
// last numActivePeople people, or one of the next few to come.
func (g *generator) nextBase0PersonID(p place) int64 {
	numPeople := g.cfg.lastBase0PersonID(p) + 1
	active := min(numPeople, numActivePeople)
	n := g.nextLong(active + personIDLead)
	return numPeople - active + n
}

// nextLong is LongGenerator.nextLong: an int draw below n when n fits,
// else the remainder of a long draw (Nexmark's "very skewed" branch).
func (g *generator) nextLong(n int64) int64 {
	if n < 0x7fffffff {
		if n <= 0 {
			g.rnd.badBound()
		}
		return int64(g.rnd.below(int32(n)))
	}
	v := g.rnd.nextLong() % n
	if v < 0 {
		v = -v
	}
	return v
}

// auctionEvent is AuctionGenerator.nextAuction.
func (g *generator) auctionEvent(ev *event, p place, ts int64, a arena) {
	r := &g.rnd
	c := g.cfg
	ev.v[auctionID] = c.lastBase0AuctionID(p) + firstAuctionID
	var seller int64
	if c.hotSellersRatio <= 0 {
		r.badBound()
	}
	if r.below(c.hotSellersRatio) > 0 {
		seller = c.lastBase0PersonID(p) / hotSellerBatch * hotSellerBatch
	} else {
		seller = g.nextBase0PersonID(p)
	}
	ev.v[auctionSeller] = seller + firstPersonID
	ev.v[auctionCategory] = firstCategoryID + int64(r.below(numCategories))
	ev.v[auctionInitialBid] = nextPrice(r)
	ev.v[auctionExpires] = ts + g.auctionLength(ts)
	var itemLength, descLength int
	if g.unmade[auctionEvent][auctionItemName] {
		itemLength, ev.b[auctionItemName] = stringLength(r, 20, ' '), nil
	} else {
		ev.b[auctionItemName] = appendString(a.Alloc(19)[:0], r, 20, ' ')
		itemLength = len(ev.b[auctionItemName])
	}
	if g.unmade[auctionEvent][auctionDescription] {
		descLength, ev.b[auctionDescription] = stringLength(r, 100, ' '), nil
	} else {
		ev.b[auctionDescription] = appendString(a.Alloc(99)[:0], r, 100, ' ')
		descLength = len(ev.b[auctionDescription])
	}
	ev.v[auctionReserve] = ev.v[auctionInitialBid] + nextPrice(r)
	size := 8 + itemLength + descLength + 8 + 8 + 8 + 8 + 8
	ev.b[auctionExtra] = g.nextExtra(int32(size), c.avgAuctionSize, a)
}

// auctionLength is AuctionGenerator.nextAuctionLengthMs: on average the
// time until numInFlightAuctions more auctions have been generated.
func (g *generator) auctionLength(ts int64) int64 {
	c := g.cfg
	current := eventNumber(g.count)
	eventsForAuctions := int64(numInFlightAuctions) * int64(c.totalProportion) / int64(c.auctionProportion)
	future := c.timestampForEvent(current + eventsForAuctions)
	horizon := future - ts
	return 1 + g.nextLong(max(horizon*2, 1))
}

// bid is BidGenerator.nextBid, including its second addition of
// FIRST_PERSON_ID to the bidder, which makes bidders 2000 and up.
func (g *generator) bid(ev *event, p place, a arena) {
	r := &g.rnd
	c := g.cfg
	if c.hotAuctionRatio <= 0 || c.hotBiddersRatio <= 0 {
		// Java fails at one of the two draws with the same message,
		// and the job fails with the event.
		r.badBound()
	}
	// nextBase0AuctionID and nextBase0PersonID: their bounds are the
	// auctions in flight or the people active, plus the lead, at most 111
	// and 1,010, so nextLong's is an int draw.
	lastAuction := c.lastBase0AuctionID(p)
	lo := max(lastAuction-numInFlightAuctions, 0)
	numPeople := c.lastBase0PersonID(p) + 1
	active := min(numPeople, numActivePeople)
	d := &g.draws
	d.auctionBound = int32(lastAuction - lo + 1 + auctionIDLead)
	d.bidderBound = int32(active + personIDLead)
	drawBid(r, d)
	auction := lastAuction / hotAuctionBatch * hotAuctionBatch
	if d.auction >= 0 {
		auction = lo + int64(d.auction)
	}
	bidder := (numPeople-1)/hotBidderBatch*hotBidderBatch + 1
	if d.bidder >= 0 {
		bidder = numPeople - active + int64(d.bidder)
	}
	ev.v[bidAuction] = auction + firstAuctionID
	// BidGenerator adds FIRST_PERSON_ID twice: bidders are 2000 and up.
	ev.v[bidBidder] = bidder + 2*firstPersonID
	ev.y = float64(d.price) * 0x1.0p-53 * 6.0 // nextDouble() * 6.0
	// The channel and its URL, drawn either way, are looked up only when
	// read: the lists of 10,000 take more of the cache than a batch's
	// events, and a look-up at random misses it.
	ev.b[bidChannel], ev.b[bidURL] = nil, nil
	if i := d.channel; g.channelsMade {
		pl := g.pool
		ev.b[bidChannel], ev.b[bidURL] = pl.allChannels[i], pl.allURLs[i]
	}
	ev.b[bidExtra] = nil
	switch {
	case d.extra == 0:
	case d.off >= 0:
		ev.b[bidExtra] = g.pool.extra[d.off : d.off+d.size : d.off+d.size]
	default:
		ev.b[bidExtra] = g.madeExtra(d.size, a)
	}
}

// bidDraws holds what drawBid needs and what it draws.
type bidDraws struct {
	_ [0]func() // not comparable: no equality function in engine.wasm

	price                     uint64 // nextDouble's 53 bits
	hotAuctions, hotBidders   int32  // the ratios, positive
	auctionBound, bidderBound int32  // the cold draws' bounds, positive
	// extra is 1 when a bid has an extra string: StringsGenerator's
	// nextExtra, its arithmetic done once (extraMin, extraSpread). Its
	// place in the reusable string (of extraLen bytes) is drawn when it
	// is shorter than half of it, else off is -1 and it is made.
	extra, extraMin, extraSpread, extraLen int32

	auction, bidder int32 // the cold draws, or -1 when hot
	// channel is a hot channel's index, or hotChannels plus another's.
	channel   int32
	size, off int32
}

// bidSize is a bid's size before its extra string: four longs.
const bidSize = 8 + 8 + 8 + 8

// maxExtra bounds one generated string: a larger average size would make
// strings that a browser tab cannot hold (Flink's JVM would run out of
// memory on them too).
const maxExtra = 16 << 20

// nextExtra is StringsGenerator.nextExtra: padding that brings the
// event's size to desiredAverage on average, 20% either way, cut from the
// reusable extra string when it is shorter than half of it.
func (g *generator) nextExtra(currentSize, desiredAverage int32, a arena) []byte {
	if currentSize > desiredAverage {
		return nil
	}
	desiredAverage -= currentSize
	delta := int32(javaRound(float64(desiredAverage) * 0.2))
	size := desiredAverage - delta
	if delta != 0 {
		size += g.rnd.below(2 * delta) // delta > 0
	}
	extra := g.pool.extra
	if int(size) < len(extra)/2 {
		off := g.rnd.below(int32(len(extra)) - size) // size < len(extra)/2
		return extra[off : off+size : off+size]
	}
	return g.madeExtra(size, a)
}

// madeExtra is an extra string of size bytes too long to cut from the
// reusable one.
func (g *generator) madeExtra(size int32, a arena) []byte {
	if size > maxExtra {
		bail(diag.Errorf(diag.NoPos, diag.PlaygroundLimitExceeded,
			"A Nexmark event would carry an extra string of %d bytes; the playground allows %d. Lower the average event size options.", size, maxExtra))
	}
	b := a.Alloc(int(size))
	exactStringInto(b, &g.rnd)
	return b
}
