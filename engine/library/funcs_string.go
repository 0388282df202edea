package library

import (
	"bytes"

	"encoding/base64"
	"errors"
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"

	"github.com/flinkplay/flinkplay/engine/types"
)

// TRIM([BOTH | LEADING | TRAILING] [chars] FROM string): the parser always
// passes the three arguments (BOTH and ' ' when left out).
func buildTrimFrom(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if len(args) == 1 {
		return buildTrim(name, args, pos)
	}
	where, ok := expr.SymbolName(args[0])
	if len(args) != 3 || !ok {
		return nil, expr.NoMatch(name, args, pos)
	}
	if err := needChar(name, args[1:], pos, "TRIM(<CHARACTER>)"); err != nil {
		return nil, expr.CannotApplyFunc(pos, name, args[1:], "TRIM(BOTH|LEADING|TRAILING <CHARACTER> FROM <CHARACTER>)")
	}
	left, right := where != "TRAILING", where != "LEADING"
	t := args[2].Type()
	t = expr.NullableIf(types.Type{Kind: types.Varchar, Length: t.Length}, args[1:]...)
	return &expr.Scalar{Name: name, Args: args[1:], T: t, EvalFn: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
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

// stringT is STRING (VARCHAR(2147483647)), nullable when any input is.
func stringT(args ...expr.Expr) types.Type {
	return expr.NullableIf(types.Type{Kind: types.Varchar, Length: types.MaxLength}, args...)
}

// stringNullT is STRING, always nullable: functions that can return NULL
// for non-NULL inputs (Calcite's VARCHAR_FORCE_NULLABLE).
var stringNullT = types.Type{Kind: types.Varchar, Length: types.MaxLength}

func isIntOrNull(t types.Type) bool { return t.IsInteger() || t.Kind == types.Null }
func isStrOrNull(t types.Type) bool { return t.IsCharacter() || t.IsBinary() || t.Kind == types.Null }

// checkFamilies checks the arguments against one or more forms, each a
// list of predicates; the error lists the forms as Calcite prints them.
func checkFamilies(name string, args []expr.Expr, pos int, forms []string, sigs ...[]func(types.Type) bool) error {
	for _, sig := range sigs {
		if len(sig) != len(args) {
			continue
		}
		ok := true
		for i, p := range sig {
			if !p(args[i].Type()) {
				ok = false
				break
			}
		}
		if ok {
			return nil
		}
	}
	return expr.CannotApplyFunc(pos, name, args, forms...)
}

// strict2 builds a strict scalar (NULL in, NULL out).
func strictFn(name string, args []expr.Expr, t types.Type, f func(c *expr.Ctx, v []types.Value) (types.Value, error)) expr.Expr {
	return &expr.Scalar{Name: name, Args: args, T: t, EvalFn: f}
}

// runeIndex is the 0-based character index of sub in s at or after
// character from, or -1: BinaryStringData.indexOf, which finds an empty
// sub at 0 whatever from is.
func runeIndex(s, sub []byte, from int) int {
	if len(sub) == 0 {
		return 0
	}
	if from < 0 {
		from = 0
	}
	off := 0
	for i := 0; i < from; i++ {
		if off >= len(s) {
			return -1
		}
		_, n := utf8.DecodeRune(s[off:])
		off += n
	}
	k := bytes.Index(s[off:], sub)
	if k < 0 {
		return -1
	}
	return from + utf8.RuneCount(s[off:off+k])
}

func buildPosition(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	c := expr.IsCharOrNull
	if err := checkFamilies(name, args, pos, []string{"POSITION(<STRING> IN <STRING>)", "POSITION(<STRING> IN <STRING> FROM <INTEGER>)"},
		[]func(types.Type) bool{c, c}); err != nil {
		return nil, err
	}
	return strictFn(name, args, expr.NullableIf(types.Int32, args...), func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		if len(v[0].B) == 0 {
			return types.IntValue(1), nil
		}
		return types.IntValue(int64(runeIndex(v[1].B, v[0].B, 0) + 1)), nil
	}), nil
}

func buildLocate(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	c, i := expr.IsCharOrNull, isIntOrNull
	if err := checkFamilies(name, args, pos, []string{"LOCATE(<CHARACTER>, <CHARACTER>)", "LOCATE(<CHARACTER>, <CHARACTER>, <INTEGER>)"},
		[]func(types.Type) bool{c, c}, []func(types.Type) bool{c, c, i}); err != nil {
		return nil, err
	}
	return strictFn(name, args, expr.NullableIf(types.Int32, args...), func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		from := int64(1)
		if len(v) == 3 {
			from = v[2].I
		}
		if len(v[0].B) == 0 {
			return types.IntValue(1), nil
		}
		if from-1 > int64(len(v[1].B)) {
			return types.IntValue(0), nil
		}
		return types.IntValue(int64(runeIndex(v[1].B, v[0].B, int(from-1)) + 1)), nil
	}), nil
}

