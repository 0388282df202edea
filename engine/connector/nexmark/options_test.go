package nexmark

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
)

func TestDefaults(t *testing.T) {
	src := plan(t, genSchema(), nil)
	want := settings{
		firstEventRate: 10000, personProportion: 1, auctionProportion: 3, bidProportion: 46,
		avgPersonSize: 200, avgAuctionSize: 500, avgBidSize: 100,
		hotAuctions: 2, hotBidders: 4, hotSellers: 4,
		eventsNum: 0, stopAt: -1, keepAlive: false, maxEmitSpeed: true,
	}
	if src.set != want {
		t.Errorf("defaults %+v, want %+v", src.set, want)
	}
	// GeneratorConfig's bound for events.num = 0: Long.MAX_VALUE / (50 * 500).
	if want := int64(math.MaxInt64 / 25000); src.maxEvents != want {
		t.Errorf("maxEvents = %d, want %d", src.maxEvents, want)
	}
	if src.Bounded() {
		t.Error("Nexmark's source is unbounded to the planner")
	}
	if got := src.Summary(); got != "Nexmark Source" {
		t.Errorf("Summary = %q", got)
	}
	if _, _, ok := src.Pace(); ok {
		t.Error("paced at max-emit-speed")
	}
}

func TestOptionsParsed(t *testing.T) {
	// NexmarkTableSourceFactoryTest.testCustomProperties' options, and
	// those of ddl_gen_v2.sql.
	src := plan(t, genSchema(), map[string]string{
		"rate.shape": "SQUARE", "rate.period": "11 min", "rate.limited": "true",
		"first-event.rate": "99", "next-event.rate": "199",
		"person.avg-size": "1kb", "auction.avg-size": "5kb", "bid.avg-size": "8kb",
		"person.proportion": "30", "auction.proportion": "15", "bid.proportion": "5",
		"bid.hot-ratio.auctions": "3", "bid.hot-ratio.bidders": "5", "auction.hot-ratio.sellers": "8",
		"events.num": "100", "keep-alive": "true", "stop-at": "50", "max-emit-speed": "FALSE",
	})
	want := settings{
		firstEventRate: 99, personProportion: 30, auctionProportion: 15, bidProportion: 5,
		avgPersonSize: 1024, avgAuctionSize: 5 * 1024, avgBidSize: 8 * 1024,
		hotAuctions: 3, hotBidders: 5, hotSellers: 8,
		eventsNum: 100, stopAt: 50, keepAlive: true, maxEmitSpeed: false,
	}
	if src.set != want {
		t.Errorf("settings %+v, want %+v", src.set, want)
	}
	if src.maxEvents != 100 {
		t.Errorf("maxEvents = %d", src.maxEvents)
	}
	if key, rate, ok := src.Pace(); !ok || key != "first-event.rate" || rate != 99 {
		t.Errorf("Pace = %q %d %v", key, rate, ok)
	}
	// Memory sizes go through Java's (int) cast.
	src = plan(t, genSchema(), map[string]string{"bid.avg-size": "3g", "rate.shape": "sine"})
	if src.set.avgBidSize != -1073741824 {
		t.Errorf("(int) 3g = %d", src.set.avgBidSize)
	}
}

func TestValidationOrderHasEveryOption(t *testing.T) {
	seen := map[string]int{}
	for _, o := range validationOrder {
		seen[o.Key]++
	}
	for _, o := range spec.Options[1:] { // all but 'connector'
		if seen[o.Key] != 1 {
			t.Errorf("%s read %d times", o.Key, seen[o.Key])
		}
	}
	if len(validationOrder) != len(spec.Options)-1 {
		t.Errorf("%d options read, %d declared", len(validationOrder), len(spec.Options)-1)
	}
}

