package sql

// The entry points of the front end. Positions in every returned node and
// error are offsets into the src given, so a statement parsed out of a
// larger script reports line:col in that script.
//
//	ParseStatement(src, span) (Statement, error)  statements.go: one statement src[span.Start:span.End]
//	ParseScript(src) ([]Statement, []Span, error) statements.go: Split + ParseStatement
//	ParseType(src, start, end) (types.Type, error) typegrammar.go: a Flink type
//	parseQuery(src, start, end) (Query, error)    query.go: SELECT/VALUES/WITH/set operations, via vitess
//	parseExpr(src, start, end) (Expr, error)      query.go: one scalar expression, via vitess
//	FormatExpr(e) string                          unparse.go: Flink's canonical SQL text of an expression
//	FormatQuery(q) string                         unparse.go: the same for a query

// ParseQuery parses a standalone query text, such as a view's stored query.
func ParseQuery(text string) (Query, error) { return parseQuery(text, 0, len(text)) }

// ParseExpr parses a standalone expression text, such as a stored computed column.
func ParseExpr(text string) (Expr, error) { return parseExpr(text, 0, len(text)) }
