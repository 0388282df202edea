package catalog

import (
	"strings"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// LikeFilter is the [NOT] LIKE|ILIKE 'pattern' tail of a SHOW statement.
type LikeFilter struct {
	Not     bool
	ILike   bool
	Pattern string
}

// calciteException is the class Calcite raises for a malformed LIKE pattern.
const calciteException = "org.apache.calcite.runtime.CalciteException"

// Filter keeps the names that match, in order. A nil filter keeps all.
// SQL LIKE semantics: % matches any sequence, _ any one character, and a
// backslash escapes %, _ or itself; ILIKE ignores case.
func (f *LikeFilter) Filter(names []string) ([]string, error) {
	if f == nil {
		return names, nil
	}
	pat, err := compileLike(f.Pattern)
	if err != nil {
		return nil, err
	}
	if f.ILike {
		for i := range pat {
			pat[i].r = toLowerRune(pat[i].r)
		}
	}
	var out []string
	for _, n := range names {
		s := n
		if f.ILike {
			s = strings.ToLower(s)
		}
		if matchLike(pat, s) != f.Not {
			out = append(out, n)
		}
	}
	return out, nil
}

// Match reports whether one name passes the filter.
func (f *LikeFilter) Match(name string) (bool, error) {
	out, err := f.Filter([]string{name})
	return len(out) == 1, err
}

func toLowerRune(r rune) rune {
	return []rune(strings.ToLower(string(r)))[0]
}

type likeKind uint8

const (
	likeLit likeKind = iota
	likeAny          // %
	likeOne          // _
)

type likeTok struct {
	kind likeKind
	r    rune
}

func compileLike(p string) ([]likeTok, error) {
	var toks []likeTok
	for i := 0; i < len(p); {
		r, n := utf8.DecodeRuneInString(p[i:])
		i += n
		switch r {
		case '\\':
			if i >= len(p) {
				return nil, diag.Errorf(diag.NoPos, calciteException, "Invalid escape sequence '%s', %d", p, i-n)
			}
			e, m := utf8.DecodeRuneInString(p[i:])
			if e != '%' && e != '_' && e != '\\' {
				return nil, diag.Errorf(diag.NoPos, calciteException, "Invalid escape sequence '%s', %d", p, i-n)
			}
			i += m
			toks = append(toks, likeTok{likeLit, e})
		case '%':
			toks = append(toks, likeTok{kind: likeAny})
		case '_':
			toks = append(toks, likeTok{kind: likeOne})
		default:
			toks = append(toks, likeTok{likeLit, r})
		}
	}
	return toks, nil
}

// matchLike matches s against the pattern with the classic greedy
// backtracking over the last %, linear in practice for SHOW-sized inputs.
func matchLike(pat []likeTok, s string) bool {
	str := []rune(s)
	p, i := 0, 0
	star, mark := -1, 0
	for i < len(str) {
		switch {
		case p < len(pat) && (pat[p].kind == likeOne || (pat[p].kind == likeLit && pat[p].r == str[i])):
			p++
			i++
		case p < len(pat) && pat[p].kind == likeAny:
			star, mark = p, i
			p++
		case star >= 0:
			p = star + 1
			mark++
			i = mark
		default:
			return false
		}
	}
	for p < len(pat) && pat[p].kind == likeAny {
		p++
	}
	return p == len(pat)
}
