package expr

import (
	"bytes"

	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/funcs"
	"github.com/flinkplay/flinkplay/engine/types"
)

// TRIM([BOTH | LEADING | TRAILING] [chars] FROM string): the parser always
// passes the three arguments (BOTH and ' ' when left out).
func buildTrimFrom(name string, args []Expr, pos int) (Expr, error) {
	if len(args) == 1 {
		return buildTrim(name, args, pos)
	}
	where, ok := SymbolName(args[0])
	if len(args) != 3 || !ok {
		return nil, noMatch(name, args, pos)
	}
	if err := needChar(name, args[1:], pos, "TRIM(<CHARACTER>)"); err != nil {
		return nil, cannotApplyFunc(pos, name, args[1:], "TRIM(BOTH|LEADING|TRAILING <CHARACTER> FROM <CHARACTER>)")
	}
	left, right := where != "TRAILING", where != "LEADING"
	t := args[2].Type()
	t = nullableIf(types.Type{Kind: types.Varchar, Length: t.Length}, args[1:]...)
	return &scalar{name: name, args: args[1:], t: t, eval: func(_ *Ctx, v []types.Value) (types.Value, error) {
		return types.BytesValue(trimSet(v[1].B, v[0].B, left, right)), nil
	}}, nil
}

// trimSet removes from the ends of s every character that occurs in set.
func trimSet(s, set []byte, left, right bool) []byte {
	if left {
		for len(s) > 0 {
			r, n := utf8.DecodeRune(s)
			if !bytes.ContainsRune(set, r) {
				break
			}
			s = s[n:]
		}
	}
	if right {
		for len(s) > 0 {
			r, n := utf8.DecodeLastRune(s)
			if !bytes.ContainsRune(set, r) {
				break
			}
			s = s[:len(s)-n]
		}
	}
	return s
}

func init() {
	funcs.Register(funcs.Spec{Name: "TRIM", Category: funcs.String, Call: true,
		Signatures: []string{"TRIM([ BOTH | LEADING | TRAILING ] string1 FROM string2)", "TRIM(string)"},
		Description: "Removes from the start (LEADING), the end (TRAILING) or both ends (BOTH, the default) of string2 " +
			"every character that occurs in string1 (a space when left out).",
		Examples: []funcs.Example{ex("TRIM('  Flink  ')", "Flink"), ex("TRIM(BOTH 'xy' FROM 'xyFlinkyx')", "Flink"),
			ex("TRIM(LEADING 'x' FROM 'xxFlinkxx')", "Flinkxx"), ex("TRIM(TRAILING FROM '  Flink  ')", "  Flink")}})
}
