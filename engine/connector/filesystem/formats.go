package filesystem

import (
	"math"
	"math/big"
	"sort"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/format/codec"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Format option keys, without their 'csv.' or 'json.' prefix.
const (
	csvFieldDelimiter      = "field-delimiter"
	csvDisableQuote        = "disable-quote-character"
	csvQuoteCharacter      = "quote-character"
	csvAllowComments       = "allow-comments"
	csvIgnoreParseErrors   = "ignore-parse-errors"
	csvArrayDelimiter      = "array-element-delimiter"
	csvEscapeCharacter     = "escape-character"
	csvNullLiteral         = "null-literal"
	csvBigDecimalSci       = "write-bigdecimal-in-scientific-notation"
	jsonFailOnMissingField = "fail-on-missing-field"
	jsonIgnoreParseErrors  = "ignore-parse-errors"
	jsonMapNullKeyMode     = "map-null-key.mode"
	jsonMapNullKeyLiteral  = "map-null-key.literal"
	jsonTimestampStandard  = "timestamp-format.standard"
	jsonDecimalPlain       = "encode.decimal-as-plain-number"
	jsonIgnoreNullFields   = "encode.ignore-null-fields"
	jsonParserEnabled      = "decode.json-parser.enabled"
)

var csvOptions = []connector.Option{
	{Key: csvFieldDelimiter, Type: connector.String, Default: ",", Description: "Field delimiter character (',' by default)."},
	{Key: csvDisableQuote, Type: connector.Boolean, Default: "false", Description: "Disabled quote character for enclosing field values (false by default). If true, option 'quote-character' can not be set."},
	{Key: csvQuoteCharacter, Type: connector.String, Default: "\"", Description: "Quote character for enclosing field values ('\"' by default)."},
	{Key: csvAllowComments, Type: connector.Boolean, Default: "false", Description: "Ignore comment lines that start with '#' (disabled by default). If enabled, make sure to also ignore parse errors to allow empty rows."},
	{Key: csvIgnoreParseErrors, Type: connector.Boolean, Default: "false", Description: "Skip fields and rows with parse errors instead of failing. Fields are set to null in case of errors."},
	{Key: csvArrayDelimiter, Type: connector.String, Default: ";", Description: "Array element delimiter string for separating array and row element values (';' by default)."},
	{Key: csvEscapeCharacter, Type: connector.String, Description: "Escape character for escaping values (disabled by default)."},
	{Key: csvNullLiteral, Type: connector.String, Description: "Null literal string that is interpreted as a null value (disabled by default)."},
	{Key: csvBigDecimalSci, Type: connector.Boolean, Default: "true", Description: "Enables representation of BigDecimal data type in scientific notation (default is true)."},
}

var jsonOptions = []connector.Option{
	{Key: jsonFailOnMissingField, Type: connector.Boolean, Default: "false", Description: "Optional flag to specify whether to fail if a field is missing or not, false by default."},
	{Key: jsonIgnoreParseErrors, Type: connector.Boolean, Default: "false", Description: "Optional flag to skip fields and rows with parse errors instead of failing; fields are set to null in case of errors, false by default."},
	{Key: jsonMapNullKeyMode, Type: connector.String, Default: "FAIL", Description: "Optional flag to control the handling mode when serializing null key for map data, FAIL by default. Option DROP will drop null key entries for map data. Option LITERAL will use 'map-null-key.literal' as key literal."},
	{Key: jsonMapNullKeyLiteral, Type: connector.String, Default: "null", Description: "Optional flag to specify string literal for null keys when 'map-null-key.mode' is LITERAL, \"null\" by default."},
	{Key: jsonTimestampStandard, Type: connector.String, Default: "SQL", Description: "Optional flag to specify timestamp format, SQL by default. Option ISO-8601 will parse input timestamp in \"yyyy-MM-ddTHH:mm:ss.s{precision}\" format and output timestamp in the same format. Option SQL will parse input timestamp in \"yyyy-MM-dd HH:mm:ss.s{precision}\" format and output timestamp in the same format."},
	{Key: jsonDecimalPlain, Type: connector.Boolean, Default: "false", Description: "Optional flag to specify whether to encode all decimals as plain numbers instead of possible scientific notations, false by default."},
	{Key: jsonIgnoreNullFields, Type: connector.Boolean, Default: "false", Description: "Optional flag to specify whether to ignore null fields when encoding, false by default."},
	{Key: jsonParserEnabled, Type: connector.Boolean, Default: "true", Description: "Optional flag to specify whether to use the Jackson JsonParser to decode json with better performance, true by default."},
}

// formatOptions lists the format options under their table keys, for the
// editor and the docs.
func formatOptions() []connector.Option {
	var out []connector.Option
	for _, o := range csvOptions {
		o.Key = "csv." + o.Key
		out = append(out, o)
	}
	for _, o := range jsonOptions {
		o.Key = "json." + o.Key
		out = append(out, o)
	}
	return out
}

type csvConfig struct{ opts codec.CSVOptions }

type jsonConfig struct{ opts codec.JSONOptions }

// validateFormat reads the format's options as Flink's format factories
// do: each typed option parsed, then the format's own checks. A sink also
// creates the decoding format, as FileSystemTableFactory does.
func (c *config) validateFormat(opts map[string]string, sink bool) error {
	get := func(k string) (string, bool) {
		v, ok := opts[c.format+"."+k]
		return v, ok
	}
	decl := csvOptions
	if c.format == "json" {
		decl = jsonOptions
	}
	// Flink reads the optional options of a HashSet; the order only matters
	// when two are broken at once.
	sorted := append([]connector.Option(nil), decl...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Key < sorted[j].Key })
	for _, o := range sorted {
		if v, ok := get(o.Key); ok && o.Type == connector.Boolean {
			if _, err := connector.ParseBool(c.format+"."+o.Key, v); err != nil {
				return err
			}
		}
	}
	flag := func(k string) bool {
		v, ok := get(k)
		return ok && strings.EqualFold(v, "true")
	}
	if c.format == "csv" {
		o := codec.DefaultCSVOptions()
		_, hasQuote := get(csvQuoteCharacter)
		if flag(csvDisableQuote) && hasQuote {
			return diag.Validation(diag.NoPos, "Format cannot define a quote character and disabled quote character at the same time.")
		}
		single := func(k string, unescape bool) (rune, bool, error) {
			v, ok := get(k)
			if !ok {
				return 0, false, nil
			}
			s := v
			if unescape {
				s = unescapeJava(v)
			}
			r := []rune(s)
			if len(r) != 1 {
				return 0, false, diag.Validation(diag.NoPos, "Option 'csv.%s' must be a string with single character, but was: %s", k, v)
			}
			return r[0], true, nil
		}
		if r, ok, err := single(csvFieldDelimiter, true); err != nil {
			return err
		} else if ok {
			o.FieldDelimiter = r
		}
		if r, ok, err := single(csvArrayDelimiter, false); err != nil {
			return err
		} else if ok {
			o.ArrayDelimiter = string(r)
		}
		if r, ok, err := single(csvQuoteCharacter, false); err != nil {
			return err
		} else if ok {
			o.QuoteChar = r
		}
		if r, ok, err := single(csvEscapeCharacter, false); err != nil {
			return err
		} else if ok {
			o.EscapeChar = r
		}
		if flag(csvDisableQuote) {
			o.QuoteChar = 0
		}
		o.AllowComments = flag(csvAllowComments)
		o.IgnoreParseErrors = flag(csvIgnoreParseErrors)
		if v, ok := get(csvNullLiteral); ok {
			o.NullLiteral, o.HasNullLiteral = v, true
		}
		c.csv.opts = o
		names, ts, _ := c.dataColumns()
		return codec.NewCSV(o, names, ts).CheckTypes()
	}
	o := codec.DefaultJSONOptions()
	o.FailOnMissingField = flag(jsonFailOnMissingField)
	o.IgnoreParseErrors = flag(jsonIgnoreParseErrors)
	if o.FailOnMissingField && o.IgnoreParseErrors {
		return diag.Validation(diag.NoPos, "fail-on-missing-field and ignore-parse-errors shouldn't both be true.")
	}
	ts := "SQL"
	if v, ok := get(jsonTimestampStandard); ok {
		ts = v
	}
	if ts != "SQL" && ts != "ISO-8601" {
		return diag.Validation(diag.NoPos, "Unsupported value '%s' for %s. Supported values are [SQL, ISO-8601].", ts, jsonTimestampStandard)
	}
	o.ISO8601 = ts == "ISO-8601"
	if sink {
		if v, ok := get(jsonMapNullKeyMode); ok {
			switch strings.ToUpper(v) {
			case codec.MapNullKeyFail, codec.MapNullKeyDrop, codec.MapNullKeyLiteral:
				o.MapNullKeyMode = strings.ToUpper(v)
			default:
				// The modes as the HashSet Flink builds them prints them.
				return diag.Validation(diag.NoPos, "Unsupported value '%s' for option %s. Supported values are [LITERAL, FAIL, DROP].", v, jsonMapNullKeyMode)
			}
		}
	}
	if v, ok := get(jsonMapNullKeyLiteral); ok {
		o.MapNullKeyLiteral = v
	}
	o.DecimalAsPlainNumber = flag(jsonDecimalPlain)
	o.IgnoreNullFields = flag(jsonIgnoreNullFields)
	c.json.opts = o
	names, types_, _ := c.dataColumns()
	return codec.NewJSON(o, names, types_).CheckTypes()
}

