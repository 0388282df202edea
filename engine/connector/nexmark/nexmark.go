// Package nexmark is the 'nexmark' connector of the Nexmark benchmark for
// Flink (github.com/nexmark/nexmark, nexmark-flink, followed at commit
// 6b3646c3): a source of the benchmark's people, auctions and bids, one
// event per row in the layout of its NEXMARK_SCHEMA (event_type, person,
// auction, bid), with Nexmark's options, defaults and generator.
//
// The generator is Nexmark's, call for call: the event type, ids and
// event times follow from the event number, and every random field is
// drawn from a port of java.util.SplittableRandom in the order Nexmark
// draws it. Nexmark seeds its SplittableRandoms from the JVM's default
// seed generator, so no two Flink runs agree; here that seed generator
// starts at 0, or at 'playground.datagen.seed' when the session sets one,
// and the same options give the same events on every run. A Nexmark JVM
// whose seed generator starts at the same value makes the same events
// (the tests hold values from Nexmark's own classes run so).
//
// As in Nexmark, events are emitted as fast as they can be made unless
// 'max-emit-speed' is false, the source ends after 'events.num' events
// (or 'stop-at') unless 'keep-alive' is set, and the planner always sees
// an unbounded source.
package nexmark

import (
	"strings"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
)

// Options, as NexmarkSourceOptions declares them.
var (
	optRateShape = connector.Option{Key: "rate.shape", Type: connector.String, Default: "SQUARE",
		Description: "Shape of the event rate curve, SQUARE or SINE. Nexmark's generator reads it but its event times follow 'first-event.rate' alone."}
	optRatePeriod = connector.Option{Key: "rate.period", Type: connector.Duration, Default: "10 min",
		Description: "Period of the rate shape. Read but not used by Nexmark's generator."}
	optRateLimited = connector.Option{Key: "rate.limited", Type: connector.Boolean, Default: "false",
		Description: "Whether the rate is limited. Read but not used by Nexmark's generator; see 'max-emit-speed'."}
	optFirstEventRate = connector.Option{Key: "first-event.rate", Type: connector.Int, Default: "10000",
		Description: "Events per second of event time: event n happens n / rate seconds after the source starts."}
	optNextEventRate = connector.Option{Key: "next-event.rate", Type: connector.Int, Default: "10000",
		Description: "The rate after the first period of the rate shape. Read but not used by Nexmark's generator."}
	optPersonAvgSize = connector.Option{Key: "person.avg-size", Type: connector.MemorySize, Default: "200b",
		Description: "Average size of a person event; 'extra' pads the fields to it."}
	optAuctionAvgSize = connector.Option{Key: "auction.avg-size", Type: connector.MemorySize, Default: "500b",
		Description: "Average size of an auction event; 'extra' pads the fields to it."}
	optBidAvgSize = connector.Option{Key: "bid.avg-size", Type: connector.MemorySize, Default: "100b",
		Description: "Average size of a bid event; 'extra' pads the fields to it."}
	optPersonProportion = connector.Option{Key: "person.proportion", Type: connector.Int, Default: "1",
		Description: "Share of person events: of every person + auction + bid proportion events, this many are people."}
	optAuctionProportion = connector.Option{Key: "auction.proportion", Type: connector.Int, Default: "3",
		Description: "Share of auction events."}
	optBidProportion = connector.Option{Key: "bid.proportion", Type: connector.Int, Default: "46",
		Description: "Share of bid events."}
	optHotAuctions = connector.Option{Key: "bid.hot-ratio.auctions", Type: connector.Int, Default: "2",
		Description: "Bids go to a hot auction with odds 1 - 1/ratio."}
	optHotBidders = connector.Option{Key: "bid.hot-ratio.bidders", Type: connector.Int, Default: "4",
		Description: "Bids come from a hot bidder with odds 1 - 1/ratio."}
	optHotSellers = connector.Option{Key: "auction.hot-ratio.sellers", Type: connector.Int, Default: "4",
		Description: "Auctions come from a hot seller with odds 1 - 1/ratio."}
	optEventsNum = connector.Option{Key: "events.num", Type: connector.Long, Default: "0",
		Description: "Number of events to generate; 0 means practically unlimited."}
	optKeepAlive = connector.Option{Key: "keep-alive", Type: connector.Boolean, Default: "false",
		Description: "Keep the source running, idle, once all events are emitted, instead of ending it."}
	optStopAt = connector.Option{Key: "stop-at", Type: connector.Long, Default: "-1",
		Description: "Stop after this many events when not -1 (the lesser of it and 'events.num')."}
	optMaxEmitSpeed = connector.Option{Key: "max-emit-speed", Type: connector.Boolean, Default: "true",
		Description: "Emit events as fast as they can be made; when false, each event waits for its time, paced by 'first-event.rate'."}
)

