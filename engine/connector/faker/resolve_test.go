package faker

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

var fixedNow = time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)

func eval(t *testing.T, r *resolver, s string) string {
	t.Helper()
	v, err := r.eval(parseExpression(s), "", 0)
	if err != nil {
		t.Fatalf("eval(%q): %v", s, err)
	}
	return v
}

func testResolver(d Data) *resolver {
	return newResolver(7, func() time.Time { return fixedNow }, d)
}

func TestResolveDeterministic(t *testing.T) {
	r := testResolver(nil)
	for in, want := range map[string]string{
		"id-#{number.numberBetween '5','6'}": "id-5",
		"#{Number.number_between '3','3'}":   "3", // names match without underscores, in any case
		"#{regexify '[a]{3}'}":               "aaa",
		"#{Options.option 'only'}":           "only",
		"#{numerify 'x'}":                    "x",
	} {
		if got := eval(t, r, in); got != want {
			t.Errorf("%q = %q, want %q", in, got, want)
		}
	}
}

func TestNumberBetweenRange(t *testing.T) {
	r := testResolver(nil)
	seen := map[string]bool{}
	for range 500 {
		v := eval(t, r, "#{number.numberBetween '10','13'}")
		n, _ := strconv.Atoi(v)
		if n < 10 || n >= 13 {
			t.Fatalf("numberBetween 10,13 gave %s", v)
		}
		seen[v] = true
	}
	if len(seen) != 3 {
		t.Errorf("numberBetween 10,13 gave %v, want 10, 11 and 12", seen)
	}
	// Bounds in either order, as Datafaker takes them.
	if v := eval(t, r, "#{number.numberBetween '13','10'}"); v < "10" || v > "12" {
		t.Errorf("numberBetween 13,10 = %s", v)
	}
}

// date.past 'n','min','UNIT' lies at most n and at least min units back.
func TestDatePast(t *testing.T) {
	r := testResolver(nil)
	for range 200 {
		v := eval(t, r, "#{date.past '15','5','SECONDS'}")
		ts, err := time.Parse("2006-01-02 15:04:05.999999999", v)
		if err != nil {
			t.Fatalf("date.past gave %q: %v", v, err)
		}
		back := fixedNow.Sub(ts)
		if back < 5*time.Second || back > 15*time.Second {
			t.Fatalf("date.past 15,5 s gave %s, %v back", v, back)
		}
	}
	// A unit TimeUnit does not know does not resolve.
	if _, err := r.eval(parseExpression("#{date.past '15','seconds'}"), "", 0); err == nil ||
		!strings.HasPrefix(err.Error(), "Unable to resolve #{date.past '15','seconds'} directive for FakerContext{, locale=en}.") {
		t.Errorf("lower-case unit: %v", err)
	}
}

func TestUnknownDirective(t *testing.T) {
	r := testResolver(nil)
	for _, in := range []string{"#{Foo.bar}", "#{Name.nosuch}", "#{nosuch}", "#{regexify '('}", "#{number.numberBetween 'a','2'}"} {
		_, err := r.eval(parseExpression(in), "", 0)
		if err == nil || !strings.HasPrefix(err.Error(), "Unable to resolve #{") {
			t.Errorf("%s: %v, want Unable to resolve", in, err)
		}
	}
}

// Templates of the data resolve against their family (#{prefix}) and
// against other families (#{Superhero.prefix}); provider methods map onto
// keys by their singular.
func TestDataFamilies(t *testing.T) {
	fsys := fstest.MapFS{
		"families.json": {Data: []byte(`["hero", "spacey"]`)},
		"hero.json":     {Data: []byte(`{"prefix": ["Dr"], "name": ["#{prefix} #{Hero.suffix}"], "suffix": ["X"], "powers": ["fly"]}`)},
		"spacey.json":   {Data: []byte(`{"nasa_space_craft": ["Apollo"], "regex": ["/[b]{2}/"]}`)},
	}
	SetData(FSLoader(fsys))
	defer SetData(nil)
	r := testResolver(currentData())
	for in, want := range map[string]string{
		"#{hero.name}":               "Dr X",
		"#{Hero.name}":               "Dr X",
		"#{hero.power}":              "fly", // method power() reads powers
		"#{Spacey.nasaSpaceCraft}":   "Apollo",
		"#{spacey.nasa_space_craft}": "Apollo",
		"#{spacey.regex}":            "bb",
	} {
		if got := eval(t, r, in); got != want {
			t.Errorf("%s = %q, want %q", in, got, want)
		}
	}
}

// nameData is a small data set in Ruby Faker's shape.
func nameData() Data {
	SetData(FSLoader(fstest.MapFS{
		"families.json": {Data: []byte(`["name", "internet"]`)},
		"name.json":     {Data: []byte(`{"first_name": ["#{female_first_name}", "#{male_first_name}"], "female_first_name": ["Ada", "Grace"], "male_first_name": ["Alan"], "last_name": ["Lovelace", "Hopper", "Turing"]}`)},
		"internet.json": {Data: []byte(`{"free_email": ["mail.example"]}`)},
	}))
	return currentData()
}

// Names and emails come from the data (Ruby Faker's lists), through
// templates; what Datafaker computes is computed.
func TestDataBackedMethods(t *testing.T) {
	defer SetData(nil)
	r := testResolver(nameData())
	for range 50 {
		first := eval(t, r, "#{Name.firstName}")
		if first != "Ada" && first != "Grace" && first != "Alan" {
			t.Fatalf("Name.firstName = %q", first)
		}
		full := eval(t, r, "#{Name.fullName}")
		if strings.Count(full, " ") != 1 || strings.Contains(full, "#{") {
			t.Fatalf("Name.fullName = %q", full)
		}
		if e := eval(t, r, "#{Internet.emailAddress}"); !regexp.MustCompile(`^[a-z]+\.[a-z]+@mail\.example$`).MatchString(e) {
			t.Fatalf("Internet.emailAddress = %q", e)
		}
	}
	if u := eval(t, r, "#{Internet.uuid}"); !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(u) {
		t.Errorf("Internet.uuid = %q", u)
	}
}

// regexify makes strings that match, for the Cookbook's patterns.
func TestRegexify(t *testing.T) {
	r := testResolver(nil)
	for _, pat := range []string{`(GET|POST|PUT|PATCH){1}`, `[a-z]{5}`, `(/search\.html|/login\.html|cart\.html){1}`,
		`(HTTP/1\.1|HTTP/2|/HTTP/1\.0){1}`, `[0-9]{3}-[A-Z]{2}`, `(a|b)+c?`, `[^,]{4}`, `x.y`} {
		re := regexp.MustCompile(`^(?:` + pat + `)$`)
		for range 50 {
			got := eval(t, r, "#{regexify '"+pat+"'}")
			if !re.MatchString(got) {
				t.Fatalf("regexify %q gave %q", pat, got)
			}
		}
	}
}

// Equal seeds give equal values.
func TestSeeded(t *testing.T) {
	defer SetData(nil)
	d := nameData()
	a, b := testResolver(d), testResolver(d)
	for range 20 {
		x := eval(t, a, "#{Name.firstName} #{Internet.publicIpV4Address} #{regexify '[a-z]{8}'}")
		y := eval(t, b, "#{Name.firstName} #{Internet.publicIpV4Address} #{regexify '[a-z]{8}'}")
		if x != y {
			t.Fatalf("%q != %q", x, y)
		}
	}
}
