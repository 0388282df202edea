// Package sql is the Flink SQL dialect front end: a lexer and script splitter
// with Flink's lexical rules, our own AST, hand-written parsers for every
// statement that is not a query, Flink's type grammar, and the bridge that
// parses queries and expressions with github.com/dolthub/vitess and converts
// them into our AST at once. Only this package imports vitess.
package sql

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// TokenKind classifies tokens.
type TokenKind uint8

// Token kinds.
const (
	EOF         TokenKind = iota
	Word                  // unquoted identifier or keyword
	QuotedIdent           // `identifier`
	String                // 'text' ('' escapes a quote; no backslash escapes)
	BinaryStr             // X'0aff'
	Number                // 12, 1.5, .5, 1e3
	Punct                 // operators and punctuation: ( ) , ; . = <> != < <= > >= + - * / % || [ ] => :
	Hint                  // /*+ ... */
)

// Token is one lexical token. Pos and End are byte offsets into the source.
type Token struct {
	Kind TokenKind
	Pos  int
	End  int
	// Val is the token's value: the unescaped text of a string, the name of
	// an identifier (without backticks, `` unescaped), the hex digits of a
	// binary string, the digits of a number, the operator text, the body of a hint.
	Val string
}

// Is reports whether t is the keyword kw (case-insensitive, unquoted only).
func (t Token) Is(kw string) bool {
	return t.Kind == Word && strings.EqualFold(t.Val, kw)
}

// IsPunct reports whether t is the punctuation p.
func (t Token) IsPunct(p string) bool { return t.Kind == Punct && t.Val == p }

// Lex tokenizes src[start:end]. Positions are offsets into src. Comments
// are skipped; hints are kept. The last token is always EOF (at end).
func Lex(src string, start, end int) ([]Token, error) {
	if start < 0 || end > len(src) || start > end {
		return nil, diag.Errorf(diag.NoPos, diag.SqlParserException, "SQL parse failed. Invalid range [%d, %d) of a %d-byte text.", start, end, len(src))
	}
	lx := lexer{src: src[:end], pos: start, base: start}
	var toks []Token
	for {
		t, err := lx.next()
		if err != nil {
			return nil, err
		}
		toks = append(toks, t)
		if t.Kind == EOF {
			return toks, nil
		}
	}
}

type lexer struct {
	src  string
	pos  int
	base int // where lexing started: Flink counts line:col from the start of the statement
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isIdentPart(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }

// letterRanges and digitRanges are the non-ASCII characters Flink's lexer
// (Calcite's LETTER and DIGIT classes) accepts in unquoted identifiers.
var letterRanges = [][2]rune{
	{0xc0, 0xd6}, {0xd8, 0xf6}, {0xf8, 0xff}, {0x100, 0x1fff}, {0x3040, 0x318f},
	{0x3300, 0x337f}, {0x3400, 0x3d2d}, {0x4e00, 0x9fff}, {0xf900, 0xfaff},
}

var digitRanges = [][2]rune{
	{0x660, 0x669}, {0x6f0, 0x6f9}, {0x966, 0x96f}, {0x9e6, 0x9ef}, {0xa66, 0xa6f},
	{0xae6, 0xaef}, {0xb66, 0xb6f}, {0xbe7, 0xbef}, {0xc66, 0xc6f}, {0xce6, 0xcef},
	{0xd66, 0xd6f}, {0xe50, 0xe59}, {0xed0, 0xed9}, {0x1040, 0x1049},
}

func inRanges(r rune, ranges [][2]rune) bool {
	for _, rg := range ranges {
		if r >= rg[0] && r <= rg[1] {
			return true
		}
	}
	return false
}

// identRune reports whether the character at s[i] may continue (or, with
// start, begin) an unquoted identifier, and its width in bytes.
func identRune(s string, i int, start bool) (bool, int) {
	c := s[i]
	if c < utf8.RuneSelf {
		if start {
			return isIdentStart(c), 1
		}
		return isIdentPart(c), 1
	}
	r, w := utf8.DecodeRuneInString(s[i:])
	if inRanges(r, letterRanges) || (!start && inRanges(r, digitRanges)) {
		return true, w
	}
	return false, w
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (lx *lexer) skipSpaceAndComments() error {
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			lx.pos++
		case (c == '-' && strings.HasPrefix(lx.src[lx.pos:], "--")) || (c == '/' && strings.HasPrefix(lx.src[lx.pos:], "//")):
			nl := strings.IndexByte(lx.src[lx.pos:], '\n')
			if nl < 0 {
				lx.pos = len(lx.src)
			} else {
				lx.pos += nl + 1
			}
		case c == '/' && strings.HasPrefix(lx.src[lx.pos:], "/*") && !strings.HasPrefix(lx.src[lx.pos:], "/*+"):
			endc := strings.Index(lx.src[lx.pos+2:], "*/")
			if endc < 0 {
				return lx.eofError(lx.pos)
			}
			lx.pos += 2 + endc + 2
		default:
			return nil
		}
	}
	return nil
}

