package sql

// jsonCallNames are the SQL/JSON functions whose clauses jsonCall turns
// into Symbol arguments.
var jsonCallNames = map[string]bool{"JSON_EXISTS": true, "JSON_VALUE": true, "JSON_QUERY": true, "JSON_OBJECT": true, "JSON_ARRAY": true}

// jsonCall writes a SQL/JSON function back in its keyword syntax.
func (w *unparser) jsonCall(name string, a []Expr) {
	w.s(name, "(")
	var onNull string
	if (name == "JSON_OBJECT" || name == "JSON_ARRAY") && len(a) > 0 {
		if s, ok := a[0].(*Symbol); ok {
			onNull = s.Name
			a = a[1:]
		}
		for i := 0; i < len(a); i++ {
			if i > 0 {
				w.s(", ")
			}
			if name == "JSON_OBJECT" && i+1 < len(a) {
				// KEY and VALUE are no reserved words: after them the
				// parser reads a sign as a subtraction, KEY -1 VALUE
				w.s("KEY ")
				w.keywordOperand(a[i], 0, true, "VALUE")
				w.s(" VALUE ")
				w.keywordOperand(a[i+1], 0, true)
				i++
				continue
			}
			w.expr(a[i], 0)
		}
		if onNull != "" {
			if len(a) > 0 {
				w.s(" ")
			}
			w.s(onNull)
		}
		w.s(")")
		return
	}
	for i := 0; i < len(a); i++ {
		x := a[i]
		s, isSym := x.(*Symbol)
		switch {
		case i < 2:
			if i > 0 {
				w.s(", ")
			}
			w.expr(x, 0)
		case isSym && s.Name == "RETURNING" && i+1 < len(a):
			if c, ok := a[i+1].(*Cast); ok {
				w.s(" RETURNING ", castType(c.Type))
			}
			i++
		case isSym && s.Name == "WRAPPER":
			w.s(" ARRAY WRAPPER")
		case isSym:
			w.s(" ", s.Name)
		default:
			w.s(" ")
			_, afterDefault := a[i-1].(*Symbol) // DEFAULT -1 ON EMPTY needs parentheses, as after KEY
			w.keywordOperand(x, 0, afterDefault, "ON")
		}
	}
	w.s(")")
}