var spec = connector.Spec{
	Name:        "nexmark",
	Description: "The Nexmark benchmark's event source: people, auctions and bids in the columns event_type, person, auction and bid; ends after 'events.num' events.",
	Source:      true,
	Storage:     "generated on the fly; nothing is stored",
	Options: []connector.Option{
		{Key: "connector", Type: connector.String, Required: true,
			Description: "Specify what connector to use, here should be 'nexmark'."},
		optRateShape, optRatePeriod, optRateLimited, optFirstEventRate, optNextEventRate,
		optPersonAvgSize, optAuctionAvgSize, optBidAvgSize,
		optPersonProportion, optAuctionProportion, optBidProportion,
		optHotAuctions, optHotBidders, optHotSellers,
		optEventsNum, optKeepAlive, optStopAt, optMaxEmitSpeed,
	},
}

// validationOrder is the order in which Flink's FactoryUtil reads the
// optional options, which is the iteration order of the factory's HashSet
// of them, so that of two bad values the one Flink names is named.
// rate.shape's place in it depends on an identity hash (its default is an
// enum constant) and changes from JVM to JVM; it is read first here.
var validationOrder = []connector.Option{
	optRateShape, optRateLimited, optEventsNum, optHotBidders, optHotSellers,
	optAuctionProportion, optBidProportion, optMaxEmitSpeed, optHotAuctions,
	optPersonAvgSize, optBidAvgSize, optRatePeriod, optKeepAlive, optStopAt,
	optAuctionAvgSize, optNextEventRate, optPersonProportion, optFirstEventRate,
}

// Factory is the 'nexmark' connector.
var Factory connector.Factory = factory{}

type factory struct{}

// Spec describes the connector and its options.
func (factory) Spec() *connector.Spec { return &spec }

// PlanSource validates the options as NexmarkTableSourceFactory does
// (Flink's TableFactoryHelper) and maps the table's columns onto
// Nexmark's row.
func (factory) PlanSource(t connector.Table) (connector.ScanSource, error) {
	return planSource(t)
}

// PlanSink fails: Nexmark's factory is a source factory only.
func (factory) PlanSink(connector.Table) (connector.SinkTarget, error) {
	return nil, diag.Validation(diag.NoPos,
		"Connector 'nexmark' can only be used as a source. It cannot be used as a sink.")
}

// settings are the options as NexmarkConfiguration holds them.
type settings struct {
	firstEventRate                                     int32
	personProportion, auctionProportion, bidProportion int32
	avgPersonSize, avgAuctionSize, avgBidSize          int32
	hotAuctions, hotBidders, hotSellers                int32
	eventsNum, stopAt                                  int64
	keepAlive, maxEmitSpeed                            bool
}

// TableSource is a planned nexmark table.
type TableSource struct {
	set       settings
	maxEvents int64
	layout    layout
}

var (
	_ connector.ScanSource = (*TableSource)(nil)
	_ connector.Paced      = (*TableSource)(nil)
)

// Bounded is false: Nexmark's source declares itself continuous and
// unbounded even when 'events.num' ends it, so a batch query of it fails
// as in Flink.
func (s *TableSource) Bounded() bool { return false }

// ApplyLimit does nothing: Nexmark's table source does not take LIMIT
// push-down; the LIMIT above the scan ends the query.
func (s *TableSource) ApplyLimit(int64) {}

// Summary is NexmarkTableSource's asSummaryString.
func (s *TableSource) Summary() string { return "Nexmark Source" }

// Pace reports 'first-event.rate' when 'max-emit-speed' is false, the
// only case in which Nexmark waits for an event's time.
func (s *TableSource) Pace() (string, int64, bool) {
	if s.set.maxEmitSpeed || s.set.firstEventRate <= 0 {
		return "", 0, false
	}
	return optFirstEventRate.Key, int64(s.set.firstEventRate), true
}