func buildInstr(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	c, i := expr.IsCharOrNull, isIntOrNull
	if err := checkFamilies(name, args, pos, []string{"INSTR(<CHARACTER>, <CHARACTER>)", "INSTR(<CHARACTER>, <CHARACTER>, <INTEGER>)", "INSTR(<CHARACTER>, <CHARACTER>, <INTEGER>, <INTEGER>)"},
		[]func(types.Type) bool{c, c}, []func(types.Type) bool{c, c, i}, []func(types.Type) bool{c, c, i, i}); err != nil {
		return nil, err
	}
	return strictFn(name, args, expr.NullableIf(types.Int32, args...), func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		start, nth := int64(1), int64(1)
		if len(v) > 2 {
			start = v[2].I
		}
		if len(v) > 3 {
			nth = v[3].I
		}
		if nth <= 0 {
			return types.NullValue, expr.RuntimeErr(diag.IllegalArgument, "nthAppearance must be positive!")
		}
		return types.IntValue(instr(v[0].B, v[1].B, start, nth)), nil
	}), nil
}

// instr is the character position of the nth occurrence of sub in s,
// searching from start (1-based; a negative start searches backwards from
// that position counted from the end), or 0.
func instr(s, sub []byte, start, nth int64) int64 {
	if start == 0 {
		return 0
	}
	if start > 0 {
		idx := int64(0)
		from := start
		for k := int64(0); k < nth; k++ {
			if from-1 > int64(len(s)) {
				return 0
			}
			idx = int64(runeIndex(s, sub, int(from-1)) + 1)
			if idx == 0 {
				return 0
			}
			from = idx + 1
		}
		return idx
	}
	// Backwards: the nth occurrence, counting from the right, that ends at
	// or before character n+start+1 (Flink searches the reversed strings).
	if len(sub) == 0 {
		return int64(utf8.RuneCount(s)) + 1
	}
	limit := int64(utf8.RuneCount(s)) + start + 1 // last character an occurrence may end on
	subLen := int64(utf8.RuneCount(sub))
	var pos int64
	for k := int64(0); k < nth; k++ {
		if limit < subLen || limit <= 0 {
			return 0
		}
		prefix := runeSlice(s, 0, limit)
		at := bytes.LastIndex(prefix, sub)
		if at < 0 {
			return 0
		}
		pos = int64(utf8.RuneCount(s[:at])) + 1
		limit = pos + subLen - 2 // the next occurrence ends at least one character earlier
	}
	return pos
}

// reverseRunes appends the characters of s in reverse order to dst.
func reverseRunes(dst, s []byte) []byte {
	for len(s) > 0 {
		r, n := utf8.DecodeLastRune(s)
		if r == utf8.RuneError && n == 1 {
			dst = append(dst, s[len(s)-1])
		} else {
			dst = utf8.AppendRune(dst, r)
		}
		s = s[:len(s)-n]
	}
	return dst
}

