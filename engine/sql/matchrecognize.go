package sql

import (
	"strconv"
	"strings"
)

// MatchRecognize is input MATCH_RECOGNIZE (...) [AS alias], Flink's row
// pattern recognition (SQL:2016, Calcite's grammar).
type MatchRecognize struct {
	Pos         int // the MATCH_RECOGNIZE keyword
	Input       TableRef
	PartitionBy []Expr
	OrderBy     []OrderItem
	Measures    []Measure
	AllRows     bool // ALL ROWS PER MATCH (ONE ROW PER MATCH otherwise)
	RowsPos     int  // where ONE/ALL ROWS PER MATCH was written, -1 when not
	Skip        MatchSkip
	SkipVar     *Ident // the variable of SKIP TO [FIRST|LAST] var
	Pattern     *PatternNode
	StartAnchor bool // PATTERN (^ ...)
	EndAnchor   bool // PATTERN (... $)
	Within      Expr // WITHIN interval, nil when absent
	Subsets     []Subset
	Defines     []Define
	Alias       *Ident
	Columns     []Ident
}

// Measure is one MEASURES entry: expr AS name.
type Measure struct {
	Expr  Expr
	Alias Ident
}

// Define is one DEFINE entry: variable AS condition.
type Define struct {
	Var  Ident
	Cond Expr
}

// Subset is SUBSET name = (var, ...).
type Subset struct {
	Name Ident
	Vars []Ident
}

// MatchSkip is the AFTER MATCH SKIP option.
type MatchSkip uint8

// The AFTER MATCH SKIP options; the zero value is the default when the
// clause is absent (Calcite's: SKIP TO NEXT ROW).
const (
	SkipToNextRow MatchSkip = iota
	SkipPastLastRow
	SkipToFirst
	SkipToLast
	SkipTo // SKIP TO var: as SKIP TO LAST var
)

// PatternKind is the kind of a PATTERN node.
type PatternKind uint8

// Pattern node kinds.
const (
	PatVar     PatternKind = iota // a pattern variable
	PatConcat                     // items one after the other
	PatAlt                        // items separated by |
	PatPermute                    // PERMUTE(items)
	PatExclude                    // {- item -}
)

// PatternNode is a node of a row pattern with its quantifier: Min and Max
// occurrences (Max -1: unbounded), 1 and 1 when none was written.
type PatternNode struct {
	Kind      PatternKind
	Pos       int
	Var       Ident
	Items     []*PatternNode
	Min, Max  int
	Reluctant bool
	// Quant is the quantifier as written ("+", "*?", "{2,}"), "" when none.
	Quant string
}

func (*MatchRecognize) tableRefNode() {}

// RefPos is where the input starts.
func (t *MatchRecognize) RefPos() int { return t.Input.RefPos() }

// String writes the pattern as Flink's plans print it: variables quoted
// with single quotes, concatenation with spaces ('A' 'B'+), groups in
// parentheses.
func (p *PatternNode) String() string {
	var b strings.Builder
	p.write(&b, false)
	return b.String()
}

func (p *PatternNode) write(b *strings.Builder, nested bool) {
	switch p.Kind {
	case PatVar:
		b.WriteString("_UTF-16LE'" + p.Var.Name + "'")
	case PatConcat, PatAlt:
		paren := nested || p.Quant != ""
		if paren {
			b.WriteString("(")
		}
		sep := " "
		if p.Kind == PatAlt {
			sep = " | "
		}
		for i, it := range p.Items {
			if i > 0 {
				b.WriteString(sep)
			}
			it.write(b, it.Kind == PatConcat || it.Kind == PatAlt)
		}
		if paren {
			b.WriteString(")")
		}
	case PatPermute:
		b.WriteString("PERMUTE(")
		for i, it := range p.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			it.write(b, false)
		}
		b.WriteString(")")
	case PatExclude:
		b.WriteString("{- ")
		p.Items[0].write(b, false)
		b.WriteString(" -}")
	}
	b.WriteString(p.Quant)
}