func TestOptionErrors(t *testing.T) {
	const units = "(b | bytes) / (k | kb | kibibytes) / (m | mb | mebibytes) / (g | gb | gibibytes) / (t | tb | tebibytes)"
	for _, tc := range []struct {
		opts  map[string]string
		class string
		msg   string // of the Java cause, what the SQL client prints
		key   string // of the ParseError, "" when none
	}{
		{map[string]string{"first-event.rate": "fast"}, diag.NumberFormatException, `For input string: "fast"`, "first-event.rate"},
		{map[string]string{"events.num": "1e6"}, diag.NumberFormatException, `For input string: "1e6"`, "events.num"},
		{map[string]string{"keep-alive": "yes"}, diag.IllegalArgument,
			"Unrecognized option for boolean: yes. Expected either true or false(case insensitive)", "keep-alive"},
		{map[string]string{"rate.shape": "TRIANGLE"}, diag.IllegalArgument,
			"Could not parse value for enum class com.github.nexmark.flink.utils.NexmarkUtils$RateShape. Expected one of: [[SQUARE, SINE]]", "rate.shape"},
		{map[string]string{"rate.period": "soon"}, diag.NumberFormatException,
			"text does not start with a number, and is not a valid ISO-8601 duration format: soon", "rate.period"},
		{map[string]string{"person.avg-size": "12 parsecs"}, diag.IllegalArgument,
			"Memory size unit 'parsecs' does not match any of the recognized units: " + units, "person.avg-size"},
		{map[string]string{"bid.avg-size": "kb"}, diag.NumberFormatException, "text does not start with a number", "bid.avg-size"},
		{map[string]string{"bid.avg-size": "  "}, diag.IllegalArgument, "argument is an empty- or whitespace-only string", "bid.avg-size"},
		{map[string]string{"bid.avg-size": "99999999999999999999"}, diag.IllegalArgument,
			"The value '99999999999999999999' cannot be re represented as 64bit number (numeric overflow).", "bid.avg-size"},
		{map[string]string{"bid.avg-size": "9999999999 tb"}, diag.IllegalArgument,
			"The value '9999999999 tb' cannot be re represented as 64bit number of bytes (numeric overflow).", "bid.avg-size"},
		// Of two bad values, Flink reads events.num before first-event.rate
		// (the HashSet order of the factory's options).
		{map[string]string{"first-event.rate": "x", "events.num": "y"}, diag.NumberFormatException, `For input string: "y"`, "events.num"},
		// GeneratorConfig divides by the proportions times the largest size.
		{map[string]string{"person.proportion": "0", "auction.proportion": "0", "bid.proportion": "0"},
			diag.ArithmeticException, "/ by zero", ""},
		{map[string]string{"person.avg-size": "0", "auction.avg-size": "0", "bid.avg-size": "0b"},
			diag.ArithmeticException, "/ by zero", ""},
	} {
		_, err := tryPlan(genSchema(), tc.opts)
		e, ok := diag.As(err)
		if !ok {
			t.Errorf("%v: %v, want %s", tc.opts, err, tc.msg)
			continue
		}
		if e.Class != tc.class || e.Msg != tc.msg {
			t.Errorf("%v:\n got %s: %s\nwant %s: %s", tc.opts, e.Class, e.Msg, tc.class, tc.msg)
		}
		var pe *connector.ParseError
		if errors.As(err, &pe) != (tc.key != "") || tc.key != "" && pe.Key != tc.key {
			t.Errorf("%v: ParseError %v, want key %q", tc.opts, pe, tc.key)
		}
		if pe != nil && pe.Error() != "Could not parse value '"+tc.opts[tc.key]+"' for key '"+tc.key+"'." {
			t.Errorf("%v: %q", tc.opts, pe.Error())
		}
	}
}

func TestUnsupportedOptions(t *testing.T) {
	_, err := tryPlan(genSchema(), map[string]string{"events.number": "10", "rows-per-second": "5"})
	e, ok := diag.As(err)
	if !ok || e.Class != diag.ValidationException {
		t.Fatalf("%v", err)
	}
	want := "Unsupported options found for 'nexmark'.\n\nUnsupported options:\n\nevents.number\nrows-per-second\n\nSupported options:\n\n" +
		strings.Join([]string{"auction.avg-size", "auction.hot-ratio.sellers", "auction.proportion", "bid.avg-size",
			"bid.hot-ratio.auctions", "bid.hot-ratio.bidders", "bid.proportion", "connector", "events.num",
			"first-event.rate", "keep-alive", "max-emit-speed", "next-event.rate", "person.avg-size",
			"person.proportion", "property-version", "rate.limited", "rate.period", "rate.shape",
			"scan.watermark.alignment.group", "scan.watermark.alignment.max-drift",
			"scan.watermark.alignment.update-interval", "scan.watermark.emit.strategy",
			"scan.watermark.idle-timeout", "stop-at"}, "\n")
	if e.Msg != want {
		t.Errorf("got\n%s\nwant\n%s", e.Msg, want)
	}
	// Bad values are found before unknown keys, as Flink validates.
	_, err = tryPlan(genSchema(), map[string]string{"nope": "1", "stop-at": "never"})
	if e, _ := diag.As(err); e == nil || e.Msg != `For input string: "never"` {
		t.Errorf("%v", err)
	}
}

func TestPlanSink(t *testing.T) {
	_, err := Factory.PlanSink(connector.Table{})
	if err == nil || err.Error() != "Connector 'nexmark' can only be used as a source. It cannot be used as a sink." {
		t.Errorf("%v", err)
	}
}
