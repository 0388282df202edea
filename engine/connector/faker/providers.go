package faker

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"regexp/syntax"
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/types"
)

// method is one overload of a provider method. arity is its parameter
// count, or -(n+1) for a varargs method with n fixed parameters. fn
// reports ok=false when the arguments do not convert to its parameters,
// as Datafaker then tries the next overload and finally gives up.
type method struct {
	arity int
	fn    func(r *resolver, args []string) (string, bool, error)
}

type provider map[string][]method

// m0 makes a method without parameters.
func m0(f func(r *resolver) string) []method {
	return []method{{0, func(r *resolver, _ []string) (string, bool, error) { return f(r), true, nil }}}
}

// providers are the families the playground implements itself, keyed and
// with methods named as normalize spells Datafaker's: what a provider
// lacks is looked up in the data set (Data).
var providers = map[string]provider{}

// rootMethods are the faker's own methods, called without a family:
// #{regexify '[a-z]{4}'}.
var rootMethods = map[string]func(r *resolver, args []string) (string, bool, error){}

func init() {
	rootMethods["regexify"] = func(r *resolver, args []string) (string, bool, error) {
		if len(args) != 1 {
			return "", false, nil
		}
		s, ok := r.regexify(args[0])
		return s, ok, nil
	}
	rootMethods["numerify"] = oneString(func(r *resolver, s string) string { return r.replace(s, true, false) })
	rootMethods["letterify"] = oneString(func(r *resolver, s string) string { return r.replace(s, false, true) })
	rootMethods["bothify"] = oneString(func(r *resolver, s string) string { return r.replace(s, true, true) })

	providers["number"] = provider{
		"numberbetween": {{2, func(r *resolver, a []string) (string, bool, error) {
			lo, ok1 := javaInt(a[0], 64)
			hi, ok2 := javaInt(a[1], 64)
			if !ok1 || !ok2 {
				return "", false, nil
			}
			return strconv.FormatInt(r.numberBetween(lo, hi), 10), true, nil
		}}},
		"randomdouble": {{3, func(r *resolver, a []string) (string, bool, error) {
			dec, ok1 := javaInt(a[0], 32)
			lo, ok2 := javaInt(a[1], 64)
			hi, ok3 := javaInt(a[2], 64)
			if !ok1 || !ok2 || !ok3 || dec < 0 {
				return "", false, nil
			}
			return javaDouble(r.randomDouble(int(dec), lo, hi)), true, nil
		}}},
		"randomnumber": {
			{0, func(r *resolver, _ []string) (string, bool, error) {
				return strconv.FormatInt(r.randomNumber(1+r.rnd.IntN(9), false), 10), true, nil
			}},
			{2, func(r *resolver, a []string) (string, bool, error) {
				n, ok := javaInt(a[0], 32)
				if !ok || n < 1 || n > 18 {
					return "", false, nil
				}
				return strconv.FormatInt(r.randomNumber(int(n), parseJavaBool(a[1])), 10), true, nil
			}},
		},
		"randomdigit":        m0(func(r *resolver) string { return strconv.Itoa(r.rnd.IntN(9)) }),
		"randomdigitnotzero": m0(func(r *resolver) string { return strconv.Itoa(1 + r.rnd.IntN(8)) }),
		"positive":           m0(func(r *resolver) string { return strconv.FormatInt(r.numberBetween(1, math.MaxInt32), 10) }),
		"negative":           m0(func(r *resolver) string { return strconv.FormatInt(r.numberBetween(0, math.MinInt32), 10) }),
		"digit":              m0(func(r *resolver) string { return r.digits(1) }),
		"digits": {{1, func(r *resolver, a []string) (string, bool, error) {
			n, ok := javaInt(a[0], 32)
			if !ok || n < 0 || n > 1<<16 {
				return "", false, nil
			}
			return r.digits(int(n)), true, nil
		}}},
	}

	timestamp := func(t time.Time) string { return javaTimestamp(t) }
	providers["date"] = provider{
		"past": {
			{2, func(r *resolver, a []string) (string, bool, error) {
				return r.pastFuture(a[0], "", a[1], -1, timestamp)
			}},
			{3, func(r *resolver, a []string) (string, bool, error) {
				return r.pastFuture(a[0], a[1], a[2], -1, timestamp)
			}},
		},
		"future": {
			{2, func(r *resolver, a []string) (string, bool, error) {
				return r.pastFuture(a[0], "", a[1], 1, timestamp)
			}},
			{3, func(r *resolver, a []string) (string, bool, error) {
				return r.pastFuture(a[0], a[1], a[2], 1, timestamp)
			}},
		},
		"birthday": {
			{0, func(r *resolver, _ []string) (string, bool, error) { return r.birthday(18, 65), true, nil }},
			{2, func(r *resolver, a []string) (string, bool, error) {
				lo, ok1 := javaInt(a[0], 32)
				hi, ok2 := javaInt(a[1], 32)
				if !ok1 || !ok2 {
					return "", false, nil
				}
				return r.birthday(int(lo), int(hi)), true, nil
			}},
		},
	}
	nanoOfDay := func(t time.Time) string {
		t = t.UTC()
		return strconv.FormatInt(int64(t.Hour())*3600e9+int64(t.Minute())*60e9+int64(t.Second())*1e9+int64(t.Nanosecond()), 10)
	}
	providers["time"] = provider{
		"past": {
			{2, func(r *resolver, a []string) (string, bool, error) {
				return r.pastFuture(a[0], "", a[1], -1, nanoOfDay)
			}},
			{3, func(r *resolver, a []string) (string, bool, error) {
				return r.pastFuture(a[0], a[1], a[2], -1, nanoOfDay)
			}},
		},
		"future": {
			{2, func(r *resolver, a []string) (string, bool, error) { return r.pastFuture(a[0], "", a[1], 1, nanoOfDay) }},
			{3, func(r *resolver, a []string) (string, bool, error) {
				return r.pastFuture(a[0], a[1], a[2], 1, nanoOfDay)
			}},
		},
	}

	providers["options"] = provider{
		"option": {{-1, func(r *resolver, a []string) (string, bool, error) {
			if len(a) == 0 {
				return "", false, nil
			}
			return a[r.rnd.IntN(len(a))], true, nil
		}}},
	}
	providers["bool"] = provider{"bool": m0(func(r *resolver) string { return strconv.FormatBool(r.rnd.IntN(2) == 1) })}

	// The families below read Ruby Faker's data (Data), as Datafaker's
	// methods read its copies of it; what a method computes (numerify,
	// an address's parts, an email) is done here.
	providers["name"] = provider{
		"fullname": m0e(func(r *resolver) (string, error) { return r.join(" ", "name.first_name", "name.last_name") }),
		"username": m0e(func(r *resolver) (string, error) {
			s, err := r.join(".", "name.first_name", "name.last_name")
			return strings.ToLower(strings.ReplaceAll(s, " ", "")), err
		}),
	}
	providers["address"] = provider{
		"buildingnumber":   m0e(func(r *resolver) (string, error) { return r.numerified("address.building_number") }),
		"zipcode":          m0e(func(r *resolver) (string, error) { return r.numerified("address.postcode") }),
		"postcode":         m0e(func(r *resolver) (string, error) { return r.numerified("address.postcode") }),
		"secondaryaddress": m0e(func(r *resolver) (string, error) { return r.numerified("address.secondary_address") }),
		"latitude":         m0(func(r *resolver) string { return strconv.FormatFloat(r.rnd.Float64()*180-90, 'f', 8, 64) }),
		"longitude":        m0(func(r *resolver) string { return strconv.FormatFloat(r.rnd.Float64()*360-180, 'f', 8, 64) }),
	}
	providers["phonenumber"] = provider{
		"phonenumber": m0e(func(r *resolver) (string, error) { return r.numerified("phone_number.formats") }),
		"cellphone":   m0e(func(r *resolver) (string, error) { return r.numerified("cell_phone.formats") }),
	}
	providers["internet"] = provider{
		"uuid":              m0(func(r *resolver) string { return r.uuid() }),
		"ipv4address":       m0(func(r *resolver) string { return r.ipv4(false) }),
		"publicipv4address": m0(func(r *resolver) string { return r.ipv4(true) }),
		"privateipv4address": m0(func(r *resolver) string {
			return fmt.Sprintf("10.%d.%d.%d", r.rnd.IntN(256), r.rnd.IntN(256), r.rnd.IntN(256))
		}),
		"ipv6address": m0(func(r *resolver) string {
			parts := make([]string, 8)
			for i := range parts {
				parts[i] = strconv.FormatInt(int64(r.rnd.IntN(1<<16)), 16)
			}
			return strings.Join(parts, ":")
		}),
		"macaddress": m0(func(r *resolver) string {
			parts := make([]string, 6)
			for i := range parts {
				parts[i] = fmt.Sprintf("%02x", r.rnd.IntN(256))
			}
			return strings.Join(parts, ":")
		}),
		"emailaddress":     m0e(func(r *resolver) (string, error) { return r.email("internet.free_email") }),
		"safeemailaddress": m0(func(r *resolver) string { return r.safeEmail() }),
		"domainword":       m0e(func(r *resolver) (string, error) { return r.domainWord() }),
		"domainname": m0e(func(r *resolver) (string, error) {
			w, err := r.domainWord()
			if err != nil {
				return "", err
			}
			suffix, err := r.value("internet.domain_suffix")
			return w + "." + suffix, err
		}),
		"url": m0e(func(r *resolver) (string, error) {
			w, err := r.domainWord()
			if err != nil {
				return "", err
			}
			suffix, err := r.value("internet.domain_suffix")
			return "http://www." + w + "." + suffix, err
		}),
		"useragentany": m0e(func(r *resolver) (string, error) { return r.userAgent() }),
		"useragent":    m0e(func(r *resolver) (string, error) { return r.userAgent() }),
		"password": m0(func(r *resolver) string {
			const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			b := make([]byte, 8+r.rnd.IntN(9))
			for i := range b {
				b[i] = chars[r.rnd.IntN(len(chars))]
			}
			return string(b)
		}),
	}
	providers["commerce"] = provider{
		"productname": m0e(func(r *resolver) (string, error) {
			return r.join(" ", "commerce.product_name.adjective", "commerce.product_name.material", "commerce.product_name.product")
		}),
		"material": m0e(func(r *resolver) (string, error) { return r.value("commerce.product_name.material") }),
		"color":    m0e(func(r *resolver) (string, error) { return r.value("color.name") }),
		"price": m0(func(r *resolver) string {
			return strconv.FormatFloat(math.Round((1+r.rnd.Float64()*99)*100)/100, 'f', 2, 64)
		}),
	}
}

