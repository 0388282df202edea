package library

import (
	"regexp"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Java's regular expressions, as Flink's REGEXP_EXTRACT and REGEXP_REPLACE
// use them, run here on Go's RE2 engine, whose syntax matches Java's for
// most patterns. What RE2 cannot express (backreferences, lookahead and
// lookbehind, atomic groups, possessive quantifiers) is reported with a
// clear error instead of silently matching something else; a pattern that
// neither engine can compile gives NULL, as in Flink.

// javaOnlyConstruct names the first construct of pattern that RE2 lacks,
// or "".
func javaOnlyConstruct(p string) string {
	inClass := false
	for i := 0; i < len(p); i++ {
		ch := p[i]
		switch {
		case ch == '\\' && i+1 < len(p):
			next := p[i+1]
			if !inClass && next >= '1' && next <= '9' {
				return "a backreference (\\" + string(next) + ")"
			}
			if !inClass && next == 'k' && i+2 < len(p) && p[i+2] == '<' {
				return "a named backreference (\\k<name>)"
			}
			if next == 'Q' { // \Q...\E quotes literally
				end := indexFrom(p, `\E`, i+2)
				if end < 0 {
					return ""
				}
				i = end + 1
				continue
			}
			i++
		case inClass:
			if ch == ']' {
				inClass = false
			}
		case ch == '[':
			inClass = true
			if i+1 < len(p) && p[i+1] == ']' {
				i++
			} else if i+2 < len(p) && p[i+1] == '^' && p[i+2] == ']' {
				i += 2
			}
		case ch == '(' && i+2 < len(p) && p[i+1] == '?':
			switch {
			case p[i+2] == '=' || p[i+2] == '!':
				return "lookahead (" + p[i:i+3] + ")"
			case p[i+2] == '<' && i+3 < len(p) && (p[i+3] == '=' || p[i+3] == '!'):
				return "lookbehind (" + p[i:i+4] + ")"
			case p[i+2] == '>':
				return "an atomic group ((?>)"
			}
		case (ch == '+') && i > 0 && isQuantifierEnd(p, i-1):
			return "a possessive quantifier (" + string(p[i-1]) + "+)"
		}
	}
	return ""
}

func isQuantifierEnd(p string, i int) bool {
	if i > 0 && p[i-1] == '\\' {
		return false
	}
	return p[i] == '*' || p[i] == '+' || p[i] == '?' || p[i] == '}'
}

func indexFrom(s, sub string, from int) int {
	for i := from; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// javaRegexp compiles a Java pattern with RE2. unsupported is the error for
// a Java-only construct; invalid is true when the pattern does not compile.
func javaRegexp(pattern string, pos int) (re *regexp.Regexp, invalid bool, unsupported error) {
	if what := javaOnlyConstruct(pattern); what != "" {
		return nil, false, diag.Errorf(pos, diag.TableException,
			"The regular expression '%s' uses %s, which the playground's regular expression engine (RE2) does not support.", pattern, what)
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, true, nil
	}
	return re, false, nil
}

// regexpArg is a pattern argument: compiled once when it is a literal,
// else compiled per row with a one-entry cache.
type regexpArg struct {
	fixed   *regexp.Regexp
	invalid bool
	literal bool
	last    string
	lastRe  *regexp.Regexp
}

func newRegexpArg(e expr.Expr, pos int) (*regexpArg, error) {
	r := &regexpArg{}
	if v, ok := expr.LiteralValue(e); ok && !v.Null {
		re, invalid, err := javaRegexp(string(v.B), pos)
		if err != nil {
			return nil, err
		}
		r.fixed, r.invalid, r.literal = re, invalid, true
	}
	return r, nil
}

// get returns the compiled pattern, nil for an invalid one.
func (r *regexpArg) get(p []byte) (*regexp.Regexp, error) {
	if r.literal {
		return r.fixed, nil
	}
	if r.lastRe != nil && r.last == string(p) {
		return r.lastRe, nil
	}
	re, _, err := javaRegexp(string(p), diag.NoPos)
	if err != nil || re == nil {
		return nil, err
	}
	r.last, r.lastRe = string(p), re
	return re, nil
}

func buildRegexpExtract(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	c, i := expr.IsCharOrNull, isIntOrNull
	if err := checkFamilies(name, args, pos, []string{"REGEXP_EXTRACT(<CHARACTER>, <CHARACTER>)", "REGEXP_EXTRACT(<CHARACTER>, <CHARACTER>, <INTEGER>)"},
		[]func(types.Type) bool{c, c}, []func(types.Type) bool{c, c, i}); err != nil {
		return nil, err
	}
	ra, err := newRegexpArg(args[1], pos)
	if err != nil {
		return nil, err
	}
	return strictFn(name, args, stringNullT, func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		group := int64(0)
		if len(v) == 3 {
			group = int64(int32(v[2].I))
		}
		re, err := ra.get(v[1].B)
		if err != nil || re == nil || group < 0 || group > int64(re.NumSubexp()) {
			return types.NullValue, err
		}
		loc := re.FindSubmatchIndex(v[0].B)
		if loc == nil || loc[2*group] < 0 {
			return types.NullValue, nil
		}
		return types.BytesValue(v[0].B[loc[2*group]:loc[2*group+1]]), nil
	}), nil
}

func buildRegexpReplace(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	c := expr.IsCharOrNull
	if err := checkFamilies(name, args, pos, []string{"REGEXP_REPLACE(<CHARACTER>, <CHARACTER>, <CHARACTER>)"},
		[]func(types.Type) bool{c, c, c}); err != nil {
		return nil, err
	}
	ra, err := newRegexpArg(args[1], pos)
	if err != nil {
		return nil, err
	}
	return strictFn(name, args, stringT(args...), func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		re, err := ra.get(v[1].B)
		if err != nil || re == nil {
			return types.NullValue, err
		}
		// Flink quotes the replacement: it is literal text, no $1 groups.
		return types.BytesValue(c.Keep(re.ReplaceAllLiteral(v[0].B, v[2].B))), nil
	}), nil
}