// eofError reports input that ends inside a token or comment started at
// from, as Flink's generated lexer does: the position is just past the last
// character and "after" holds the unfinished text.
func (lx *lexer) eofError(from int) error {
	line, col := diag.LineCol(lx.src[lx.base:], len(lx.src)-lx.base)
	if n := len(lx.src); n > lx.base && (lx.src[n-1] == '\n' || lx.src[n-1] == '\r') {
		col = 0 // JavaCC moves to column 0 of the next line after a line break
	}
	return diag.Parse(from, "Lexical error at line %d, column %d.  Encountered: <EOF> after : \"%s\"", line, col, javaEscape(lx.src[from:]))
}

// charError reports a character that starts no token.
func (lx *lexer) charError(at int, after string) error {
	line, col := diag.LineCol(lx.src[lx.base:], at-lx.base)
	r, _ := utf8.DecodeRuneInString(lx.src[at:])
	code := int(r)
	if r > 0xffff {
		// Java reads one UTF-16 unit at a time: the first half of the pair is what it sees.
		code = 0xd800 + ((code - 0x10000) >> 10)
		r = rune(code)
	}
	return diag.Parse(at, "Lexical error at line %d, column %d.  Encountered: \"%s\" (%d), after : \"%s\"", line, col, javaEscape(string(r)), code, javaEscape(after))
}

// javaEscape escapes text the way JavaCC's addEscapes does in its messages.
func javaEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case 0:
			continue
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		case '"':
			b.WriteString(`\"`)
		case '\'':
			b.WriteString(`\'`)
		case '\\':
			b.WriteString(`\\`)
		default:
			if r < 0x20 || r > 0x7e {
				if r > 0xffff {
					r -= 0x10000
					fmt.Fprintf(&b, "\\u%04x\\u%04x", 0xd800+(r>>10), 0xdc00+(r&0x3ff))
				} else {
					fmt.Fprintf(&b, "\\u%04x", r)
				}
			} else {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

var puncts2 = []string{"<>", "!=", "<=", ">=", "||", "=>", "::"}

func (lx *lexer) next() (Token, error) {
	if err := lx.skipSpaceAndComments(); err != nil {
		return Token{}, err
	}
	start := lx.pos
	if lx.pos >= len(lx.src) {
		return Token{Kind: EOF, Pos: start, End: start}, nil
	}
	s := lx.src
	c := s[lx.pos]
	switch {
	case c == '/' && strings.HasPrefix(s[lx.pos:], "/*+"):
		endc := strings.Index(s[lx.pos+3:], "*/")
		if endc < 0 {
			return Token{}, lx.eofError(start)
		}
		lx.pos += 3 + endc + 2
		return Token{Kind: Hint, Pos: start, End: lx.pos, Val: s[start+3 : start+3+endc]}, nil
	case (c == 'x' || c == 'X') && lx.pos+1 < len(s) && s[lx.pos+1] == '\'':
		lx.pos++
		v, err := lx.quoted('\'', start)
		if err != nil {
			return Token{}, err
		}
		return Token{Kind: BinaryStr, Pos: start, End: lx.pos, Val: v}, nil
	case (c == 'n' || c == 'N') && lx.pos+1 < len(s) && s[lx.pos+1] == '\'':
		lx.pos++
		v, err := lx.quoted('\'', start)
		if err != nil {
			return Token{}, err
		}
		return Token{Kind: String, Pos: start, End: lx.pos, Val: v}, nil
	case c == '\'':
		v, err := lx.quoted('\'', start)
		if err != nil {
			return Token{}, err
		}
		return Token{Kind: String, Pos: start, End: lx.pos, Val: v}, nil
	case c == '`':
		v, err := lx.quoted('`', start)
		if err != nil {
			return Token{}, err
		}
		return Token{Kind: QuotedIdent, Pos: start, End: lx.pos, Val: v}, nil
	case isDigit(c) || (c == '.' && lx.pos+1 < len(s) && isDigit(s[lx.pos+1])):
		lx.number()
		return Token{Kind: Number, Pos: start, End: lx.pos, Val: s[start:lx.pos]}, nil
	}
	if ok, w := identRune(s, lx.pos, true); ok {
		lx.pos += w
		for lx.pos < len(s) {
			ok, w := identRune(s, lx.pos, false)
			if !ok {
				break
			}
			lx.pos += w
		}
		return Token{Kind: Word, Pos: start, End: lx.pos, Val: s[start:lx.pos]}, nil
	}
	for _, p := range puncts2 {
		if strings.HasPrefix(s[lx.pos:], p) {
			lx.pos += len(p)
			return Token{Kind: Punct, Pos: start, End: lx.pos, Val: p}, nil
		}
	}
	// '"' is a token of its own in Flink's dialect (identifiers are quoted
	// with backticks), so "x" is a parse error, not a lexical one.
	if strings.IndexByte("(),;.=<>+-*/%[]:{}?\"|^", c) >= 0 {
		lx.pos++
		return Token{Kind: Punct, Pos: start, End: lx.pos, Val: s[start:lx.pos]}, nil
	}
	return Token{}, lx.charError(start, "")
}

// quoted reads a quoted run starting at the opening quote q, where a doubled
// quote stands for one, and returns the unescaped text. tokStart is where
// the token starts (before a prefix such as N or X). Backtick identifiers
// must be non-empty and stay on one line.
func (lx *lexer) quoted(q byte, tokStart int) (string, error) {
	lx.pos++
	var b strings.Builder
	seg := lx.pos
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		if c == q {
			if lx.pos+1 < len(lx.src) && lx.src[lx.pos+1] == q {
				b.WriteString(lx.src[seg : lx.pos+1])
				lx.pos += 2
				seg = lx.pos
				continue
			}
			if q == '`' && lx.pos == tokStart+1 {
				return "", lx.charError(lx.pos, "`")
			}
			b.WriteString(lx.src[seg:lx.pos])
			lx.pos++
			return b.String(), nil
		}
		if q == '`' && (c == '\n' || c == '\r') {
			return "", lx.charError(lx.pos, lx.src[tokStart:lx.pos])
		}
		lx.pos++
	}
	return "", lx.eofError(tokStart)
}