// m0e makes a method without parameters that may fail (its data is missing).
func m0e(f func(r *resolver) (string, error)) []method {
	return []method{{0, func(r *resolver, _ []string) (string, bool, error) {
		v, err := f(r)
		if errors.Is(err, errNoData) {
			return "", false, nil
		}
		return v, err == nil, err
	}}}
}

// errNoData marks a data key that the data set lacks: the method then
// does not resolve.
var errNoData = errors.New("no such data")

// value returns one entry of a data key, its templates resolved.
func (r *resolver) value(key string) (string, error) {
	v, fam, ok := r.fetch(key)
	if !ok {
		return "", errNoData
	}
	if strings.Contains(v, "#{") {
		return r.eval(parseExpression(v), fam, 1)
	}
	return v, nil
}

// numerified is a data entry with its '#'s made digits, as Datafaker's
// numerify does for building numbers, postcodes and phone numbers.
func (r *resolver) numerified(key string) (string, error) {
	v, err := r.value(key)
	return r.replace(v, true, true), err
}

// join joins one entry of each key.
func (r *resolver) join(sep string, keys ...string) (string, error) {
	parts := make([]string, len(keys))
	for i, k := range keys {
		v, err := r.value(k)
		if err != nil {
			return "", err
		}
		parts[i] = v
	}
	return strings.Join(parts, sep), nil
}

