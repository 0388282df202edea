package expr

import (
	"errors"
	"strconv"
	"strings"
)

// A JSON path as Flink's JSON functions accept it: an optional mode (lax
// or strict) and a JsonPath expression: $ followed by .name, ['name'],
// [index] (negative counts from the end), [i, j], [from:to], .* or [*],
// ..name (search at any depth) and filters [?(...)] (jsonfilter.go).
// Without a mode the path is strict, as in Flink.

type pathStep struct {
	kind  pathKind
	name  string
	index []int // pathIndex: one or more indexes
	from  *int  // pathSlice bounds; nil is open
	to    *int
	// filter is the predicate of a pathFilter step; root is the document
	// its absolute paths ($...) read.
	filter filterExpr
}

type pathKind uint8

const (
	pathProp pathKind = iota
	pathIndex
	pathSlice
	pathWildcard
	pathDeep // ..name: name at any depth (name "*" for ..*)
	pathFilter
)

type JsonPath struct {
	steps      []pathStep
	indefinite bool // the result is a list of every match
	Lax        bool // lax mode: errors give no value instead of failing
}

var errPath = errors.New("invalid JSON path")

func ParseJSONPath(spec string) (*JsonPath, error) {
	s := strings.TrimSpace(spec)
	lower := strings.ToLower(s)
	lax := false
	for _, mode := range []string{"lax", "strict"} {
		if strings.HasPrefix(lower, mode) && len(s) > len(mode) && strings.ContainsRune(" \t\n\r", rune(s[len(mode)])) {
			s = strings.TrimSpace(s[len(mode):])
			lax = mode == "lax"
			break
		}
	}
	if s == "" {
		return nil, errPath
	}
	if s[0] != '$' {
		s = "$." + s
	}
	p := &JsonPath{Lax: lax}
	i := 1
	for i < len(s) {
		switch {
		case strings.HasPrefix(s[i:], ".."):
			i += 2
			name, n := pathName(s[i:])
			if name == "" && i < len(s) && s[i] == '*' {
				name, n = "*", 1
			}
			if name == "" {
				return nil, errPath
			}
			p.steps = append(p.steps, pathStep{kind: pathDeep, name: name})
			p.indefinite = true
			i += n
		case s[i] == '.':
			i++
			if i < len(s) && s[i] == '*' {
				p.steps = append(p.steps, pathStep{kind: pathWildcard})
				p.indefinite = true
				i++
				continue
			}
			name, n := pathName(s[i:])
			if name == "" {
				return nil, errPath
			}
			p.steps = append(p.steps, pathStep{kind: pathProp, name: name})
			i += n
		case s[i] == '[':
			end := closingBracket(s[i:])
			if end < 0 {
				return nil, errPath
			}
			inner := strings.TrimSpace(s[i+1 : i+end])
			i += end + 1
			step, indefinite, err := bracketStep(inner)
			if err != nil {
				return nil, err
			}
			p.steps = append(p.steps, step)
			p.indefinite = p.indefinite || indefinite
		default:
			return nil, errPath
		}
	}
	return p, nil
}

// pathName reads a dot-notation property name.
func pathName(s string) (string, int) {
	n := 0
	for n < len(s) && s[n] != '.' && s[n] != '[' && s[n] != ' ' {
		n++
	}
	return s[:n], n
}

func bracketStep(inner string) (pathStep, bool, error) {
	switch {
	case inner == "*":
		return pathStep{kind: pathWildcard}, true, nil
	case inner == "":
		return pathStep{}, false, errPath
	case inner[0] == '\'' || inner[0] == '"':
		q := inner[0]
		if len(inner) < 2 || inner[len(inner)-1] != q || strings.Contains(inner[1:len(inner)-1], ",") {
			return pathStep{}, false, errPath // several properties at once are not supported
		}
		return pathStep{kind: pathProp, name: inner[1 : len(inner)-1]}, false, nil
	case inner[0] == '?':
		body := strings.TrimSpace(inner[1:])
		if len(body) < 2 || body[0] != '(' || body[len(body)-1] != ')' {
			return pathStep{}, false, errPath
		}
		f, err := parseFilter(body[1 : len(body)-1])
		if err != nil {
			return pathStep{}, false, err
		}
		return pathStep{kind: pathFilter, filter: f}, true, nil
	case strings.Contains(inner, ":"):
		parts := strings.SplitN(inner, ":", 2)
		st := pathStep{kind: pathSlice}
		for k, part := range parts {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			n, err := strconv.Atoi(part)
			if err != nil {
				return pathStep{}, false, errPath
			}
			if k == 0 {
				st.from = &n
			} else {
				st.to = &n
			}
		}
		return st, true, nil
	}
	st := pathStep{kind: pathIndex}
	for _, part := range strings.Split(inner, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil {
			return pathStep{}, false, errPath
		}
		st.index = append(st.index, n)
	}
	return st, len(st.index) > 1, nil
}