func buildLeftRight(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkFamilies(name, args, pos, []string{name + "(<CHARACTER>, <INTEGER>)"},
		[]func(types.Type) bool{expr.IsCharOrNull, isIntOrNull}); err != nil {
		return nil, err
	}
	t := types.Type{Kind: types.Varchar, Length: args[0].Type().Length}
	if args[0].Type().Kind == types.Null {
		t.Length = types.MaxLength
	}
	left := name == "LEFT"
	return strictFn(name, args, t, func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		s, n := v[0].B, v[1].I
		if n <= 0 {
			return types.BytesValue(s[:0]), nil
		}
		count := int64(utf8.RuneCount(s))
		if n >= count {
			return types.BytesValue(s), nil
		}
		if left {
			return types.BytesValue(runeSlice(s, 0, n)), nil
		}
		return types.BytesValue(runeSlice(s, count-n, count)), nil
	}), nil
}

func buildPad(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkFamilies(name, args, pos, []string{name + "(<CHARACTER>, <INTEGER>, <CHARACTER>)"},
		[]func(types.Type) bool{expr.IsCharOrNull, isIntOrNull, expr.IsCharOrNull}); err != nil {
		return nil, err
	}
	left := name == "LPAD"
	return strictFn(name, args, stringT(args...), func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		s, n, pad := v[0].B, v[1].I, v[2].B
		if n < 0 || len(pad) == 0 {
			return types.NullValue, nil
		}
		if n > maxStringBuild {
			return types.NullValue, tooLong(name)
		}
		sr := []rune(string(s))
		pr := []rune(string(pad))
		out := make([]rune, 0, n)
		padLen := int(n) - len(sr)
		if !left {
			k := len(sr)
			if k > int(n) {
				k = int(n)
			}
			out = append(out, sr[:k]...)
		}
		for i := 0; i < padLen; i++ {
			out = append(out, pr[i%len(pr)])
		}
		if left {
			k := len(sr)
			if k > int(n)-len(out) {
				k = int(n) - len(out)
			}
			out = append(out, sr[:k]...)
		}
		return types.BytesValue(c.Keep([]byte(string(out)))), nil
	}), nil
}

// maxStringBuild bounds the strings REPEAT, LPAD and RPAD build, where Java
// would run out of memory.
const maxStringBuild = 64 << 20

func tooLong(name string) error {
	return expr.RuntimeErr(diag.PlaygroundLimitExceeded, "%s would build a string of more than %d characters", name, maxStringBuild)
}

func buildRepeat(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkFamilies(name, args, pos, []string{"REPEAT(<CHARACTER>, <INTEGER>)"},
		[]func(types.Type) bool{expr.IsCharOrNull, isIntOrNull}); err != nil {
		return nil, err
	}
	return strictFn(name, args, stringT(args...), func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		s, n := v[0].B, v[1].I
		if n <= 0 || len(s) == 0 {
			return types.BytesValue(s[:0]), nil
		}
		if n > maxStringBuild/int64(len(s)) { // n*len(s) may overflow
			return types.NullValue, tooLong(name)
		}
		out := c.Alloc(int(n) * len(s))
		for k := 0; k < len(out); k += len(s) {
			copy(out[k:], s)
		}
		return types.BytesValue(out), nil
	}), nil
}

func buildReverse(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkFamilies(name, args, pos, []string{"REVERSE(<CHARACTER>)"}, []func(types.Type) bool{expr.IsCharOrNull}); err != nil {
		return nil, err
	}
	return strictFn(name, args, stringNullT, func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		out := c.Alloc(len(v[0].B))
		return types.BytesValue(reverseRunes(out[:0], v[0].B)), nil
	}), nil
}

func buildReplace(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	c := expr.IsCharOrNull
	if err := checkFamilies(name, args, pos, []string{"REPLACE(<CHARACTER>, <CHARACTER>, <CHARACTER>)"}, []func(types.Type) bool{c, c, c}); err != nil {
		return nil, err
	}
	return strictFn(name, args, stringT(args...), func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		if len(v[1].B) > 0 && !bytes.Contains(v[0].B, v[1].B) {
			return v[0], nil
		}
		return types.BytesValue(c.Keep(bytes.ReplaceAll(v[0].B, v[1].B, v[2].B))), nil
	}), nil
}