// userAgent is Internet.userAgentAny: a browser's list, then one of it.
func (r *resolver) userAgent() (string, error) {
	if r.data == nil {
		return "", errNoData
	}
	var browsers []string
	for _, b := range []string{"aol", "chrome", "firefox", "internet_explorer", "netscape", "opera", "safari"} {
		if _, ok := r.data.Values("internet.user_agent." + b); ok {
			browsers = append(browsers, b)
		}
	}
	if len(browsers) == 0 {
		return "", errNoData
	}
	return r.value("internet.user_agent." + browsers[r.rnd.IntN(len(browsers))])
}

// domainWord is a company's last name made a host name.
func (r *resolver) domainWord() (string, error) {
	v, err := r.value("name.last_name")
	var b strings.Builder
	for _, c := range strings.ToLower(v) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	return b.String(), err
}

func (r *resolver) email(domains string) (string, error) {
	user, err := r.join(".", "name.first_name", "name.last_name")
	if err != nil {
		return "", err
	}
	domain, err := r.value(domains)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, c := range strings.ToLower(user) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' {
			b.WriteRune(c)
		}
	}
	return b.String() + "@" + domain, nil
}

func (r *resolver) safeEmail() string {
	user, _ := r.join(".", "name.first_name", "name.last_name")
	if user == "" {
		user = r.replace("user####", true, false)
	}
	return strings.ToLower(strings.ReplaceAll(user, " ", "")) + "@example." + []string{"com", "org", "net"}[r.rnd.IntN(3)]
}