func (lx *lexer) number() {
	s := lx.src
	for lx.pos < len(s) && isDigit(s[lx.pos]) {
		lx.pos++
	}
	if lx.pos < len(s) && s[lx.pos] == '.' {
		lx.pos++
		for lx.pos < len(s) && isDigit(s[lx.pos]) {
			lx.pos++
		}
	}
	if lx.pos < len(s) && (s[lx.pos] == 'e' || s[lx.pos] == 'E') {
		p := lx.pos + 1
		if p < len(s) && (s[p] == '+' || s[p] == '-') {
			p++
		}
		if p < len(s) && isDigit(s[p]) {
			for p < len(s) && isDigit(s[p]) {
				p++
			}
			lx.pos = p
		}
	}
}

// Span is one statement of a script: src[Start:End], without its ';'.
type Span struct {
	Start, End int
}

// Split cuts a script into statements at top-level semicolons, knowing
// strings, quoted identifiers, comments and hints, and keeping statement set
// blocks ([EXPLAIN ...] [EXECUTE] STATEMENT SET BEGIN ...; ...; END) whole.
// Statements that hold only white space and comments are dropped.
func Split(src string) ([]Span, error) {
	toks, err := Lex(src, 0, len(src))
	if err != nil {
		return nil, err
	}
	var spans []Span
	i := 0
	for toks[i].Kind != EOF {
		if toks[i].IsPunct(";") {
			i++
			continue
		}
		first := i
		block := setBlockBegin(toks[i:])
		if block > 0 {
			i += block
			// Inside the block an END that starts a statement ends the block.
			for toks[i].Kind != EOF {
				if toks[i].Is("END") && (toks[i-1].IsPunct(";") || toks[i-1].Is("BEGIN")) {
					i++
					break
				}
				i++
			}
		}
		for toks[i].Kind != EOF && !toks[i].IsPunct(";") {
			i++
		}
		spans = append(spans, Span{Start: toks[first].Pos, End: toks[i-1].End})
	}
	return spans, nil
}

// explainDetails are the keywords that may follow EXPLAIN.
var explainDetails = []string{"ESTIMATED_COST", "CHANGELOG_MODE", "JSON_EXECUTION_PLAN", "PLAN_ADVICE"}

// setBlockBegin returns how many tokens [EXPLAIN [PLAN FOR | details]]
// [EXECUTE] STATEMENT SET BEGIN takes at the start of toks, or 0.
func setBlockBegin(toks []Token) int {
	j := 0
	if toks[j].Is("EXPLAIN") {
		j++
		if toks[j].Is("PLAN") && toks[j+1].Is("FOR") {
			j += 2
		}
		for toks[j].Kind == Word && isExplainDetail(toks[j].Val) {
			j++
			if !toks[j].IsPunct(",") {
				break
			}
			j++
		}
	}
	if toks[j].Is("EXECUTE") {
		j++
	}
	if j+2 < len(toks) && toks[j].Is("STATEMENT") && toks[j+1].Is("SET") && toks[j+2].Is("BEGIN") {
		return j + 3
	}
	return 0
}

func isExplainDetail(w string) bool {
	for _, d := range explainDetails {
		if strings.EqualFold(w, d) {
			return true
		}
	}
	return false
}
