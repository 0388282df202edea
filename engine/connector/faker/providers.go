package faker

import (
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

	providers["name"] = provider{
		"firstname":      m0(func(r *resolver) string { return r.f.FirstName() }),
		"lastname":       m0(func(r *resolver) string { return r.f.LastName() }),
		"fullname":       m0(func(r *resolver) string { return r.f.FirstName() + " " + r.f.LastName() }),
		"name":           m0(func(r *resolver) string { return r.f.FirstName() + " " + r.f.LastName() }),
		"namewithmiddle": m0(func(r *resolver) string { return r.f.FirstName() + " " + r.f.MiddleName() + " " + r.f.LastName() }),
		"prefix":         m0(func(r *resolver) string { return r.f.NamePrefix() }),
		"suffix":         m0(func(r *resolver) string { return r.f.NameSuffix() }),
		"title":          m0(func(r *resolver) string { return r.f.JobTitle() }),
		"username":       m0(func(r *resolver) string { return strings.ToLower(r.f.FirstName() + "." + r.f.LastName()) }),
	}
	providers["address"] = provider{
		"fulladdress":      m0(func(r *resolver) string { return r.f.Address().Address }),
		"streetaddress":    m0(func(r *resolver) string { return r.f.Street() }),
		"streetname":       m0(func(r *resolver) string { return r.f.StreetName() + " " + r.f.StreetSuffix() }),
		"streetsuffix":     m0(func(r *resolver) string { return r.f.StreetSuffix() }),
		"buildingnumber":   m0(func(r *resolver) string { return r.f.StreetNumber() }),
		"secondaryaddress": m0(func(r *resolver) string { return r.f.Unit() }),
		"city":             m0(func(r *resolver) string { return r.f.City() }),
		"cityname":         m0(func(r *resolver) string { return r.f.City() }),
		"state":            m0(func(r *resolver) string { return r.f.State() }),
		"stateabbr":        m0(func(r *resolver) string { return r.f.StateAbr() }),
		"zipcode":          m0(func(r *resolver) string { return r.f.Zip() }),
		"postcode":         m0(func(r *resolver) string { return r.f.Zip() }),
		"country":          m0(func(r *resolver) string { return r.f.Country() }),
		"countrycode":      m0(func(r *resolver) string { return r.f.CountryAbr() }),
		"latitude":         m0(func(r *resolver) string { return strconv.FormatFloat(r.f.Latitude(), 'f', 8, 64) }),
		"longitude":        m0(func(r *resolver) string { return strconv.FormatFloat(r.f.Longitude(), 'f', 8, 64) }),
		"timezone":         m0(func(r *resolver) string { return r.f.TimeZoneRegion() }),
	}
	providers["internet"] = provider{
		"emailaddress":      m0(func(r *resolver) string { return r.f.Email() }),
		"safeemailaddress":  m0(func(r *resolver) string { return strings.ToLower(r.f.FirstName()) + "@example.com" }),
		"domainname":        m0(func(r *resolver) string { return r.f.DomainName() }),
		"domainsuffix":      m0(func(r *resolver) string { return r.f.DomainSuffix() }),
		"url":               m0(func(r *resolver) string { return r.f.URL() }),
		"uuid":              m0(func(r *resolver) string { return r.f.UUID() }),
		"ipv4address":       m0(func(r *resolver) string { return r.f.IPv4Address() }),
		"publicipv4address": m0(func(r *resolver) string { return r.publicIPv4() }),
		"privateipv4address": m0(func(r *resolver) string {
			return fmt.Sprintf("10.%d.%d.%d", r.rnd.IntN(256), r.rnd.IntN(256), r.rnd.IntN(256))
		}),
		"ipv6address":  m0(func(r *resolver) string { return r.f.IPv6Address() }),
		"macaddress":   m0(func(r *resolver) string { return r.f.MacAddress() }),
		"useragentany": m0(func(r *resolver) string { return r.f.UserAgent() }),
		"useragent":    m0(func(r *resolver) string { return r.f.UserAgent() }),
		"password":     m0(func(r *resolver) string { return r.f.Password(true, true, true, false, false, 12) }),
		"slug":         m0(func(r *resolver) string { return strings.ToLower(r.f.Word() + "_" + r.f.Word()) }),
		"httpmethod":   m0(func(r *resolver) string { return r.f.HTTPMethod() }),
	}
	providers["commerce"] = provider{
		"productname": m0(func(r *resolver) string { return r.f.ProductName() }),
		"department":  m0(func(r *resolver) string { return r.f.ProductCategory() }),
		"material":    m0(func(r *resolver) string { return r.f.ProductMaterial() }),
		"color":       m0(func(r *resolver) string { return r.f.Color() }),
		"price": m0(func(r *resolver) string {
			return strconv.FormatFloat(math.Round(r.f.Price(1, 100)*100)/100, 'f', 2, 64)
		}),
		"brand": m0(func(r *resolver) string { return r.f.Company() }),
	}
	providers["currency"] = provider{
		"code": m0(func(r *resolver) string { return r.f.CurrencyShort() }),
		"name": m0(func(r *resolver) string { return r.f.CurrencyLong() }),
	}
	providers["company"] = provider{
		"name":        m0(func(r *resolver) string { return r.f.Company() }),
		"suffix":      m0(func(r *resolver) string { return r.f.CompanySuffix() }),
		"buzzword":    m0(func(r *resolver) string { return r.f.BuzzWord() }),
		"bs":          m0(func(r *resolver) string { return r.f.BS() }),
		"catchphrase": m0(func(r *resolver) string { return r.f.Slogan() }),
		"industry":    m0(func(r *resolver) string { return r.f.JobDescriptor() + " " + r.f.BuzzWord() }),
		"url":         m0(func(r *resolver) string { return r.f.URL() }),
	}
	providers["job"] = provider{
		"title":     m0(func(r *resolver) string { return r.f.JobTitle() }),
		"position":  m0(func(r *resolver) string { return r.f.JobTitle() }),
		"field":     m0(func(r *resolver) string { return r.f.JobDescriptor() }),
		"seniority": m0(func(r *resolver) string { return r.f.JobLevel() }),
	}
	providers["lorem"] = provider{
		"word":      m0(func(r *resolver) string { return r.f.LoremIpsumWord() }),
		"sentence":  m0(func(r *resolver) string { return r.f.LoremIpsumSentence(6 + r.rnd.IntN(6)) }),
		"paragraph": m0(func(r *resolver) string { return r.f.LoremIpsumParagraph(1, 4, 8, " ") }),
		"characters": {{1, func(r *resolver, a []string) (string, bool, error) {
			n, ok := javaInt(a[0], 32)
			if !ok || n < 0 || n > 1<<16 {
				return "", false, nil
			}
			return r.replace(strings.Repeat("?", int(n)), false, true), true, nil
		}}},
	}
	providers["color"] = provider{
		"name": m0(func(r *resolver) string { return strings.ToLower(r.f.Color()) }),
		"hex":  m0(func(r *resolver) string { return r.f.HexColor() }),
	}
	providers["phonenumber"] = provider{
		"cellphone":   m0(func(r *resolver) string { return r.f.PhoneFormatted() }),
		"phonenumber": m0(func(r *resolver) string { return r.f.PhoneFormatted() }),
	}
	providers["book"] = provider{
		"title":  m0(func(r *resolver) string { return r.f.BookTitle() }),
		"author": m0(func(r *resolver) string { return r.f.BookAuthor() }),
		"genre":  m0(func(r *resolver) string { return r.f.BookGenre() }),
	}
	providers["beer"] = provider{
		"name":  m0(func(r *resolver) string { return r.f.BeerName() }),
		"style": m0(func(r *resolver) string { return r.f.BeerStyle() }),
		"hop":   m0(func(r *resolver) string { return r.f.BeerHop() }),
		"malt":  m0(func(r *resolver) string { return r.f.BeerMalt() }),
		"yeast": m0(func(r *resolver) string { return r.f.BeerYeast() }),
	}
	providers["animal"] = provider{"name": m0(func(r *resolver) string { return strings.ToLower(r.f.Animal()) })}
	providers["app"] = provider{
		"name":    m0(func(r *resolver) string { return r.f.AppName() }),
		"version": m0(func(r *resolver) string { return r.f.AppVersion() }),
		"author":  m0(func(r *resolver) string { return r.f.AppAuthor() }),
	}
	providers["hacker"] = provider{
		"abbreviation": m0(func(r *resolver) string { return r.f.HackerAbbreviation() }),
		"adjective":    m0(func(r *resolver) string { return r.f.HackerAdjective() }),
		"noun":         m0(func(r *resolver) string { return r.f.HackerNoun() }),
		"verb":         m0(func(r *resolver) string { return r.f.HackerVerb() }),
		"ingverb":      m0(func(r *resolver) string { return r.f.HackeringVerb() }),
	}
	providers["programminglanguage"] = provider{"name": m0(func(r *resolver) string { return r.f.ProgrammingLanguage() })}
	providers["food"] = provider{
		"fruit":     m0(func(r *resolver) string { return r.f.Fruit() }),
		"vegetable": m0(func(r *resolver) string { return r.f.Vegetable() }),
		"dish":      m0(func(r *resolver) string { return r.f.Dinner() }),
		"dessert":   m0(func(r *resolver) string { return r.f.Dessert() }),
	}
	providers["finance"] = provider{
		"creditcard": m0(func(r *resolver) string { return r.f.CreditCardNumber(nil) }),
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
	if _, err := syntax.Parse(pattern, syntax.Perl); err != nil {
		return "", false
	}
	return r.f.Regex(pattern), true
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

// publicIPv4 draws addresses until one is outside the private, loopback
// and link-local ranges.
func (r *resolver) publicIPv4() string {
	for {
		a, b := r.rnd.IntN(256), r.rnd.IntN(256)
		switch {
		case a == 0, a == 10, a == 127, a >= 224,
			a == 169 && b == 254, a == 172 && b >= 16 && b < 32, a == 192 && b == 168:
			continue
		}
		return fmt.Sprintf("%d.%d.%d.%d", a, b, r.rnd.IntN(256), r.rnd.IntN(256))
	}
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