// Vars lists the pattern's variables in order of first appearance.
func (p *PatternNode) Vars() []Ident {
	var out []Ident
	seen := map[string]bool{}
	var walk func(*PatternNode)
	walk = func(n *PatternNode) {
		if n.Kind == PatVar {
			if !seen[n.Var.Name] {
				seen[n.Var.Name] = true
				out = append(out, n.Var)
			}
			return
		}
		for _, it := range n.Items {
			walk(it)
		}
	}
	walk(p)
	return out
}

// ---------------------------------------------------------------- parsing

// mrStops are the words that start a clause of MATCH_RECOGNIZE.
var mrStops = wordSet(`PARTITION ORDER MEASURES ONE ALL AFTER PATTERN WITHIN SUBSET DEFINE`)

// matchRecognize parses MATCH_RECOGNIZE ( ... ) [AS alias [(cols)]] at
// token k (the keyword). The clause's expressions are parsed here; what
// goes to vitess is only the alias, whose identifier entry carries the
// clause (the converter wraps the input table in it).
func (ds *desugarer) matchRecognize(k int) (int, error) {
	lp := k + 1
	rp := ds.match[lp]
	mr := &MatchRecognize{Pos: ds.tok(k).Pos, RowsPos: -1}
	i := lp + 1
	clauseEnd := func(lo int) int {
		return ds.depth0(lo, rp, func(t Token) bool { return t.Kind == Word && mrStops[strings.ToUpper(t.Val)] })
	}
	var err error
	if ds.tok(i).Is("PARTITION") {
		if err := ds.expect(i+1, isWord("BY")); err != nil {
			return 0, err
		}
		e := clauseEnd(i + 2)
		if mr.PartitionBy, err = ds.exprList(i+2, e); err != nil {
			return 0, err
		}
		i = e
	}
	if ds.tok(i).Is("ORDER") {
		if err := ds.expect(i+1, isWord("BY")); err != nil {
			return 0, err
		}
		e := clauseEnd(i + 2)
		if mr.OrderBy, err = ds.orderItems(i+2, e); err != nil {
			return 0, err
		}
		i = e
	}
	if ds.tok(i).Is("MEASURES") {
		e := clauseEnd(i + 1)
		if mr.Measures, err = ds.measures(i+1, e); err != nil {
			return 0, err
		}
		i = e
	}
	switch {
	case ds.tok(i).Is("ONE"):
		mr.RowsPos = ds.tok(i).Pos
		if i, err = ds.words(i+1, "ROW", "PER", "MATCH"); err != nil {
			return 0, err
		}
	case ds.tok(i).Is("ALL"):
		mr.RowsPos, mr.AllRows = ds.tok(i).Pos, true
		if i, err = ds.words(i+1, "ROWS", "PER", "MATCH"); err != nil {
			return 0, err
		}
		// the empty-match options change nothing Flink runs
		switch {
		case ds.tok(i).Is("SHOW") || ds.tok(i).Is("OMIT"):
			if i, err = ds.words(i+1, "EMPTY", "MATCHES"); err != nil {
				return 0, err
			}
		case ds.tok(i).Is("WITH"):
			if i, err = ds.words(i+1, "UNMATCHED", "ROWS"); err != nil {
				return 0, err
			}
		}
	}
	if ds.tok(i).Is("AFTER") {
		if i, err = ds.afterMatch(i, mr); err != nil {
			return 0, err
		}
	}
	if !ds.tok(i).Is("PATTERN") {
		return 0, encounteredExpecting(ds.src, ds.toks, i, []string{`"PATTERN"`})
	}
	if !ds.tok(i + 1).IsPunct("(") {
		return 0, encounteredExpecting(ds.src, ds.toks, i+1, []string{`"("`})
	}
	pe := ds.match[i+1]
	lo, hi := i+2, pe
	if ds.tok(lo).IsPunct("^") {
		mr.StartAnchor = true
		lo++
	}
	if mr.Pattern, err = ds.pattern(lo, hi); err != nil {
		return 0, err
	}
	i = pe + 1
	if ds.tok(i).Is("WITHIN") {
		if !ds.tok(i + 1).Is("INTERVAL") {
			return 0, encounteredExpecting(ds.src, ds.toks, i+1, []string{`"INTERVAL"`})
		}
		e := clauseEnd(i + 1)
		if mr.Within, err = parseExpr(ds.src, ds.tok(i+1).Pos, ds.tok(e-1).End); err != nil {
			return 0, err
		}
		i = e
	}
	for ds.tok(i).Is("SUBSET") {
		i++
		for {
			s, e, err := ds.subset(i)
			if err != nil {
				return 0, err
			}
			mr.Subsets = append(mr.Subsets, s)
			i = e
			if !ds.tok(i).IsPunct(",") {
				break
			}
			i++
		}
	}
	if !ds.tok(i).Is("DEFINE") {
		want := []string{`"DEFINE"`, `"SUBSET"`}
		if mr.Within == nil {
			want = append(want, `"WITHIN"`)
		}
		return 0, encounteredExpecting(ds.src, ds.toks, i, want)
	}
	if mr.Defines, err = ds.defines(i+1, rp); err != nil {
		return 0, err
	}
	// the alias goes to vitess; its entry carries the clause
	k = rp + 1
	t := ds.tok(k)
	hasAS := t.Is("AS")
	if hasAS {
		k++
		t = ds.tok(k)
	}
	entry := identEntry{pos: mr.Pos, match: mr}
	if isName(t) && (hasAS || !isReserved(t.Val)) {
		if err := ds.unreserved(k, k+1); err != nil {
			return 0, err
		}
		entry.parts = []Ident{{Name: t.Val, Pos: t.Pos, Quoted: t.Kind == QuotedIdent}}
		k++
		if ds.tok(k).IsPunct("(") {
			rp := ds.match[k]
			for c := k + 1; c < rp; c += 2 {
				tc := ds.tok(c)
				if !isName(tc) {
					return 0, ds.encountered(c)
				}
				mr.Columns = append(mr.Columns, Ident{Name: tc.Val, Pos: tc.Pos, Quoted: tc.Kind == QuotedIdent})
				if c+1 < rp && !ds.tok(c+1).IsPunct(",") {
					return 0, ds.encountered(c + 1)
				}
			}
			k = rp + 1
		}
	} else if hasAS {
		return 0, ds.encountered(k)
	}
	n := ds.newIdent(entry)
	ds.emit("AS "+identText(n), rp)
	return k, nil
}