// uuid is a random (version 4) UUID.
func (r *resolver) uuid() string {
	var b [16]byte
	for i := range b {
		b[i] = byte(r.rnd.IntN(256))
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// ipv4 is a random IPv4 address; a public one is outside the private,
// loopback, link-local and multicast ranges.
func (r *resolver) ipv4(public bool) string {
	for {
		a, b := r.rnd.IntN(256), r.rnd.IntN(256)
		if public {
			switch {
			case a == 0, a == 10, a == 127, a >= 224,
				a == 169 && b == 254, a == 172 && b >= 16 && b < 32, a == 192 && b == 168:
				continue
			}
		}
		return fmt.Sprintf("%d.%d.%d.%d", a, b, r.rnd.IntN(256), r.rnd.IntN(256))
	}
}

func oneString(f func(r *resolver, s string) string) func(r *resolver, args []string) (string, bool, error) {
	return func(r *resolver, args []string) (string, bool, error) {
		if len(args) != 1 {
			return "", false, nil
		}
		return f(r, args[0]), true, nil
	}
}

// regexify generates a string that matches pattern; ok is false for a
// pattern that does not parse (Datafaker then fails to resolve).
func (r *resolver) regexify(pattern string) (string, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	r.generate(&b, re.Simplify(), 0)
	return b.String(), true
}

// replace is Datafaker's numerify ('#' a digit), letterify ('?' a letter)
// and bothify.
func (r *resolver) replace(s string, digits, letters bool) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case digits && c == '#':
			b[i] = byte('0' + r.rnd.IntN(10))
		case letters && c == '?':
			b[i] = byte('a' + r.rnd.IntN(26))
		}
	}
	return string(b)
}

// numberBetween is Number.numberBetween: [min, max), bounds in any order.
func (r *resolver) numberBetween(a, b int64) int64 {
	if a == b {
		return a
	}
	lo, hi := min(a, b), max(a, b)
	span := uint64(hi - lo) // two's complement: right even when hi-lo overflows
	return lo + int64(r.rnd.Uint64N(span))
}

// randomDouble is Number.randomDouble: a value in [min, max) rounded
// half-down to at most dec decimals.
func (r *resolver) randomDouble(dec int, lo, hi int64) float64 {
	v := float64(lo)
	if lo != hi {
		v = float64(lo) + (float64(hi)-float64(lo))*r.rnd.Float64()
	}
	f, _ := new(big.Float).SetFloat64(v).Text('f', dec+1), 0
	d, ok := new(big.Rat).SetString(f)
	if !ok {
		return v
	}
	return roundHalfDown(d, dec)
}

