package export

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// pyText returns a Python 3 string literal whose value is exactly s, for a
// statement's text. Statements span lines, so the literal is triple-quoted:
// raw (r"""...""") when that keeps every character as it is, so regular
// expressions and paths read as written; otherwise escaped, because a raw
// literal cannot hold """, cannot end with " or \, and a carriage return in
// source code would turn into a line feed when Python reads it.
func pyText(s string) string {
	if rawSafe(s) {
		return `r"""` + s + `"""`
	}
	return `"""` + pyEscape(s, false) + `"""`
}

// pyString returns a one-line Python 3 string literal whose value is s, for
// setting keys and values.
func pyString(s string) string { return `"` + pyEscape(s, true) + `"` }

// rawSafe reports whether r"""s""" is a literal whose value is s.
func rawSafe(s string) bool {
	if strings.Contains(s, `"""`) || strings.HasSuffix(s, `"`) || strings.HasSuffix(s, `\`) {
		return false
	}
	for _, r := range s {
		if r != '\n' && r != '\t' && !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// pyEscape escapes s for the inside of a non-raw literal: backslashes and
// double quotes always (so no """ can close a triple-quoted literal early),
// line feeds only when oneLine, and every character that is not printable.
func pyEscape(s string, oneLine bool) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == '"':
			b.WriteString(`\"`)
		case r == '\n' && !oneLine:
			b.WriteByte('\n')
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case unicode.IsPrint(r):
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	return b.String()
}

// checkUTF8 rejects a script that is not UTF-8 text: a Python string holds
// characters, and bytes that are no character cannot be carried over
// exactly. The error points at the first such byte.
func checkUTF8(src string) error {
	if utf8.ValidString(src) {
		return nil
	}
	for i := 0; i < len(src); {
		r, w := utf8.DecodeRuneInString(src[i:])
		if r == utf8.RuneError && w == 1 {
			e := diag.Errorf(i, diag.IllegalArgument, "The script is not UTF-8 text: byte 0x%02x at line %%d, column %%d is not part of a character.", src[i])
			e.Resolve(src)
			e.Msg = fmt.Sprintf(e.Msg, e.Line, e.Col)
			return e
		}
		i += w
	}
	return nil
}

// pyComment turns a SQL comment (-- or /* */) into Python comment lines.
func pyComment(c string) []string {
	if rest, ok := strings.CutPrefix(c, "--"); ok {
		return commentLines(strings.TrimPrefix(rest, " "), "# ")
	}
	return commentLines(c, "# ")
}

// commentLines prefixes every line of text with prefix.
func commentLines(text, prefix string) []string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		// A comment may hold anything but cannot end a Python comment
		// early or hold a NUL: what is not printable becomes '?'.
		l = strings.Map(func(r rune) rune {
			if r == '\t' || unicode.IsPrint(r) {
				return r
			}
			return '?'
		}, strings.TrimRight(l, "\r"))
		lines[i] = strings.TrimRight(prefix+l, " ")
	}
	return lines
}