// words expects the keywords ws from token i on and returns the index after them.
func (ds *desugarer) words(i int, ws ...string) (int, error) {
	for _, w := range ws {
		if !ds.tok(i).Is(w) {
			return 0, encounteredExpecting(ds.src, ds.toks, i, []string{`"` + w + `"`})
		}
		i++
	}
	return i, nil
}

// exprList parses comma-separated expressions in tokens [lo, hi).
func (ds *desugarer) exprList(lo, hi int) ([]Expr, error) {
	var out []Expr
	for lo < hi {
		e := ds.depth0(lo, hi, isPunct(","))
		if e == lo {
			return nil, ds.encountered(lo)
		}
		x, err := parseExpr(ds.src, ds.tok(lo).Pos, ds.tok(e-1).End)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
		lo = e + 1
		if e < hi && lo == hi {
			return nil, ds.encountered(lo)
		}
	}
	if len(out) == 0 {
		return nil, ds.encountered(lo)
	}
	return out, nil
}

// orderItems parses expr [ASC|DESC] [NULLS FIRST|LAST], ... in [lo, hi).
func (ds *desugarer) orderItems(lo, hi int) ([]OrderItem, error) {
	var out []OrderItem
	for lo < hi {
		e := ds.depth0(lo, hi, isPunct(","))
		end := e
		var it OrderItem
		if end-2 > lo && ds.tok(end-2).Is("NULLS") && (ds.tok(end-1).Is("FIRST") || ds.tok(end-1).Is("LAST")) {
			first := ds.tok(end - 1).Is("FIRST")
			it.NullsFirst = &first
			end -= 2
		}
		if end-1 > lo && (ds.tok(end-1).Is("ASC") || ds.tok(end-1).Is("DESC")) {
			it.Desc = ds.tok(end - 1).Is("DESC")
			end--
		}
		if end == lo {
			return nil, ds.encountered(lo)
		}
		x, err := parseExpr(ds.src, ds.tok(lo).Pos, ds.tok(end-1).End)
		if err != nil {
			return nil, err
		}
		it.Expr = x
		out = append(out, it)
		lo = e + 1
		if e < hi && lo == hi {
			return nil, ds.encountered(lo)
		}
	}
	if len(out) == 0 {
		return nil, ds.encountered(lo)
	}
	return out, nil
}

