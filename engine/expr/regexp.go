package expr

import (
	"regexp"

	"github.com/flinkplay/flinkplay/engine/funcs"
	"github.com/flinkplay/flinkplay/engine/types"
)

// buildRegexp is REGEXP(str, regex): TRUE when any substring of str
// matches regex (Java's Matcher.find). Go's RE2 syntax stands in for
// Java's; a pattern that does not compile matches nothing (FALSE), as
// Flink's regExp returns false when Java cannot compile it.
func buildRegexp(name string, args []Expr, pos int) (Expr, error) {
	if !args[0].Type().IsCharacter() && args[0].Type().Kind != types.Null ||
		!args[1].Type().IsCharacter() && args[1].Type().Kind != types.Null {
		return nil, cannotApplyFunc(pos, name, args, name+"(<CHARACTER>, <CHARACTER>)")
	}
	nullable := args[0].Type().Nullable() || args[1].Type().Nullable()
	var fixed *regexp.Regexp
	invalid := false // a constant pattern that does not compile
	if v, ok := LiteralValue(args[1]); ok && !v.Null {
		re, err := regexp.Compile(string(v.B))
		fixed, invalid = re, err != nil
	}
	return &scalar{name: name, args: args, t: types.Bool.WithNullable(nullable), eval: func(_ *Ctx, v []types.Value) (types.Value, error) {
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

// The specs of the functions and operators this file implements (the
// registry, registry.go, lists them).
var (
	fnRegexp = &Function{
		Spec: funcs.Spec{Name: "REGEXP", Category: funcs.String, Call: true,
			Signatures:  []string{"REGEXP(string1, string2)"},
			Description: "TRUE when some part of string1 matches the regular expression string2 (Java syntax, see above).",
			Examples: []funcs.Example{
				ex("REGEXP('Flink', 'l.n')", "TRUE"),
			},
		},
		Min: 2, Max: 2, Build: buildRegexp,
	}
)