func buildSplitIndex(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	c, i := expr.IsCharOrNull, isIntOrNull
	if err := checkFamilies(name, args, pos, []string{"SPLIT_INDEX(<CHARACTER>, <INTEGER>, <INTEGER>)", "SPLIT_INDEX(<CHARACTER>, <CHARACTER>, <INTEGER>)"},
		[]func(types.Type) bool{c, i, i}, []func(types.Type) bool{c, c, i}); err != nil {
		return nil, err
	}
	byCode := args[1].Type().IsInteger()
	return strictFn(name, args, stringNullT, func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		s, idx := v[0].B, v[2].I
		if idx < 0 || len(s) == 0 {
			return types.NullValue, nil
		}
		var sep [1]byte
		seps := v[1].B
		if byCode {
			if v[1].I < 1 || v[1].I > 255 {
				return types.NullValue, nil
			}
			if v[1].I >= utf8.RuneSelf {
				seps = utf8.AppendRune(sep[:0], rune(v[1].I))
			} else {
				sep[0] = byte(v[1].I)
				seps = sep[:]
			}
		}
		field, ok := splitField(s, seps, int(min(idx, 1<<31-1)))
		if !ok {
			return types.NullValue, nil
		}
		return types.BytesValue(field), nil
	}), nil
}

// splitField returns field idx of s split at every sep, keeping empty
// fields; an empty sep splits at each whitespace character.
func splitField(s, sep []byte, idx int) ([]byte, bool) {
	for k := 0; ; k++ {
		var end, next int
		if len(sep) == 0 {
			end = bytes.IndexFunc(s, unicode.IsSpace)
			if end >= 0 {
				_, n := utf8.DecodeRune(s[end:])
				next = end + n
			}
		} else {
			end = bytes.Index(s, sep)
			next = end + len(sep)
		}
		if end < 0 {
			if k == idx {
				return s, true
			}
			return nil, false
		}
		if k == idx {
			return s[:end], true
		}
		s = s[next:]
	}
}

func buildInitcap(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkFamilies(name, args, pos, []string{"INITCAP(<CHARACTER>)"}, []func(types.Type) bool{expr.IsCharOrNull}); err != nil {
		return nil, err
	}
	return strictFn(name, args, args[0].Type(), func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		out := c.Alloc(len(v[0].B))
		start := true
		for i, ch := range v[0].B {
			switch {
			case ch >= '0' && ch <= '9':
				start = false
			case ch >= 'A' && ch <= 'Z':
				if !start {
					ch += 'a' - 'A'
				}
				start = false
			case ch >= 'a' && ch <= 'z':
				if start {
					ch -= 'a' - 'A'
				}
				start = false
			default:
				start = true
			}
			out[i] = ch
		}
		return types.BytesValue(out), nil
	}), nil
}

func buildConcatWs(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	for _, a := range args {
		if !expr.IsCharOrNull(a.Type()) {
			return nil, expr.CannotApplyFunc(pos, name, args, "CONCAT_WS(<CHARACTER>)")
		}
	}
	return &concatWs{args: args, t: stringT(args...)}, nil
}

// concatWs is CONCAT_WS(sep, s1, ...): NULL when sep is NULL; NULL
// strings are left out.
type concatWs struct {
	args []expr.Expr
	t    types.Type
}