// measures parses expr AS name, ... in [lo, hi).
func (ds *desugarer) measures(lo, hi int) ([]Measure, error) {
	var out []Measure
	for lo < hi {
		e := ds.depth0(lo, hi, isPunct(","))
		as := ds.depth0(lo, e, isWord("AS"))
		if as == lo {
			return nil, ds.encountered(lo)
		}
		if as == e {
			return nil, encounteredExpecting(ds.src, ds.toks, e, []string{`"AS"`})
		}
		if as+2 != e || !isName(ds.tok(as+1)) {
			return nil, ds.encountered(as + 1 + min(1, e-as-1))
		}
		if err := ds.unreserved(as+1, as+2); err != nil {
			return nil, err
		}
		x, err := parseExpr(ds.src, ds.tok(lo).Pos, ds.tok(as-1).End)
		if err != nil {
			return nil, err
		}
		t := ds.tok(as + 1)
		out = append(out, Measure{Expr: x, Alias: Ident{Name: t.Val, Pos: t.Pos, Quoted: t.Kind == QuotedIdent}})
		lo = e + 1
		if e < hi && lo == hi {
			return nil, ds.encountered(lo)
		}
	}
	if len(out) == 0 {
		return nil, ds.encountered(lo)
	}
	return out, nil
}

// defines parses var AS cond, ... in [lo, hi).
func (ds *desugarer) defines(lo, hi int) ([]Define, error) {
	var out []Define
	for lo < hi {
		t := ds.tok(lo)
		if !isName(t) {
			return nil, ds.encountered(lo)
		}
		if err := ds.unreserved(lo, lo+1); err != nil {
			return nil, err
		}
		if !ds.tok(lo + 1).Is("AS") {
			return nil, encounteredExpecting(ds.src, ds.toks, lo+1, []string{`"AS"`})
		}
		e := ds.depth0(lo+2, hi, isPunct(","))
		if e == lo+2 {
			return nil, ds.encountered(e)
		}
		x, err := parseExpr(ds.src, ds.tok(lo+2).Pos, ds.tok(e-1).End)
		if err != nil {
			return nil, err
		}
		out = append(out, Define{Var: Ident{Name: t.Val, Pos: t.Pos, Quoted: t.Kind == QuotedIdent}, Cond: x})
		lo = e + 1
		if e < hi && lo == hi {
			return nil, ds.encountered(lo)
		}
	}
	if len(out) == 0 {
		return nil, ds.encountered(lo)
	}
	return out, nil
}

// afterMatch parses AFTER MATCH SKIP ... at i.
func (ds *desugarer) afterMatch(i int, mr *MatchRecognize) (int, error) {
	i, err := ds.words(i+1, "MATCH", "SKIP")
	if err != nil {
		return 0, err
	}
	switch {
	case ds.tok(i).Is("PAST"):
		mr.Skip = SkipPastLastRow
		return ds.words(i+1, "LAST", "ROW")
	case ds.tok(i).Is("TO"):
	default:
		return 0, encounteredExpecting(ds.src, ds.toks, i, []string{`"TO"`, `"PAST"`})
	}
	i++
	switch {
	case ds.tok(i).Is("NEXT"):
		mr.Skip = SkipToNextRow
		return ds.words(i+1, "ROW")
	case ds.tok(i).Is("FIRST") && isName(ds.tok(i+1)) && !mrStops[strings.ToUpper(ds.tok(i+1).Val)]:
		mr.Skip = SkipToFirst
		i++
	case ds.tok(i).Is("LAST") && isName(ds.tok(i+1)) && !mrStops[strings.ToUpper(ds.tok(i+1).Val)]:
		mr.Skip = SkipToLast
		i++
	default:
		mr.Skip = SkipTo
	}
	t := ds.tok(i)
	if !isName(t) {
		return 0, ds.encountered(i)
	}
	if err := ds.unreserved(i, i+1); err != nil {
		return 0, err
	}
	mr.SkipVar = &Ident{Name: t.Val, Pos: t.Pos, Quoted: t.Kind == QuotedIdent}
	return i + 1, nil
}

