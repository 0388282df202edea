package nexmark

import "math"

// Constants of Nexmark's generator (GeneratorConfig, PersonGenerator,
// AuctionGenerator, BidGenerator and NexmarkConfiguration's fields that no
// option sets).
const (
	firstAuctionID  = 1000
	firstPersonID   = 1000
	firstCategoryID = 10

	numCategories    = 5
	auctionIDLead    = 10
	personIDLead     = 10
	hotSellerBatch   = 100 // HOT_SELLER_RATIO: hot sellers are the first of each batch of 100 people
	hotAuctionBatch  = 100 // HOT_AUCTION_RATIO
	hotBidderBatch   = 100 // HOT_BIDDER_RATIO
	hotChannelsRatio = 2
	hotChannels      = 4 // Google, Facebook, Baidu, Apple
	numChannels      = 10_000

	numInFlightAuctions = 100
	numActivePeople     = 1000

	// The factory builds its GeneratorConfig with a first event id of 1 and
	// a first event number of 1, so the first event has id 2 and the
	// timestamp of event number 1.
	firstEventID     = 1
	firstEventNumber = 1
)

// config is what Nexmark's GeneratorConfig holds for one generator, with
// Java's int arithmetic kept where Nexmark computes in int (proportions,
// sizes and ratios are Java ints; ids and times are longs).
type config struct {
	personProportion, auctionProportion, bidProportion int32
	totalProportion                                    int32

	avgPersonSize, avgAuctionSize, avgBidSize         int32
	hotAuctionRatio, hotBiddersRatio, hotSellersRatio int32

	// interEventDelayUs is 1,000,000 / first-event.rate (times the number
	// of generators, which is the parallelism: 1 here), in microseconds.
	interEventDelayUs float64
	baseTime          int64 // event time of event number 0, ms since the epoch

	// limit is the number of events the generator makes: 'events.num'
	// (when 0, Nexmark's "as many as fit" bound, maxEventsFor), or
	// 'stop-at' when that is set and less.
	limit int64
}

// timestampForEvent is GeneratorConfig.timestampForEvent: the event time
// of an event number, truncated to the millisecond the way Java's
// (long) cast and long division truncate.
func (c *config) timestampForEvent(eventNumber int64) int64 {
	return c.baseTime + javaD2L(float64(eventNumber)*c.interEventDelayUs)/1000
}

// eventNumber is the event number of the event generated after count
// others. Nexmark's out-of-order groups have size 1 (no option changes
// it), so the adjusted number, the number for watermarks and the plain
// one coincide.
func eventNumber(count int64) int64 { return firstEventNumber + count }

// eventID is the id of that event: it seeds nothing but decides the
// event's type and its person and auction ids.
func eventID(count int64) int64 { return firstEventID + eventNumber(count) }

// Event types, as Nexmark's Event.Type numbers them in event_type.
const (
	personEvent  = 0
	auctionEvent = 1
	bidEvent     = 2
)

// place is where an event id falls in Nexmark's cycle of person, auction
// and bid shares: epoch is id / total proportion, offset id % total
// proportion. Nexmark divides for each id it derives; dividing once gives
// the same numbers. A total of 0 divides by zero in Java.
type place struct{ epoch, offset int64 }

func (c *config) place(id int64) place {
	if c.totalProportion == 0 {
		bail(arithmetic("/ by zero"))
	}
	return place{id / int64(c.totalProportion), id % int64(c.totalProportion)}
}

// eventType decides the type of an event as NexmarkGenerator does: the id
// modulo the total proportion falls in the person, then the auction, then
// the bid share.
func (c *config) eventType(p place) int {
	switch {
	case p.offset < int64(c.personProportion):
		return personEvent
	case p.offset < int64(c.personProportion+c.auctionProportion):
		return auctionEvent
	}
	return bidEvent
}

// lastBase0PersonID is PersonGenerator.lastBase0PersonId: the last person
// id (from 0) that exists when the event is generated.
func (c *config) lastBase0PersonID(p place) int64 {
	offset := p.offset
	if offset >= int64(c.personProportion) {
		offset = int64(c.personProportion) - 1
	}
	return p.epoch*int64(c.personProportion) + offset
}

// lastBase0AuctionID is AuctionGenerator.lastBase0AuctionId.
func (c *config) lastBase0AuctionID(p place) int64 {
	epoch, offset := p.epoch, p.offset
	switch {
	case offset < int64(c.personProportion):
		epoch--
		offset = int64(c.auctionProportion) - 1
	case offset >= int64(c.personProportion+c.auctionProportion):
		offset = int64(c.auctionProportion) - 1
	default:
		offset -= int64(c.personProportion)
	}
	return epoch*int64(c.auctionProportion) + offset
}

// maxEventsFor is GeneratorConfig's bound on the number of events: the
// given number, or when it is 0 Long.MAX_VALUE over the total proportion
// times the largest average size, that product computed in Java int (it
// may wrap, and a product of 0 divides by zero).
func maxEventsFor(numEvents int64, total, person, auction, bid int32) (int64, error) {
	if numEvents != 0 {
		return numEvents, nil
	}
	d := int64(total * max(person, auction, bid))
	if d == 0 {
		return 0, arithmetic("/ by zero")
	}
	return math.MaxInt64 / d, nil
}

// javaD2L is Java's (long) cast of a double: NaN is 0 and out-of-range
// values saturate (Go leaves both undefined).
func javaD2L(f float64) int64 {
	switch {
	case f != f:
		return 0
	case f >= 0x1p63:
		return math.MaxInt64
	case f <= -0x1p63:
		return math.MinInt64
	}
	return int64(f)
}

// javaRound is Math.round(double): the closest long, ties toward positive
// infinity, NaN 0, saturating.
func javaRound(f float64) int64 {
	if f != f {
		return 0
	}
	fl := math.Floor(f)
	if f-fl >= 0.5 { // exact: f and its floor share their high bits
		fl++
	}
	return javaD2L(fl)
}
