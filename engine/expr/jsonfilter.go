package expr

import (
	"regexp"
	"strconv"
	"strings"
)

// JSON path filters, [?(<predicate>)], as Jayway JsonPath evaluates them:
// on an array the predicate is tried on every element (@), on an object on
// the object itself, and what matches is kept. A predicate combines
// comparisons (==, !=, <, <=, >, >=, =~ /regex/[i], in, nin) of relative
// (@...) and absolute ($...) paths and literals (numbers, 'strings',
// "strings", true, false, null, [lists]) with &&, || and !, and
// parentheses; a path alone tests that it exists. A comparison with a path
// that finds nothing is false.

type filterExpr interface {
	holds(at, root *JsonValue) bool
}

type filterOr struct{ l, r filterExpr }
type filterAnd struct{ l, r filterExpr }
type filterNot struct{ x filterExpr }

// filterCmp is a comparison; op "" tests that l exists.
type filterCmp struct {
	op   string
	l, r filterOperand
	re   *regexp.Regexp
}

// filterOperand is a path relative to @ or $, or a literal.
type filterOperand struct {
	path    *JsonPath // nil for a literal
	rel     bool
	literal *JsonValue
}

func (f filterOr) holds(at, root *JsonValue) bool  { return f.l.holds(at, root) || f.r.holds(at, root) }
func (f filterAnd) holds(at, root *JsonValue) bool { return f.l.holds(at, root) && f.r.holds(at, root) }
func (f filterNot) holds(at, root *JsonValue) bool { return !f.x.holds(at, root) }

func (o filterOperand) value(at, root *JsonValue) (*JsonValue, bool) {
	if o.path == nil {
		return o.literal, true
	}
	base := root
	if o.rel {
		base = at
	}
	v, err := o.path.Eval(base)
	if err != nil || v == nil {
		return nil, false
	}
	if o.path.indefinite && len(v.Elem) == 0 {
		return nil, false
	}
	return v, true
}

func (f filterCmp) holds(at, root *JsonValue) bool {
	l, ok := f.l.value(at, root)
	if !ok {
		return false
	}
	if f.op == "" {
		return true
	}
	r, ok := f.r.value(at, root)
	if !ok && f.op != "=~" {
		return false
	}
	switch f.op {
	case "==":
		return jsonEqual(l, r)
	case "!=":
		return !jsonEqual(l, r)
	case "<", "<=", ">", ">=":
		c, ok := jsonCompare(l, r)
		if !ok {
			return false
		}
		switch f.op {
		case "<":
			return c < 0
		case "<=":
			return c <= 0
		case ">":
			return c > 0
		}
		return c >= 0
	case "=~":
		return l.Kind == jsonString && f.re.MatchString(l.Text)
	case "in", "nin":
		found := false
		if r.Kind == JsonArray {
			for _, e := range r.Elem {
				if jsonEqual(l, e) {
					found = true
					break
				}
			}
		}
		return found == (f.op == "in")
	}
	return false
}

func jsonNumber(v *JsonValue) (float64, bool) {
	switch v.Kind {
	case jsonInt:
		f, err := strconv.ParseFloat(v.Text, 64)
		return f, err == nil
	case JsonDouble:
		return v.F, true
	}
	return 0, false
}

func jsonEqual(a, b *JsonValue) bool {
	if x, ok := jsonNumber(a); ok {
		y, ok := jsonNumber(b)
		return ok && x == y
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case JsonNull:
		return true
	case JsonBool:
		return a.B == b.B
	case jsonString:
		return a.Text == b.Text
	case JsonArray, JsonObject:
		if len(a.Elem) != len(b.Elem) {
			return false
		}
		for i := range a.Elem {
			if a.Kind == JsonObject && a.Keys[i] != b.Keys[i] || !jsonEqual(a.Elem[i], b.Elem[i]) {
				return false
			}
		}
		return true
	}
	return false
}

func jsonCompare(a, b *JsonValue) (int, bool) {
	if x, ok := jsonNumber(a); ok {
		y, ok := jsonNumber(b)
		if !ok {
			return 0, false
		}
		switch {
		case x < y:
			return -1, true
		case x > y:
			return 1, true
		}
		return 0, true
	}
	if a.Kind == jsonString && b.Kind == jsonString {
		return strings.Compare(a.Text, b.Text), true
	}
	return 0, false
}

// filterParser reads a predicate.
type filterParser struct {
	s string
	i int
}

func parseFilter(s string) (filterExpr, error) {
	p := &filterParser{s: s}
	e, err := p.or()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i != len(p.s) {
		return nil, errPath
	}
	return e, nil
}

func (p *filterParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *filterParser) eat(tok string) bool {
	p.space()
	if strings.HasPrefix(p.s[p.i:], tok) {
		p.i += len(tok)
		return true
	}
	return false
}