// subset parses name = (var, ...) at i.
func (ds *desugarer) subset(i int) (Subset, int, error) {
	t := ds.tok(i)
	if !isName(t) {
		return Subset{}, 0, ds.encountered(i)
	}
	s := Subset{Name: Ident{Name: t.Val, Pos: t.Pos, Quoted: t.Kind == QuotedIdent}}
	if !ds.tok(i + 1).IsPunct("=") {
		return Subset{}, 0, encounteredExpecting(ds.src, ds.toks, i+1, []string{`"="`})
	}
	if !ds.tok(i + 2).IsPunct("(") {
		return Subset{}, 0, encounteredExpecting(ds.src, ds.toks, i+2, []string{`"("`})
	}
	rp := ds.match[i+2]
	for c := i + 3; c < rp; c += 2 {
		tc := ds.tok(c)
		if !isName(tc) {
			return Subset{}, 0, ds.encountered(c)
		}
		s.Vars = append(s.Vars, Ident{Name: tc.Val, Pos: tc.Pos, Quoted: tc.Kind == QuotedIdent})
		if c+1 < rp && !ds.tok(c+1).IsPunct(",") {
			return Subset{}, 0, ds.encountered(c + 1)
		}
	}
	if len(s.Vars) == 0 {
		return Subset{}, 0, ds.encountered(rp)
	}
	return s, rp + 1, nil
}

// pattern parses a row pattern in tokens [lo, hi): alternatives of
// sequences of quantified primaries.
func (ds *desugarer) pattern(lo, hi int) (*PatternNode, error) {
	pp := &patternParser{ds: ds, i: lo, hi: hi}
	if hi > lo && ds.tok(hi-1).IsPunct("$") {
		pp.hi--
	}
	n, err := pp.alt()
	if err != nil {
		return nil, err
	}
	if pp.i < pp.hi {
		return nil, ds.encountered(pp.i)
	}
	return n, nil
}

type patternParser struct {
	ds    *desugarer
	i, hi int
}

func (pp *patternParser) tok() Token {
	if pp.i >= pp.hi {
		return Token{Kind: EOF, Pos: pp.ds.tok(pp.hi).Pos}
	}
	return pp.ds.tok(pp.i)
}

func (pp *patternParser) alt() (*PatternNode, error) {
	first, err := pp.concat()
	if err != nil {
		return nil, err
	}
	if !pp.tok().IsPunct("|") {
		return first, nil
	}
	n := &PatternNode{Kind: PatAlt, Pos: first.Pos, Items: []*PatternNode{first}, Min: 1, Max: 1}
	for pp.tok().IsPunct("|") {
		pp.i++
		it, err := pp.concat()
		if err != nil {
			return nil, err
		}
		n.Items = append(n.Items, it)
	}
	return n, nil
}

func (pp *patternParser) concat() (*PatternNode, error) {
	var items []*PatternNode
	for {
		t := pp.tok()
		if t.Kind == EOF || t.IsPunct("|") || t.IsPunct(")") || t.IsPunct(",") || (t.IsPunct("-") && pp.ds.tok(pp.i+1).IsPunct("}")) {
			break
		}
		it, err := pp.factor()
		if err != nil {
			return nil, err
		}
		items = append(items, it)
	}
	if len(items) == 0 {
		return nil, encounteredExpecting(pp.ds.src, pp.ds.toks, pp.i, []string{`"("`, `"{-"`, `"PERMUTE"`, `<IDENTIFIER>`})
	}
	if len(items) == 1 {
		return items[0], nil
	}
	return &PatternNode{Kind: PatConcat, Pos: items[0].Pos, Items: items, Min: 1, Max: 1}, nil
}