func (e *concatWs) Type() types.Type { return e.t }
func (e *concatWs) String() string   { return "CONCAT_WS(" + expr.JoinExprs(e.args) + ")" }
func (e *concatWs) Eval(c *expr.Ctx, row []types.Value) (types.Value, error) {
	sep, err := e.args[0].Eval(c, row)
	if err != nil || sep.Null {
		return types.NullValue, err
	}
	var vals [8]types.Value
	vs := vals[:0]
	total := 0
	for _, a := range e.args[1:] {
		v, err := a.Eval(c, row)
		if err != nil {
			return types.NullValue, err
		}
		if v.Null {
			continue
		}
		vs = append(vs, v)
		total += len(v.B)
	}
	if len(vs) > 1 {
		total += (len(vs) - 1) * len(sep.B)
	}
	out := c.Alloc(total)
	k := 0
	for i, v := range vs {
		if i > 0 {
			k += copy(out[k:], sep.B)
		}
		k += copy(out[k:], v.B)
	}
	return types.BytesValue(out), nil
}

func buildBase64(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkFamilies(name, args, pos, []string{name + "(<STRING>)"}, []func(types.Type) bool{isStrOrNull}); err != nil {
		return nil, err
	}
	if name == "TO_BASE64" {
		return strictFn(name, args, stringT(args...), func(c *expr.Ctx, v []types.Value) (types.Value, error) {
			out := c.Alloc(base64.StdEncoding.EncodedLen(len(v[0].B)))
			base64.StdEncoding.Encode(out, v[0].B)
			return types.BytesValue(out), nil
		}), nil
	}
	return strictFn(name, args, stringT(args...), func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		out := c.Alloc(base64.StdEncoding.DecodedLen(len(v[0].B)))
		n, err := base64.StdEncoding.Decode(out, v[0].B)
		if err != nil {
			return types.NullValue, expr.RuntimeErr(diag.IllegalArgument, "%s", javaBase64Error(v[0].B, err))
		}
		return types.BytesValue(out[:n]), nil
	}), nil
}

// javaBase64Error words a decoding failure as java.util.Base64 does for the
// common cases.
func javaBase64Error(b []byte, err error) string {
	var ce base64.CorruptInputError
	if errors.As(err, &ce) && int(ce) < len(b) && b[ce] != '=' {
		return fmt.Sprintf("Illegal base64 character %x", b[ce])
	}
	return "Input byte array has wrong 4-byte ending unit"
}

func buildASCII(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkFamilies(name, args, pos, []string{"ASCII(<CHARACTER>)"}, []func(types.Type) bool{expr.IsCharOrNull}); err != nil {
		return nil, err
	}
	return strictFn(name, args, expr.NullableIf(types.Int32, args...), func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		if len(v[0].B) == 0 {
			return types.IntValue(0), nil
		}
		return types.IntValue(int64(int8(v[0].B[0]))), nil
	}), nil
}

func buildChr(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkFamilies(name, args, pos, []string{"CHR(<INTEGER>)"}, []func(types.Type) bool{isIntOrNull}); err != nil {
		return nil, err
	}
	return strictFn(name, args, stringNullT, func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		n := v[0].I
		if n < 0 {
			return types.BytesValue(nil), nil
		}
		out := c.Alloc(4)
		return types.BytesValue(utf8.AppendRune(out[:0], rune(n&0xFF))), nil
	}), nil
}

func buildOverlay(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	c, i := expr.IsCharOrNull, isIntOrNull
	if err := checkFamilies(name, args, pos, []string{"OVERLAY(<STRING> PLACING <STRING> FROM <INTEGER>)", "OVERLAY(<STRING> PLACING <STRING> FROM <INTEGER> FOR <INTEGER>)"},
		[]func(types.Type) bool{c, c, i}, []func(types.Type) bool{c, c, i, i}); err != nil {
		return nil, err
	}
	n := int64(args[0].Type().Length) + int64(args[1].Type().Length)
	if n > types.MaxLength {
		n = types.MaxLength
	}
	t := expr.NullableIf(types.Type{Kind: types.Varchar, Length: int(n)}, args...)
	return strictFn(name, args, t, func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		s, r, start := v[0].B, v[1].B, v[2].I
		count := int64(utf8.RuneCount(s))
		length := int64(utf8.RuneCount(r))
		if len(v) == 4 {
			length = int64(int32(v[3].I))
		}
		if start <= 0 || start > count {
			return v[0], nil
		}
		head := runeSlice(s, 0, start-1)
		var tail []byte
		if start+length <= count && length > 0 {
			tail = runeSlice(s, start-1+length, count)
		}
		out := c.Alloc(len(head) + len(r) + len(tail))
		k := copy(out, head)
		k += copy(out[k:], r)
		copy(out[k:], tail)
		return types.BytesValue(out), nil
	}), nil
}