// Eval applies the path as Jayway JsonPath does. The steps before the
// first indefinite one (wildcard, deep scan, slice, several indexes) must
// find what they name, else the path fails; a definite path returns the
// value it names, an indefinite one the array of everything it matches
// (steps after the first indefinite one skip what does not match). In lax
// mode a failing indefinite path gives an empty array.
func (p *JsonPath) Eval(root *JsonValue) (*JsonValue, error) {
	v := root
	k := 0
	for ; k < len(p.steps) && !p.steps[k].indefinite(); k++ {
		next, ok := p.steps[k].definite(v)
		if !ok {
			if p.Lax && p.indefinite {
				return &JsonValue{Kind: JsonArray}, nil
			}
			return nil, p.notFound(k, v)
		}
		v = next
	}
	if !p.indefinite {
		return v, nil
	}
	cur := []*JsonValue{v}
	for _, st := range p.steps[k:] {
		var next []*JsonValue
		for _, v := range cur {
			if st.kind == pathFilter {
				next = st.applyFilter(next, v, root)
				continue
			}
			next = st.apply(next, v)
		}
		cur = next
	}
	return &JsonValue{Kind: JsonArray, Elem: cur}, nil
}

func (st pathStep) indefinite() bool {
	return st.kind == pathFilter || st.kind == pathWildcard || st.kind == pathDeep || st.kind == pathSlice || st.kind == pathIndex && len(st.index) > 1
}

// definite applies a property or single-index step.
func (st pathStep) definite(v *JsonValue) (*JsonValue, bool) {
	switch st.kind {
	case pathProp:
		if v.Kind == JsonObject {
			for k, key := range v.Keys {
				if key == st.name {
					return v.Elem[k], true
				}
			}
		}
	case pathIndex:
		if v.Kind == JsonArray {
			k := st.index[0]
			if k < 0 {
				k += len(v.Elem)
			}
			if k >= 0 && k < len(v.Elem) {
				return v.Elem[k], true
			}
		}
	}
	return nil, false
}

func (st pathStep) apply(out []*JsonValue, v *JsonValue) []*JsonValue {
	switch st.kind {
	case pathProp:
		if v.Kind == JsonObject {
			for k, key := range v.Keys {
				if key == st.name {
					out = append(out, v.Elem[k])
				}
			}
		}
	case pathIndex:
		if v.Kind == JsonArray {
			for _, k := range st.index {
				if k < 0 {
					k += len(v.Elem)
				}
				if k >= 0 && k < len(v.Elem) {
					out = append(out, v.Elem[k])
				}
			}
		}
	case pathSlice:
		if v.Kind == JsonArray {
			n := len(v.Elem)
			from, to := 0, n
			if st.from != nil {
				from = *st.from
				if from < 0 {
					from = max(0, n+from)
				}
			}
			if st.to != nil {
				to = *st.to
				if to < 0 {
					to = n + to
				}
			}
			for k := from; k < min(to, n); k++ {
				out = append(out, v.Elem[k])
			}
		}
	case pathWildcard:
		if v.Kind == JsonArray || v.Kind == JsonObject {
			out = append(out, v.Elem...)
		}
	case pathDeep:
		out = deepScan(out, v, st.name)
	}
	return out
}

func deepScan(out []*JsonValue, v *JsonValue, name string) []*JsonValue {
	switch v.Kind {
	case JsonObject:
		for k, key := range v.Keys {
			if name == "*" || key == name {
				out = append(out, v.Elem[k])
			}
		}
		for _, e := range v.Elem {
			out = deepScan(out, e, name)
		}
	case JsonArray:
		for _, e := range v.Elem {
			if name == "*" {
				out = append(out, e)
			}
			out = deepScan(out, e, name)
		}
	}
	return out
}

// notFound is Jayway's error for step k failing on v.
func (p *JsonPath) notFound(k int, v *JsonValue) error {
	st := p.steps[k]
	if st.kind == pathProp && v.Kind != JsonObject {
		return JsonRuntimeErr("Expected to find an object with property ['%s'] in path %s but found '%s'. "+
			"This is not a json object according to the JsonProvider: "+
			"'org.apache.flink.shaded.com.jayway.jsonpath.spi.json.JacksonJsonProvider'.", st.name, p.render(k), v.JavaClass())
	}
	if st.kind == pathProp && k < len(p.steps)-1 {
		return JsonRuntimeErr("Missing property in path %s", p.render(k+1))
	}
	return JsonRuntimeErr("No results for path: %s", p.render(len(p.steps)))
}

// render is the normalized form of the first n steps: $['a'][0].
func (p *JsonPath) render(n int) string {
	var b strings.Builder
	b.WriteByte('$')
	for _, st := range p.steps[:n] {
		switch st.kind {
		case pathProp:
			b.WriteString("['" + st.name + "']")
		case pathIndex:
			b.WriteString("[" + strconv.Itoa(st.index[0]) + "]")
		}
	}
	return b.String()
}

// applyFilter keeps the elements of an array, or the object itself, that
// the step's predicate holds for.
func (st pathStep) applyFilter(out []*JsonValue, v, root *JsonValue) []*JsonValue {
	switch v.Kind {
	case JsonArray:
		for _, e := range v.Elem {
			if st.filter.holds(e, root) {
				out = append(out, e)
			}
		}
	case JsonObject:
		if st.filter.holds(v, root) {
			out = append(out, v)
		}
	}
	return out
}

// closingBracket returns the index in s (which starts with '[') of the ']'
// that closes it, skipping nested brackets and quoted strings; -1 if none.
func closingBracket(s string) int {
	depth := 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '[':
			depth++
		case c == ']':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