func (pp *patternParser) factor() (*PatternNode, error) {
	ds := pp.ds
	t := pp.tok()
	var n *PatternNode
	switch {
	case t.IsPunct("("):
		rp := ds.match[pp.i]
		inner := &patternParser{ds: ds, i: pp.i + 1, hi: rp}
		x, err := inner.alt()
		if err != nil {
			return nil, err
		}
		if inner.i < rp {
			return nil, ds.encountered(inner.i)
		}
		// a group is a node of its own, so its quantifier is kept apart
		n = &PatternNode{Kind: PatConcat, Pos: t.Pos, Items: []*PatternNode{x}, Min: 1, Max: 1}
		if x.Kind == PatConcat && x.Quant == "" {
			n.Items = x.Items
		}
		if x.Kind == PatAlt && x.Quant == "" {
			n = x
			n.Pos = t.Pos
		}
		pp.i = rp + 1
	case t.IsPunct("{") && ds.tok(pp.i+1).IsPunct("-"):
		pp.i += 2
		x, err := pp.alt()
		if err != nil {
			return nil, err
		}
		if !pp.tok().IsPunct("-") || !ds.tok(pp.i+1).IsPunct("}") {
			return nil, encounteredExpecting(ds.src, ds.toks, pp.i, []string{`"-}"`})
		}
		pp.i += 2
		n = &PatternNode{Kind: PatExclude, Pos: t.Pos, Items: []*PatternNode{x}, Min: 1, Max: 1}
	case t.Is("PERMUTE") && ds.tok(pp.i+1).IsPunct("("):
		rp := ds.match[pp.i+1]
		n = &PatternNode{Kind: PatPermute, Pos: t.Pos, Min: 1, Max: 1}
		inner := &patternParser{ds: ds, i: pp.i + 2, hi: rp}
		for {
			x, err := inner.alt()
			if err != nil {
				return nil, err
			}
			n.Items = append(n.Items, x)
			if !inner.tok().IsPunct(",") {
				break
			}
			inner.i++
		}
		if inner.i < rp {
			return nil, ds.encountered(inner.i)
		}
		pp.i = rp + 1
	case isName(t):
		if err := ds.unreserved(pp.i, pp.i+1); err != nil {
			return nil, err
		}
		n = &PatternNode{Kind: PatVar, Pos: t.Pos, Var: Ident{Name: t.Val, Pos: t.Pos, Quoted: t.Kind == QuotedIdent}, Min: 1, Max: 1}
		pp.i++
	default:
		return nil, encounteredExpecting(ds.src, ds.toks, pp.i, []string{`"("`, `"{-"`, `"PERMUTE"`, `<IDENTIFIER>`})
	}
	return n, pp.quantifier(n)
}

// quantifier reads * + ? {n} {n,} {n,m} {,m}, each optionally followed
// by ? (reluctant), after a primary.
func (pp *patternParser) quantifier(n *PatternNode) error {
	ds := pp.ds
	start := pp.i
	t := pp.tok()
	switch {
	case t.IsPunct("*"):
		n.Min, n.Max = 0, -1
		pp.i++
	case t.IsPunct("+"):
		n.Min, n.Max = 1, -1
		pp.i++
	case t.IsPunct("?"):
		n.Min, n.Max = 0, 1
		pp.i++
	case t.IsPunct("{") && !ds.tok(pp.i+1).IsPunct("-"):
		k := pp.i + 1
		num := func() (int, bool) {
			if ds.tok(k).Kind != Number {
				return 0, false
			}
			v, err := strconv.Atoi(ds.tok(k).Val)
			if err != nil {
				return 0, false
			}
			k++
			return v, true
		}
		lo, hasLo := num()
		hi := lo
		if ds.tok(k).IsPunct(",") {
			k++
			var hasHi bool
			if hi, hasHi = num(); !hasHi {
				hi = -1
			}
			if !hasLo {
				lo = 0
				if !hasHi {
					return ds.encountered(k)
				}
			}
		} else if !hasLo {
			return encounteredExpecting(ds.src, ds.toks, k, []string{`<UNSIGNED_INTEGER_LITERAL>`, `","`})
		}
		if !ds.tok(k).IsPunct("}") {
			return encounteredExpecting(ds.src, ds.toks, k, []string{`"}"`})
		}
		n.Min, n.Max = lo, hi
		pp.i = k + 1
	default:
		return nil
	}
	if pp.i < pp.hi && pp.tok().IsPunct("?") {
		n.Reluctant = true
		pp.i++
	}
	var b strings.Builder
	for k := start; k < pp.i; k++ {
		b.WriteString(ds.tok(k).Val)
	}
	n.Quant = b.String()
	return nil
}

