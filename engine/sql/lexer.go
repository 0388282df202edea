// Package sql is the Flink SQL dialect front end: a lexer and script splitter
// with Flink's lexical rules, our own AST, hand-written parsers for every
// statement that is not a query, Flink's type grammar, and the bridge that
// parses queries and expressions with github.com/dolthub/vitess and converts
// them into our AST at once. Only this package imports vitess.
package sql

import (
	"strings"

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
	lx := lexer{src: src[:end], pos: start}
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
	src string
	pos int
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80
}

func isIdentPart(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (lx *lexer) skipSpaceAndComments() error {
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			lx.pos++
		case c == '-' && strings.HasPrefix(lx.src[lx.pos:], "--"):
			nl := strings.IndexByte(lx.src[lx.pos:], '\n')
			if nl < 0 {
				lx.pos = len(lx.src)
			} else {
				lx.pos += nl + 1
			}
		case c == '/' && strings.HasPrefix(lx.src[lx.pos:], "/*") && !strings.HasPrefix(lx.src[lx.pos:], "/*+"):
			endc := strings.Index(lx.src[lx.pos+2:], "*/")
			if endc < 0 {
				return lexError(lx.src, lx.pos, "<EOF>", lx.src[lx.pos:])
			}
			lx.pos += 2 + endc + 2
		default:
			return nil
		}
	}
	return nil
}

// lexError reports a lexical error the way Flink's generated parser does.
func lexError(src string, pos int, encountered, after string) error {
	line, col := diag.LineCol(src, pos)
	if len(after) > 40 {
		after = after[:40]
	}
	return diag.Parse(pos, "Lexical error at line %d, column %d.  Encountered: %s after : \"%s\"", line, col, encountered, after)
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
			return Token{}, lexError(s, start, "<EOF>", s[start:])
		}
		lx.pos += 3 + endc + 2
		return Token{Kind: Hint, Pos: start, End: lx.pos, Val: s[start+3 : start+3+endc]}, nil
	case (c == 'x' || c == 'X') && lx.pos+1 < len(s) && s[lx.pos+1] == '\'':
		lx.pos++
		v, err := lx.quoted('\'')
		if err != nil {
			return Token{}, err
		}
		return Token{Kind: BinaryStr, Pos: start, End: lx.pos, Val: v}, nil
	case (c == 'n' || c == 'N') && lx.pos+1 < len(s) && s[lx.pos+1] == '\'':
		lx.pos++
		v, err := lx.quoted('\'')
		if err != nil {
			return Token{}, err
		}
		return Token{Kind: String, Pos: start, End: lx.pos, Val: v}, nil
	case c == '\'':
		v, err := lx.quoted('\'')
		if err != nil {
			return Token{}, err
		}
		return Token{Kind: String, Pos: start, End: lx.pos, Val: v}, nil
	case c == '`':
		v, err := lx.quoted('`')
		if err != nil {
			return Token{}, err
		}
		return Token{Kind: QuotedIdent, Pos: start, End: lx.pos, Val: v}, nil
	case c == '"':
		return Token{}, lexError(s, start, "\"\\\"\" (34)", "")
	case isDigit(c) || (c == '.' && lx.pos+1 < len(s) && isDigit(s[lx.pos+1])):
		lx.number()
		return Token{Kind: Number, Pos: start, End: lx.pos, Val: s[start:lx.pos]}, nil
	case isIdentStart(c):
		for lx.pos < len(s) && isIdentPart(s[lx.pos]) {
			lx.pos++
		}
		return Token{Kind: Word, Pos: start, End: lx.pos, Val: s[start:lx.pos]}, nil
	}
	for _, p := range puncts2 {
		if strings.HasPrefix(s[lx.pos:], p) {
			lx.pos += len(p)
			return Token{Kind: Punct, Pos: start, End: lx.pos, Val: p}, nil
		}
	}
	if strings.IndexByte("(),;.=<>+-*/%[]:{}?", c) >= 0 {
		lx.pos++
		return Token{Kind: Punct, Pos: start, End: lx.pos, Val: s[start:lx.pos]}, nil
	}
	r := []rune(s[lx.pos:])[0]
	return Token{}, lexError(s, start, "\""+string(r)+"\"", "")
}

// quoted reads a quoted run starting at the opening quote q, where a doubled
// quote stands for one, and returns the unescaped text.
func (lx *lexer) quoted(q byte) (string, error) {
	start := lx.pos
	lx.pos++
	var b strings.Builder
	seg := lx.pos
	for lx.pos < len(lx.src) {
		if lx.src[lx.pos] == q {
			if lx.pos+1 < len(lx.src) && lx.src[lx.pos+1] == q {
				b.WriteString(lx.src[seg : lx.pos+1])
				lx.pos += 2
				seg = lx.pos
				continue
			}
			b.WriteString(lx.src[seg:lx.pos])
			lx.pos++
			return b.String(), nil
		}
		lx.pos++
	}
	return "", lexError(lx.src, start, "<EOF>", lx.src[start:])
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
// strings, quoted identifiers, comments and hints, and keeping
// EXECUTE STATEMENT SET BEGIN ... END blocks whole. Statements that hold only
// white space and comments are dropped.
func Split(src string) ([]Span, error) {
	toks, err := Lex(src, 0, len(src))
	if err != nil {
		return nil, err
	}
	var spans []Span
	i := 0
	for i < len(toks) && toks[i].Kind != EOF {
		if toks[i].IsPunct(";") {
			i++
			continue
		}
		first := i
		block := isSetBlockStart(toks[i:])
		for toks[i].Kind != EOF {
			if toks[i].IsPunct(";") {
				if !block {
					break
				}
				// inside BEGIN ... END: the block ends at END followed by ; or EOF
				if i+1 < len(toks) && toks[i+1].Is("END") && (toks[i+2].IsPunct(";") || toks[i+2].Kind == EOF) {
					i += 2
					break
				}
			}
			i++
		}
		last := toks[i-1]
		spans = append(spans, Span{Start: toks[first].Pos, End: last.End})
	}
	return spans, nil
}

// isSetBlockStart reports whether toks start [EXECUTE] STATEMENT SET BEGIN.
func isSetBlockStart(toks []Token) bool {
	j := 0
	if toks[j].Is("EXECUTE") {
		j++
	}
	return j+2 < len(toks) && toks[j].Is("STATEMENT") && toks[j+1].Is("SET") && toks[j+2].Is("BEGIN")
}
