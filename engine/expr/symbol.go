package expr

import (
	"github.com/flinkplay/flinkplay/engine/types"
)

// Symbol is a keyword argument of a special form, such as BOTH, LEADING or
// TRAILING of TRIM: the binder passes the parser's symbol through, and the
// function's builder reads it with SymbolName. Its type is CHAR(n) NOT
// NULL and it evaluates to its name, so a symbol that reaches a function
// that does not expect one still behaves as a constant.
func Symbol(name string, pos int) Expr {
	return &symbol{name: name, pos: pos, v: types.StringValue(name)}
}

type symbol struct {
	name string
	pos  int
	v    types.Value
}

func (e *symbol) Type() types.Type {
	return types.Type{Kind: types.Char, Length: len(e.name), NotNull: true}
}
func (e *symbol) Eval(*Ctx, []types.Value) (types.Value, error) {
	return e.v, nil
}
func (e *symbol) String() string { return e.name }

// SymbolName reports the keyword when e is a Symbol.
func SymbolName(e Expr) (string, bool) {
	if s, ok := e.(*symbol); ok {
		return s.name, true
	}
	return "", false
}