// ---------------------------------------------------------------- unparsing

func (w *unparser) matchRecognize(t *MatchRecognize) {
	w.tableRef(t.Input)
	w.s(" MATCH_RECOGNIZE (\n")
	if len(t.PartitionBy) > 0 {
		w.s("PARTITION BY ")
		w.list(t.PartitionBy)
		w.s("\n")
	}
	if len(t.OrderBy) > 0 {
		w.s("ORDER BY ")
		w.orderItems(t.OrderBy)
		w.s("\n")
	}
	if len(t.Measures) > 0 {
		w.s("MEASURES ")
		for k, m := range t.Measures {
			if k > 0 {
				w.s(",\n")
			}
			w.expr(m.Expr, 0)
			w.s(" AS ", quoteIdent(m.Alias.Name))
		}
		w.s("\n")
	}
	if t.AllRows {
		w.s("ALL ROWS PER MATCH\n")
	} else {
		w.s("ONE ROW PER MATCH\n")
	}
	switch t.Skip {
	case SkipToNextRow:
		w.s("AFTER MATCH SKIP TO NEXT ROW\n")
	case SkipPastLastRow:
		w.s("AFTER MATCH SKIP PAST LAST ROW\n")
	case SkipToFirst:
		w.s("AFTER MATCH SKIP TO FIRST ", quoteIdent(t.SkipVar.Name), "\n")
	case SkipToLast:
		w.s("AFTER MATCH SKIP TO LAST ", quoteIdent(t.SkipVar.Name), "\n")
	case SkipTo:
		w.s("AFTER MATCH SKIP TO ", quoteIdent(t.SkipVar.Name), "\n")
	}
	w.s("PATTERN (")
	if t.StartAnchor {
		w.s("^ ")
	}
	w.pattern(t.Pattern)
	if t.EndAnchor {
		w.s(" $")
	}
	w.s(")\n")
	if t.Within != nil {
		w.s("WITHIN ")
		w.expr(t.Within, 0)
		w.s("\n")
	}
	for _, s := range t.Subsets {
		w.s("SUBSET ", quoteIdent(s.Name.Name), " = (")
		for k, v := range s.Vars {
			if k > 0 {
				w.s(", ")
			}
			w.s(quoteIdent(v.Name))
		}
		w.s(")\n")
	}
	w.s("DEFINE ")
	for k, d := range t.Defines {
		if k > 0 {
			w.s(",\n")
		}
		w.s(quoteIdent(d.Var.Name), " AS ")
		w.expr(d.Cond, 0)
	}
	w.s(")")
	w.aliasCols(t.Alias, t.Columns)
}

func (w *unparser) pattern(p *PatternNode) {
	switch p.Kind {
	case PatVar:
		w.s(quoteIdent(p.Var.Name))
	case PatConcat, PatAlt:
		sep := " "
		if p.Kind == PatAlt {
			sep = " | "
		}
		if p.Quant != "" {
			w.s("(")
		}
		for k, it := range p.Items {
			if k > 0 {
				w.s(sep)
			}
			if (it.Kind == PatConcat || it.Kind == PatAlt) && it.Quant == "" {
				w.s("(")
				w.pattern(it)
				w.s(")")
			} else {
				w.pattern(it)
			}
		}
		if p.Quant != "" {
			w.s(")")
		}
	case PatPermute:
		w.s("PERMUTE (")
		for k, it := range p.Items {
			if k > 0 {
				w.s(", ")
			}
			w.pattern(it)
		}
		w.s(")")
	case PatExclude:
		w.s("{- ")
		w.pattern(p.Items[0])
		w.s(" -}")
	}
	w.s(p.Quant)
}
