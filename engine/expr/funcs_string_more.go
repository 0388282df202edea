package expr

import (
	"bytes"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/funcs"
	"github.com/flinkplay/flinkplay/engine/types"
)

// String functions Flink added after 1.20 (its master branch), cheap to
// have: BTRIM, STARTSWITH, ENDSWITH, TRANSLATE, ELT, REGEXP_COUNT,
// REGEXP_INSTR, REGEXP_SUBSTR. Their type checks are Flink's new type
// inference, whose errors read "Invalid function call: NAME(types)".

func allChar(args []Expr) bool {
	for _, a := range args {
		if !isCharOrNull(a.Type()) {
			return false
		}
	}
	return true
}

func buildBtrim(name string, args []Expr, pos int) (Expr, error) {
	if !allChar(args) {
		return nil, invalidCall(pos, name, args)
	}
	return strictFn(name, args, stringT(args...), func(_ *Ctx, v []types.Value) (types.Value, error) {
		set := []byte(" ")
		if len(v) == 2 {
			set = v[1].B
		}
		return types.BytesValue(trimSet(v[0].B, set, true, true)), nil
	}), nil
}

func buildStartsEnds(name string, args []Expr, pos int) (Expr, error) {
	a, b := args[0].Type(), args[1].Type()
	if !(isCharOrNull(a) && isCharOrNull(b)) && !(a.IsBinary() && b.IsBinary()) {
		return nil, invalidCall(pos, name, args)
	}
	starts := name == "STARTSWITH"
	return strictFn(name, args, nullableIf(types.Bool, args...), func(_ *Ctx, v []types.Value) (types.Value, error) {
		if starts {
			return types.BoolValue(bytes.HasPrefix(v[0].B, v[1].B)), nil
		}
		return types.BoolValue(bytes.HasSuffix(v[0].B, v[1].B)), nil
	}), nil
}

// TRANSLATE(expr, from, to): every character of from in expr becomes the
// character of to at the same place, or is removed when to is shorter; the
// first mapping of a repeated character wins. A NULL or empty expr or from
// returns expr; a NULL to removes the characters.
func buildTranslate(name string, args []Expr, pos int) (Expr, error) {
	if !allChar(args) {
		return nil, invalidCall(pos, name, args)
	}
	return &translateExpr{args: args, t: stringT(args[0])}, nil
}

type translateExpr struct {
	args []Expr
	t    types.Type
}

func (e *translateExpr) Type() types.Type { return e.t }
func (e *translateExpr) String() string   { return "TRANSLATE(" + joinExprs(e.args) + ")" }
func (e *translateExpr) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	var v [3]types.Value
	for i, a := range e.args {
		x, err := a.Eval(c, row)
		if err != nil {
			return types.NullValue, err
		}
		v[i] = x
	}
	if v[0].Null || v[1].Null || len(v[0].B) == 0 || len(v[1].B) == 0 {
		return v[0], nil
	}
	from, to := v[1].B, v[2].B
	if v[2].Null {
		to = nil
	}
	out := make([]byte, 0, len(v[0].B))
	for s := v[0].B; len(s) > 0; {
		r, n := utf8.DecodeRune(s)
		s = s[n:]
		repl, found := translated(r, from, to)
		if !found {
			out = utf8.AppendRune(out, r)
		} else {
			out = append(out, repl...)
		}
	}
	return types.BytesValue(c.keep(out)), nil
}

// translated is what r maps to: the character of to at the position of
// r's first occurrence in from (nothing when to is shorter).
func translated(r rune, from, to []byte) ([]byte, bool) {
	for len(from) > 0 {
		f, n := utf8.DecodeRune(from)
		from = from[n:]
		var t []byte
		if len(to) > 0 {
			_, m := utf8.DecodeRune(to)
			t, to = to[:m], to[m:]
		}
		if f == r {
			return t, true
		}
	}
	return nil, false
}

func buildElt(name string, args []Expr, pos int) (Expr, error) {
	if it := args[0].Type(); !it.IsInteger() {
		return nil, invalidCall(pos, name, args)
	}
	ts := make([]types.Type, len(args)-1)
	for i, a := range args[1:] {
		ts[i] = a.Type()
	}
	t, ok := LeastRestrictive(ts...)
	if !ok {
		return nil, invalidCall(pos, name, args)
	}
	t = t.WithNullable(true)
	e := &eltExpr{index: args[0], t: t}
	for _, a := range args[1:] {
		e.vals = append(e.vals, coerce(a, t))
	}
	return e, nil
}

type eltExpr struct {
	index Expr
	vals  []Expr
	t     types.Type
}

func (e *eltExpr) Type() types.Type { return e.t }
func (e *eltExpr) String() string {
	return "ELT(" + e.index.String() + ", " + joinExprs(e.vals) + ")"
}
func (e *eltExpr) Eval(c *Ctx, row []types.Value) (types.Value, error) {
	i, err := e.index.Eval(c, row)
	if err != nil || i.Null || i.I < 1 || i.I > int64(len(e.vals)) {
		return types.NullValue, err
	}
	return e.vals[i.I-1].Eval(c, row)
}