func roundHalfDown(x *big.Rat, dec int) float64 {
	scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(dec)), nil))
	y := new(big.Rat).Mul(x, scale)
	num, den := y.Num(), y.Denom()
	q, m := new(big.Int).QuoRem(num, den, new(big.Int))
	// Rounds up only beyond the half.
	twice := new(big.Int).Mul(new(big.Int).Abs(m), big.NewInt(2))
	if twice.Cmp(den) > 0 {
		if num.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	res, _ := new(big.Rat).SetFrac(q, scale.Num()).Float64()
	return res
}

// randomNumber is Number.randomNumber(digits, strict).
func (r *resolver) randomNumber(n int, strict bool) int64 {
	hi := int64(math.Pow10(n))
	if strict {
		lo := int64(math.Pow10(n - 1))
		return lo + r.rnd.Int64N(hi-lo)
	}
	return r.rnd.Int64N(hi)
}

func (r *resolver) digits(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('0' + r.rnd.IntN(10))
	}
	return string(b)
}

// pastFuture is DateAndTime's and Time's past and future: a random instant
// at most atMost units away from now (and at least minimum), formatted by
// format. sign is -1 for the past.
func (r *resolver) pastFuture(atMostS, minimumS, unitS string, sign int64, format func(time.Time) string) (string, bool, error) {
	atMost, ok := javaInt(atMostS, 32)
	if !ok {
		return "", false, nil
	}
	unit, ok := timeUnit(unitS)
	if !ok {
		return "", false, nil
	}
	ref := r.now().UnixMilli() + sign // "a bit" away from now
	if minimumS != "" {
		minimum, ok := javaInt(minimumS, 32)
		if !ok {
			return "", false, nil
		}
		ref = r.now().UnixMilli() + sign*minimum*unit
		atMost -= minimum
	}
	bound := atMost*unit - 1
	if bound <= 0 {
		return "", false, nil // Random.nextLong: bound must be positive
	}
	ms := ref + sign*(1+r.rnd.Int64N(bound))
	return format(time.UnixMilli(ms)), true, nil
}

// birthday is DateAndTime.birthday: a day between maxAge and minAge years
// ago, at a random second.
func (r *resolver) birthday(minAge, maxAge int) string {
	now := r.now().UTC()
	from := time.Date(now.Year()-maxAge, now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	to := time.Date(now.Year()-minAge, now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	span := to.Unix() - from.Unix()
	if span <= 0 {
		return javaTimestamp(from)
	}
	return javaTimestamp(time.Unix(from.Unix()+r.rnd.Int64N(span), 0))
}

// timeUnit reads java.util.concurrent.TimeUnit.valueOf (after an optional
// "TimeUnit." prefix) and returns the unit in milliseconds.
func timeUnit(s string) (int64, bool) {
	s = s[strings.IndexByte(s, '.')+1:]
	switch s {
	case "NANOSECONDS", "MICROSECONDS":
		return 0, false // whole milliseconds only: Datafaker's bound would be 0 or less
	case "MILLISECONDS":
		return 1, true
	case "SECONDS":
		return 1000, true
	case "MINUTES":
		return 60_000, true
	case "HOURS":
		return 3_600_000, true
	case "DAYS":
		return 86_400_000, true
	}
	return 0, false
}

// javaTimestamp is java.sql.Timestamp.toString in UTC: the fraction has
// its trailing zeros removed but keeps one digit.
func javaTimestamp(t time.Time) string {
	t = t.UTC()
	s := t.Format("2006-01-02 15:04:05")
	frac := strings.TrimRight(fmt.Sprintf("%09d", t.Nanosecond()), "0")
	if frac == "" {
		frac = "0"
	}
	return s + "." + frac
}

// javaDouble is Double.toString.
func javaDouble(f float64) string { return string(types.AppendJavaDouble(nil, f)) }

// javaInt is Integer(String) / Long(String): an optional sign and decimal
// digits that fit bits.
func javaInt(s string, bits int) (int64, bool) {
	if s == "" || s == "+" || s == "-" {
		return 0, false
	}
	v, err := strconv.ParseInt(s, 10, bits)
	return v, err == nil
}

// parseJavaBool is Boolean.parseBoolean.
func parseJavaBool(s string) bool { return strings.EqualFold(s, "true") }
