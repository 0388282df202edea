package faker

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// maxDepth bounds how deeply directives may expand into further directives
// (Datafaker recurses until the stack overflows).
const maxDepth = 32

// resolver evaluates expressions for one column: Datafaker's resolution
// order over the playground's providers (what Datafaker computes: numbers,
// dates, addresses' digits, emails, UUIDs, regexify) and the Ruby Faker
// data set that Datafaker's word lists are copies of.
type resolver struct {
	rnd  *rand.Rand
	now  func() time.Time
	data Data
}

func newResolver(seed uint64, now func() time.Time, data Data) *resolver {
	src := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	return &resolver{rnd: rand.New(src), now: now, data: data}
}

// unresolved is Datafaker's failure for a directive nothing answers.
type unresolved struct{ inside string }

func (e *unresolved) Error() string {
	msg := "Unable to resolve #{" + e.inside + "} directive for FakerContext{, locale=en}."
	if !HasData() {
		// Not Datafaker's: the playground's build had no data set.
		msg += " (This build of the playground has no faker data families, Ruby Faker's word lists: make faker-data writes them; see docs/faker.md.)"
	}
	return msg
}

// eval evaluates e; cur is the data family a template came from ("" at
// the top), against which a bare directive such as #{prefix} resolves.
func (r *resolver) eval(e expression, cur string, depth int) (string, error) {
	if len(e) == 1 && e[0].dir == nil {
		return e[0].text, nil
	}
	var b strings.Builder
	for _, s := range e {
		if s.dir == nil {
			b.WriteString(s.text)
			continue
		}
		v, fam, ok, err := r.directive(s.dir, cur)
		if err != nil {
			return "", err
		}
		if !ok {
			return "", &unresolved{inside: s.text}
		}
		// What a directive yields is an expression again.
		if strings.Contains(v, "#{") {
			if depth >= maxDepth {
				return "", fmt.Errorf("expression nests deeper than %d directives: #{%s}", maxDepth, s.text)
			}
			v, err = r.eval(parseExpression(v), fam, depth+1)
			if err != nil {
				return "", err
			}
		}
		b.WriteString(v)
	}
	return b.String(), nil
}

// directive resolves one directive in Datafaker's search order: a method
// of the current family, a provider method without arguments, a key of
// the data, a method of the faker itself (regexify, numerify, ...), a
// provider method with arguments, and the data again under the key's
// snake_case spelling. It returns the value and the family its templates
// resolve against.
func (r *resolver) directive(d *directive, cur string) (string, string, bool, error) {
	name := d.name
	if name == "" {
		return "", cur, true, nil
	}
	dot := strings.IndexByte(name, '.')
	if len(d.args) == 0 {
		if dot < 0 && cur != "" {
			if v, ok, err := r.call(cur, name, nil); ok || err != nil {
				return v, cur, ok, err
			}
		}
		if dot > 0 {
			if v, fam, ok, err := r.familyMethod(name[:dot], name[dot+1:], nil); ok || err != nil {
				return v, fam, ok, err
			}
		}
	}
	simple := name
	if dot < 0 && cur != "" {
		simple = cur + "." + name
	}
	if v, fam, ok := r.fetch(simple); ok {
		return v, fam, true, nil
	}
	if dot < 0 {
		if fn, ok := rootMethods[normalize(name)]; ok {
			v, ok, err := fn(r, d.args)
			return v, cur, ok, err
		}
	}
	if dot >= 0 {
		if v, fam, ok, err := r.familyMethod(name[:dot], name[dot+1:], d.args); ok || err != nil {
			return v, fam, ok, err
		}
		if v, fam, ok := r.fetch(javaNameToYamlName(simple)); ok {
			return v, fam, true, nil
		}
	}
	return "", cur, false, nil
}

// familyMethod calls family.method: a provider's method, or else the data
// key that a Datafaker provider method of that name reads.
func (r *resolver) familyMethod(family, method string, args []string) (string, string, bool, error) {
	if v, ok, err := r.call(family, method, args); ok || err != nil {
		return v, family, ok, err
	}
	if len(args) > 0 || r.data == nil {
		return "", "", false, nil
	}
	fam, key, ok := r.data.Method(family, method)
	if !ok {
		return "", "", false, nil
	}
	v, _, ok := r.fetch(fam + "." + key)
	return v, fam, ok, nil
}

// call runs a provider method, if the family and method exist and the
// arguments convert to its parameters.
func (r *resolver) call(family, method string, args []string) (string, bool, error) {
	p, ok := providers[normalize(family)]
	if !ok {
		return "", false, nil
	}
	for _, m := range p[normalize(method)] {
		if m.arity >= 0 && m.arity != len(args) || m.arity < 0 && len(args) < -m.arity-1 {
			continue
		}
		v, ok, err := m.fn(r, args)
		if ok || err != nil {
			return v, ok, err
		}
	}
	return "", false, nil
}

// fetch reads a dotted key of the data: a list yields one of its entries,
// a "/regex/" entry a string that matches it.
func (r *resolver) fetch(key string) (string, string, bool) {
	if r.data == nil {
		return "", "", false
	}
	dot := strings.IndexByte(key, '.')
	if dot <= 0 {
		return "", "", false
	}
	vals, ok := r.data.Values(key)
	if !ok || len(vals) == 0 {
		return "", "", false
	}
	v := vals[r.rnd.IntN(len(vals))]
	if len(v) > 1 && v[0] == '/' && v[len(v)-1] == '/' {
		if s, ok := r.regexify(v[1 : len(v)-1]); ok {
			v = s
		}
	}
	return v, key[:dot], true
}

// normalize is how Datafaker matches provider and method names: without
// underscores, case-insensitively.
func normalize(s string) string {
	return strings.ToLower(strings.ReplaceAll(s, "_", ""))
}

// javaNameToYamlName turns Java's PhoneNumber.cellPhone into Ruby's
// phone_number.cell_phone, as Datafaker's last-ditch lookup does.
func javaNameToYamlName(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			if i > 0 && s[i-1] != '.' {
				b.WriteByte('_')
			}
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}