// buildRegexpMatch builds REGEXP_COUNT, REGEXP_INSTR and REGEXP_SUBSTR;
// a NULL or invalid pattern gives NULL.
func buildRegexpMatch(name string, args []Expr, pos int) (Expr, error) {
	if !allChar(args) {
		return nil, invalidCall(pos, name, args)
	}
	ra, err := newRegexpArg(args[1], pos)
	if err != nil {
		return nil, err
	}
	t := types.Int32.WithNullable(true)
	if name == "REGEXP_SUBSTR" {
		t = stringNullT
	}
	return strictFn(name, args, t, func(_ *Ctx, v []types.Value) (types.Value, error) {
		re, err := ra.get(v[1].B)
		if err != nil || re == nil {
			return types.NullValue, err
		}
		switch name {
		case "REGEXP_COUNT":
			return types.IntValue(int64(len(re.FindAllIndex(v[0].B, -1)))), nil
		case "REGEXP_INSTR":
			loc := re.FindIndex(v[0].B)
			if loc == nil {
				return types.IntValue(0), nil
			}
			return types.IntValue(int64(utf16Len(v[0].B[:loc[0]]) + 1)), nil
		}
		loc := re.FindIndex(v[0].B)
		if loc == nil {
			return types.NullValue, nil
		}
		return types.BytesValue(v[0].B[loc[0]:loc[1]]), nil
	}), nil
}

// utf16Len is the length of s in Java chars (UTF-16 code units).
func utf16Len(s []byte) int {
	n := 0
	for _, r := range string(s) {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// The specs of the functions and operators this file implements (the
// registry, registry.go, lists them).
var (
	fnBtrim = &Function{
		Spec: funcs.Spec{Name: "BTRIM", Category: funcs.String, Call: true,
			Signatures:  []string{"BTRIM(str[, trimStr])"},
			Description: "Removes from both ends of str every character that occurs in trimStr (a space by default). A Flink 2.x function.",
			Examples: []funcs.Example{
				ex("BTRIM('  www.apache.org  ')", "www.apache.org"),
				ex("BTRIM('/www.apache.org/', '/')", "www.apache.org"),
			},
		},
		Min: 1, Max: 2, Build: buildBtrim,
	}

	fnElt = &Function{
		Spec: funcs.Spec{Name: "ELT", Category: funcs.String, Call: true,
			Signatures:  []string{"ELT(index, expr[, exprs]*)"},
			Description: "The index-th expression (1-based); NULL when index is out of range or NULL. A Flink 2.x function.",
			Examples: []funcs.Example{
				ex("ELT(2, 'a', 'b', 'c')", "b"),
				ex("ELT(4, 'a', 'b', 'c')", "<NULL>"),
			},
		},
		Min: 2, Max: -1, Build: buildElt,
	}

	fnEndswith = &Function{
		Spec: funcs.Spec{Name: "ENDSWITH", Category: funcs.String, Call: true,
			Signatures:  []string{"ENDSWITH(expr, endExpr)"},
			Description: "TRUE when the string (or byte string) expr ends with endExpr; TRUE for an empty endExpr. A Flink 2.x function.",
			Examples: []funcs.Example{
				ex("ENDSWITH('Flink', 'ink')", "TRUE"),
			},
		},
		Min: 2, Max: 2, Build: buildStartsEnds,
	}

	fnRegexpCount = &Function{
		Spec: funcs.Spec{Name: "REGEXP_COUNT", Category: funcs.String, Call: true,
			Signatures:  []string{"REGEXP_COUNT(str, regex)"},
			Description: "The number of matches of the regular expression in str. A Flink 2.x function.",
			Examples: []funcs.Example{
				ex("REGEXP_COUNT('Flink SQL', '[A-Z]')", "4"),
			},
		},
		Min: 2, Max: 2, Build: buildRegexpMatch,
	}

	fnRegexpInstr = &Function{
		Spec: funcs.Spec{Name: "REGEXP_INSTR", Category: funcs.String, Call: true,
			Signatures:  []string{"REGEXP_INSTR(str, regex)"},
			Description: "The 1-based position of the first match of the regular expression in str, 0 when there is none. A Flink 2.x function.",
			Examples: []funcs.Example{
				ex("REGEXP_INSTR('hello world', 'o')", "5"),
				ex("REGEXP_INSTR('hello', 'z')", "0"),
			},
		},
		Min: 2, Max: 2, Build: buildRegexpMatch,
	}

	fnRegexpSubstr = &Function{
		Spec: funcs.Spec{Name: "REGEXP_SUBSTR", Category: funcs.String, Call: true,
			Signatures:  []string{"REGEXP_SUBSTR(str, regex)"},
			Description: "The first match of the regular expression in str, NULL when there is none. A Flink 2.x function.",
			Examples: []funcs.Example{
				ex("REGEXP_SUBSTR('abc123def', '[0-9]+')", "123"),
			},
		},
		Min: 2, Max: 2, Build: buildRegexpMatch,
	}

	fnStartswith = &Function{
		Spec: funcs.Spec{Name: "STARTSWITH", Category: funcs.String, Call: true,
			Signatures:  []string{"STARTSWITH(expr, startExpr)"},
			Description: "TRUE when the string (or byte string) expr starts with startExpr; TRUE for an empty startExpr. A Flink 2.x function.",
			Examples: []funcs.Example{
				ex("STARTSWITH('Flink', 'Fl')", "TRUE"),
				ex("STARTSWITH('Flink', 'link')", "FALSE"),
			},
		},
		Min: 2, Max: 2, Build: buildStartsEnds,
	}

	fnTranslate = &Function{
		Spec: funcs.Spec{Name: "TRANSLATE", Category: funcs.String, Call: true,
			Signatures:  []string{"TRANSLATE(expr, fromStr, toStr)"},
			Description: "expr with each character of fromStr replaced by the character at the same place in toStr, or removed when toStr is shorter. A Flink 2.x function.",
			Examples: []funcs.Example{
				ex("TRANSLATE('www.apache.org', 'wapcheorg', ' APCHEcom')", "   .APACHE.com"),
				ex("TRANSLATE('Flink', 'Fk', 'f')", "flin"),
			},
		},
		Min: 3, Max: 3, Build: buildTranslate,
	}
)