// Create builds the runtime source. Event time starts at the clock's now,
// as Nexmark's starts at the factory's System.currentTimeMillis().
func (s *TableSource) Create(env connector.Env) (stream.Source, error) {
	return newSource(s, env), nil
}

func planSource(t connector.Table) (*TableSource, error) {
	opts := t.Options
	var set settings
	for _, o := range validationOrder {
		// Errors are connector.ParseErrors: the planner takes the key
		// from them, and the SQL client shows their Java cause.
		if err := readOption(&set, o, opts); err != nil {
			return nil, err
		}
	}
	own := make([]string, 0, len(spec.Options)+8)
	own = append(own, connector.HelperKeys()...)
	for _, o := range spec.Options {
		own = append(own, o.Key)
	}
	if err := connector.UnsupportedOptions(spec.Name, opts, own); err != nil {
		return nil, err
	}
	if err := connector.ValidateWatermarkOptions(spec.Name, opts); err != nil {
		return nil, err
	}
	total := set.personProportion + set.auctionProportion + set.bidProportion
	maxEvents, err := maxEventsFor(set.eventsNum, total, set.avgPersonSize, set.avgAuctionSize, set.avgBidSize)
	if err != nil {
		return nil, err
	}
	return &TableSource{set: set, maxEvents: maxEvents, layout: planLayout(t.Physical)}, nil
}

// readOption parses one option, given or defaulted, into set as
// NexmarkSourceOptions.convertToNexmarkConfiguration stores it (memory
// sizes narrowed to Java int, as its (int) casts do).
func readOption(set *settings, o connector.Option, opts map[string]string) error {
	v, ok := opts[o.Key]
	if !ok {
		v = o.Default
	}
	switch o.Type {
	case connector.Int:
		n, err := connector.ParseInt(o.Key, v)
		if err != nil {
			return err
		}
		switch o.Key {
		case optFirstEventRate.Key:
			set.firstEventRate = n
		case optPersonProportion.Key:
			set.personProportion = n
		case optAuctionProportion.Key:
			set.auctionProportion = n
		case optBidProportion.Key:
			set.bidProportion = n
		case optHotAuctions.Key:
			set.hotAuctions = n
		case optHotBidders.Key:
			set.hotBidders = n
		case optHotSellers.Key:
			set.hotSellers = n
		}
	case connector.Long:
		n, err := connector.ParseLong(o.Key, v)
		if err != nil {
			return err
		}
		switch o.Key {
		case optEventsNum.Key:
			set.eventsNum = n
		case optStopAt.Key:
			set.stopAt = n
		}
	case connector.Boolean:
		b, err := connector.ParseBool(o.Key, v)
		if err != nil {
			return err
		}
		switch o.Key {
		case optKeepAlive.Key:
			set.keepAlive = b
		case optMaxEmitSpeed.Key:
			set.maxEmitSpeed = b
		}
	case connector.MemorySize:
		n, err := parseMemorySize(o.Key, v)
		if err != nil {
			return err
		}
		switch o.Key {
		case optPersonAvgSize.Key:
			set.avgPersonSize = int32(n)
		case optAuctionAvgSize.Key:
			set.avgAuctionSize = int32(n)
		case optBidAvgSize.Key:
			set.avgBidSize = int32(n)
		}
	case connector.Duration:
		if _, err := connector.ParseJavaDuration(o.Key, v); err != nil {
			return err
		}
	case connector.String: // rate.shape, an enum
		return parseRateShape(o.Key, v)
	}
	return nil
}

// rateShapes are NexmarkUtils.RateShape's constants.
var rateShapes = []string{"SQUARE", "SINE"}

// parseRateShape checks an enum value as Flink's ConfigurationUtils does:
// the constant's name, compared upper-cased.
func parseRateShape(key, v string) error {
	for _, s := range rateShapes {
		if strings.ToUpper(v) == s {
			return nil
		}
	}
	return &connector.ParseError{Key: key, Value: v, Cause: diag.Errorf(diag.NoPos, diag.IllegalArgument,
		"Could not parse value for enum class com.github.nexmark.flink.utils.NexmarkUtils$RateShape. Expected one of: [[%s]]",
		strings.Join(rateShapes, ", "))}
}