// rowCodec is what the source and the sink need of a format.
type rowCodec interface {
	AppendRow(dst []byte, row []types.Value) ([]byte, error)
	// Decode calls emit with each row of data, a fresh slice emit may
	// keep (the source keeps it when it is the physical row).
	Decode(data []byte, emit func(row []types.Value) error) error
}

func (c *config) codec() rowCodec {
	names, ts, _ := c.dataColumns()
	if c.format == "csv" {
		return codec.NewCSV(c.csv.opts, names, ts)
	}
	return codec.NewJSON(c.json.opts, names, ts)
}

// unescapeJava undoes Java string escapes (StringEscapeUtils.unescapeJava),
// so 'csv.field-delimiter' = '\t' is a tab.
func unescapeJava(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'f':
			b.WriteByte('\f')
		case 'b':
			b.WriteByte('\b')
		case 'u':
			if i+4 < len(s) {
				var r rune
				ok := true
				for _, h := range s[i+1 : i+5] {
					r <<= 4
					switch {
					case h >= '0' && h <= '9':
						r |= h - '0'
					case h >= 'a' && h <= 'f':
						r |= h - 'a' + 10
					case h >= 'A' && h <= 'F':
						r |= h - 'A' + 10
					default:
						ok = false
					}
				}
				if ok {
					b.WriteRune(r)
					i += 4
					continue
				}
			}
			b.WriteString(`\u`)
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

var memoryUnits = []struct {
	names []string
	mult  int64
}{
	{[]string{"b", "bytes"}, 1},
	{[]string{"k", "kb", "kibibytes"}, 1 << 10},
	{[]string{"m", "mb", "mebibytes"}, 1 << 20},
	{[]string{"g", "gb", "gibibytes"}, 1 << 30},
	{[]string{"t", "tb", "tebibytes"}, 1 << 40},
}

// parseMemorySize reads a MemorySize option as Flink's MemorySize.parse.
func parseMemorySize(key, value string) (int64, error) {
	fail := func(format string, args ...any) (int64, error) {
		return 0, &connector.ParseError{Key: key, Value: value, Cause: diag.Errorf(diag.NoPos, diag.IllegalArgument, format, args...)}
	}
	s := strings.TrimSpace(value)
	if s == "" {
		return fail("argument is an empty- or whitespace-only string")
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	num, unit := s[:i], strings.ToLower(strings.TrimSpace(s[i:]))
	if num == "" {
		return fail("text does not start with a number")
	}
	n, ok := new(big.Int).SetString(num, 10)
	if !ok || !n.IsInt64() {
		return fail("The value '%s' cannot be re represented as 64bit number (numeric overflow).", num)
	}
	mult := int64(1)
	if unit != "" {
		found := false
		for _, u := range memoryUnits {
			for _, name := range u.names {
				if name == unit {
					mult, found = u.mult, true
				}
			}
		}
		if !found {
			return fail("Memory size unit '%s' does not match any of the recognized units: (b | bytes) / (k | kb | kibibytes) / (m | mb | mebibytes) / (g | gb | gibibytes) / (t | tb | tebibytes)", unit)
		}
	}
	v := n.Int64()
	if v > math.MaxInt64/mult {
		return fail("The value '%s' cannot be re represented as 64bit number of bytes (numeric overflow).", s)
	}
	return v * mult, nil
}

func loadLocation(z string) (*time.Location, error) { return time.LoadLocation(z) }