// REGEXP_EXTRACT_ALL comes from Flink's master branch (after 1.20).

// ---------------------------------------------------------------- REGEXP_EXTRACT_ALL

func buildRegexpExtractAll(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	c, i := expr.IsCharOrNull, isIntOrNull
	if err := checkFamilies(name, args, pos, []string{name + "(<CHARACTER>, <CHARACTER>)", name + "(<CHARACTER>, <CHARACTER>, <INTEGER>)"},
		[]func(types.Type) bool{c, c}, []func(types.Type) bool{c, c, i}); err != nil {
		return nil, err
	}
	ra, err := newRegexpArg(args[1], pos)
	if err != nil {
		return nil, err
	}
	return &coll{name: name, args: args, t: types.ArrayOf(types.String), eval: func(cx *expr.Ctx, v []types.Value) (types.Value, error) {
		group := int64(1)
		if len(v) == 3 {
			group = v[2].I
		}
		re, err := ra.get(v[1].B)
		if err != nil || re == nil || group < 0 || group > int64(re.NumSubexp()) {
			return types.NullValue, err
		}
		s := v[0].B
		out := []types.Value{}
		for _, loc := range re.FindAllSubmatchIndex(s, -1) {
			if loc[2*group] < 0 {
				out = append(out, types.NullValue)
				continue
			}
			out = append(out, types.BytesValue(cx.Keep(s[loc[2*group]:loc[2*group+1]])))
		}
		return arrayValue(out), nil
	}}, nil
}

// buildRegexp is REGEXP(str, regex): TRUE when any substring of str
// matches regex (Java's Matcher.find). Go's RE2 syntax stands in for
// Java's; a pattern that does not compile matches nothing (FALSE), as
// Flink's regExp returns false when Java cannot compile it.
func buildRegexp(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if !args[0].Type().IsCharacter() && args[0].Type().Kind != types.Null ||
		!args[1].Type().IsCharacter() && args[1].Type().Kind != types.Null {
		return nil, expr.CannotApplyFunc(pos, name, args, name+"(<CHARACTER>, <CHARACTER>)")
	}
	nullable := args[0].Type().Nullable() || args[1].Type().Nullable()
	var fixed *regexp.Regexp
	invalid := false // a constant pattern that does not compile
	if v, ok := expr.LiteralValue(args[1]); ok && !v.Null {
		re, err := regexp.Compile(string(v.B))
		fixed, invalid = re, err != nil
	}
	return &expr.Scalar{Name: name, Args: args, T: types.Bool.WithNullable(nullable), EvalFn: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		if invalid {
			return types.BoolValue(false), nil
		}
		re := fixed
		if re == nil {
			var err error
			if re, err = regexp.Compile(string(v[1].B)); err != nil {
				return types.BoolValue(false), nil
			}
		}
		return types.BoolValue(re.Match(v[0].B)), nil
	}}, nil
}