// String functions Flink added after 1.20 (its master branch), cheap to
// have: BTRIM, STARTSWITH, ENDSWITH, TRANSLATE, ELT, REGEXP_COUNT,
// REGEXP_INSTR, REGEXP_SUBSTR. Their type checks are Flink's new type
// inference, whose errors read "Invalid function call: NAME(types)".

func allChar(args []expr.Expr) bool {
	for _, a := range args {
		if !expr.IsCharOrNull(a.Type()) {
			return false
		}
	}
	return true
}

func buildBtrim(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if !allChar(args) {
		return nil, invalidCall(pos, name, args)
	}
	return strictFn(name, args, stringT(args...), func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
		set := []byte(" ")
		if len(v) == 2 {
			set = v[1].B
		}
		return types.BytesValue(trimSet(v[0].B, set, true, true)), nil
	}), nil
}

func buildStartsEnds(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	a, b := args[0].Type(), args[1].Type()
	if !(expr.IsCharOrNull(a) && expr.IsCharOrNull(b)) && !(a.IsBinary() && b.IsBinary()) {
		return nil, invalidCall(pos, name, args)
	}
	starts := name == "STARTSWITH"
	return strictFn(name, args, expr.NullableIf(types.Bool, args...), func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
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
func buildTranslate(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if !allChar(args) {
		return nil, invalidCall(pos, name, args)
	}
	return &translateExpr{args: args, t: stringT(args[0])}, nil
}

type translateExpr struct {
	args []expr.Expr
	t    types.Type
}

func (e *translateExpr) Type() types.Type { return e.t }
func (e *translateExpr) String() string   { return "TRANSLATE(" + expr.JoinExprs(e.args) + ")" }
func (e *translateExpr) Eval(c *expr.Ctx, row []types.Value) (types.Value, error) {
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
	return types.BytesValue(c.Keep(out)), nil
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

func buildElt(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if it := args[0].Type(); !it.IsInteger() {
		return nil, invalidCall(pos, name, args)
	}
	ts := make([]types.Type, len(args)-1)
	for i, a := range args[1:] {
		ts[i] = a.Type()
	}
	t, ok := expr.LeastRestrictive(ts...)
	if !ok {
		return nil, invalidCall(pos, name, args)
	}
	t = t.WithNullable(true)
	e := &eltExpr{index: args[0], t: t}
	for _, a := range args[1:] {
		e.vals = append(e.vals, expr.Coerce(a, t))
	}
	return e, nil
}

type eltExpr struct {
	index expr.Expr
	vals  []expr.Expr
	t     types.Type
}

func (e *eltExpr) Type() types.Type { return e.t }
func (e *eltExpr) String() string {
	return "ELT(" + e.index.String() + ", " + expr.JoinExprs(e.vals) + ")"
}
func (e *eltExpr) Eval(c *expr.Ctx, row []types.Value) (types.Value, error) {
	i, err := e.index.Eval(c, row)
	if err != nil || i.Null || i.I < 1 || i.I > int64(len(e.vals)) {
		return types.NullValue, err
	}
	return e.vals[i.I-1].Eval(c, row)
}

// buildRegexpMatch builds REGEXP_COUNT, REGEXP_INSTR and REGEXP_SUBSTR;
// a NULL or invalid pattern gives NULL.
func buildRegexpMatch(name string, args []expr.Expr, pos int) (expr.Expr, error) {
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
	return strictFn(name, args, t, func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
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