func (p *filterParser) or() (filterExpr, error) {
	l, err := p.and()
	if err != nil {
		return nil, err
	}
	for p.eat("||") {
		r, err := p.and()
		if err != nil {
			return nil, err
		}
		l = filterOr{l, r}
	}
	return l, nil
}

func (p *filterParser) and() (filterExpr, error) {
	l, err := p.unary()
	if err != nil {
		return nil, err
	}
	for p.eat("&&") {
		r, err := p.unary()
		if err != nil {
			return nil, err
		}
		l = filterAnd{l, r}
	}
	return l, nil
}

func (p *filterParser) unary() (filterExpr, error) {
	if p.eat("!") {
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		return filterNot{x}, nil
	}
	if p.eat("(") {
		x, err := p.or()
		if err != nil {
			return nil, err
		}
		if !p.eat(")") {
			return nil, errPath
		}
		return x, nil
	}
	l, err := p.operand()
	if err != nil {
		return nil, err
	}
	p.space()
	for _, op := range []string{"==", "!=", "<=", ">=", "=~", "<", ">", " in ", " nin "} {
		tok := strings.TrimSpace(op)
		if op[0] == ' ' {
			// word operators need a space before them (already skipped) and after
			if !strings.HasPrefix(p.s[p.i:], tok+" ") {
				continue
			}
		} else if !strings.HasPrefix(p.s[p.i:], tok) {
			continue
		}
		p.i += len(tok)
		cmp := filterCmp{op: tok, l: l}
		if tok == "=~" {
			re, err := p.regex()
			if err != nil {
				return nil, err
			}
			cmp.re = re
			return cmp, nil
		}
		if cmp.r, err = p.operand(); err != nil {
			return nil, err
		}
		return cmp, nil
	}
	if l.path == nil {
		return nil, errPath // a literal alone is no predicate
	}
	return filterCmp{l: l}, nil
}

func (p *filterParser) regex() (*regexp.Regexp, error) {
	p.space()
	if p.i >= len(p.s) || p.s[p.i] != '/' {
		return nil, errPath
	}
	end := strings.LastIndexByte(p.s[p.i+1:], '/')
	if end < 0 {
		return nil, errPath
	}
	pat := p.s[p.i+1 : p.i+1+end]
	p.i += end + 2
	flags := ""
	for p.i < len(p.s) && strings.IndexByte("imsx", p.s[p.i]) >= 0 {
		flags += string(p.s[p.i])
		p.i++
	}
	if flags != "" {
		pat = "(?" + flags + ")" + pat
	}
	re, err := regexp.Compile("^(?:" + pat + ")$")
	if err != nil {
		return nil, errPath
	}
	return re, nil
}

func (p *filterParser) operand() (filterOperand, error) {
	p.space()
	if p.i >= len(p.s) {
		return filterOperand{}, errPath
	}
	switch c := p.s[p.i]; {
	case c == '@' || c == '$':
		start := p.i
		p.i++
		depth := 0
		for p.i < len(p.s) {
			ch := p.s[p.i]
			if ch == '[' {
				depth++
			} else if ch == ']' {
				depth--
			} else if depth == 0 && (ch == ' ' || ch == ')' || ch == '=' || ch == '!' || ch == '<' || ch == '>' || ch == '&' || ch == '|') {
				break
			}
			p.i++
		}
		spec := "$" + p.s[start+1:p.i]
		path, err := ParseJSONPath(spec)
		if err != nil {
			return filterOperand{}, err
		}
		path.Lax = false
		return filterOperand{path: path, rel: c == '@'}, nil
	case c == '\'' || c == '"':
		end := strings.IndexByte(p.s[p.i+1:], c)
		if end < 0 {
			return filterOperand{}, errPath
		}
		text := p.s[p.i+1 : p.i+1+end]
		p.i += end + 2
		return filterOperand{literal: &JsonValue{Kind: jsonString, Text: text}}, nil
	case c == '[':
		depth, start := 0, p.i
		for ; p.i < len(p.s); p.i++ {
			if p.s[p.i] == '[' {
				depth++
			} else if p.s[p.i] == ']' {
				depth--
				if depth == 0 {
					p.i++
					break
				}
			}
		}
		text := strings.ReplaceAll(p.s[start:p.i], "'", `"`)
		v, err := ParseJSON([]byte(text))
		if err != nil {
			return filterOperand{}, errPath
		}
		return filterOperand{literal: v}, nil
	}
	start := p.i
	for p.i < len(p.s) && strings.IndexByte(" )&|=!<>", p.s[p.i]) < 0 {
		p.i++
	}
	v, err := ParseJSON([]byte(p.s[start:p.i]))
	if err != nil || v.Kind == JsonArray || v.Kind == JsonObject {
		return filterOperand{}, errPath
	}
	return filterOperand{literal: v}, nil
}
