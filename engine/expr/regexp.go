package expr
