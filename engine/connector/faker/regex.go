package faker

import (
	"regexp/syntax"
	"strings"
	"unicode"
)

// maxRepeat bounds the open repetitions of regexify (*, +, {n,}): each
// adds at most this many more.
const maxRepeat = 10

// generate writes a string that re matches, drawing every choice (an
// alternative, a class member, a repetition count) at random. Anchors and
// word boundaries match nothing and so write nothing.
func (r *resolver) generate(b *strings.Builder, re *syntax.Regexp, depth int) {
	if depth > 100 {
		return
	}
	switch re.Op {
	case syntax.OpLiteral:
		for _, c := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 && r.rnd.IntN(2) == 0 {
				c = unicode.SimpleFold(c)
			}
			b.WriteRune(c)
		}
	case syntax.OpCharClass:
		b.WriteRune(r.classRune(re.Rune))
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		b.WriteByte(byte(' ' + r.rnd.IntN(95))) // printable ASCII
	case syntax.OpCapture:
		r.generate(b, re.Sub[0], depth+1)
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			r.generate(b, sub, depth+1)
		}
	case syntax.OpAlternate:
		r.generate(b, re.Sub[r.rnd.IntN(len(re.Sub))], depth+1)
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		lo, hi := re.Min, re.Max
		switch re.Op {
		case syntax.OpStar:
			lo, hi = 0, maxRepeat
		case syntax.OpPlus:
			lo, hi = 1, 1+maxRepeat
		case syntax.OpQuest:
			lo, hi = 0, 1
		}
		if hi < 0 {
			hi = lo + maxRepeat
		}
		n := lo
		if hi > lo {
			n += r.rnd.IntN(hi - lo + 1)
		}
		for range n {
			r.generate(b, re.Sub[0], depth+1)
		}
	}
}

// classRune picks a rune of a character class (pairs of inclusive ranges),
// each rune equally likely; a class of the whole of Unicode keeps to
// printable ASCII.
func (r *resolver) classRune(ranges []rune) rune {
	total := 0
	for i := 0; i+1 < len(ranges); i += 2 {
		total += int(ranges[i+1]-ranges[i]) + 1
	}
	if total == 0 {
		return '?'
	}
	if total > 0x10000 {
		// [^x] and the like: draw printable ASCII until one is in.
		for range 100 {
			c := rune(' ' + r.rnd.IntN(95))
			if inRanges(c, ranges) {
				return c
			}
		}
	}
	k := r.rnd.IntN(total)
	for i := 0; i+1 < len(ranges); i += 2 {
		n := int(ranges[i+1]-ranges[i]) + 1
		if k < n {
			return ranges[i] + rune(k)
		}
		k -= n
	}
	return ranges[0]
}

func inRanges(c rune, ranges []rune) bool {
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i] <= c && c <= ranges[i+1] {
			return true
		}
	}
	return false
}
