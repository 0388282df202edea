package state

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// The editor counts offsets in UTF-16 code units (JS string indices); the
// engine counts bytes of the UTF-8 script. These convert between the two.

// ByteOffset returns the byte offset in s of the UTF-16 offset u, clamped
// to [0, len(s)]. An offset inside a surrogate pair rounds down.
func ByteOffset(s string, u int) int {
	if u <= 0 {
		return 0
	}
	n := 0
	for i, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if n+w > u {
			return i
		}
		n += w
	}
	return len(s)
}

// UTF16Offset returns the UTF-16 offset of byte offset b in s, clamped to
// [0, len(s)]. An offset inside a multi-byte rune rounds down.
func UTF16Offset(s string, b int) int {
	if b <= 0 {
		return 0
	}
	if b > len(s) {
		b = len(s)
	}
	n := 0
	for i, r := range s {
		if i >= b {
			break
		}
		if _, size := utf8.DecodeRuneInString(s[i:]); i+size > b {
			break
		}
		n += len(utf16.Encode([]rune{r}))
	}
	return n
}

// Span is a statement's byte range in a script: from its first significant
// character to just after its ';' (or its last character when it has none).
type Span struct {
	Start, End int
}

// Statements splits a script at top-level semicolons, skipping string
// literals, quoted identifiers and comments, and returns the spans of the
// statements that are not empty.
func Statements(s string) []Span {
	var spans []Span
	start := -1 // first significant byte of the statement being read
	last := -1  // end of its last significant byte
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '-' && i+1 < len(s) && s[i+1] == '-':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				i = len(s)
			} else {
				i += end + 4
			}
			continue
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case c == ';':
			if start >= 0 {
				spans = append(spans, Span{start, i + 1})
			}
			start, last = -1, -1
			i++
			continue
		}
		if start < 0 {
			start = i
		}
		if c == '\'' || c == '"' || c == '`' {
			j := i + 1
			for j < len(s) {
				if s[j] == c {
					if j+1 < len(s) && s[j+1] == c { // doubled quote escapes itself
						j += 2
						continue
					}
					break
				}
				j++
			}
			i = min(j+1, len(s))
		} else {
			i++
		}
		last = i
	}
	if start >= 0 {
		spans = append(spans, Span{start, last})
	}
	return spans
}

// StatementAt returns the statement the cursor (a byte offset) is in: the
// one that contains it, else the one starting later on the cursor's line,
// else the last one before it, else the first one.
func StatementAt(s string, pos int) (Span, bool) {
	spans := Statements(s)
	if len(spans) == 0 {
		return Span{}, false
	}
	for i, sp := range spans {
		if pos >= sp.Start && pos <= sp.End {
			return sp, true
		}
		if sp.Start > pos {
			// Before a statement on its own line: that one; after a
			// statement's line ended: the previous one.
			if i > 0 && strings.Contains(s[max(pos, 0):sp.Start], "\n") {
				return spans[i-1], true
			}
			return sp, true
		}
	}
	return spans[len(spans)-1], true
}

// RunRange returns the byte range to run for an editor selection given in
// UTF-16 offsets: the selection itself, or the statement at the cursor when
// it is empty. ok is false when there is nothing to run.
func RunRange(s string, from16, to16 int) (start, end int, ok bool) {
	if from16 > to16 {
		from16, to16 = to16, from16
	}
	start, end = ByteOffset(s, from16), ByteOffset(s, to16)
	if start == end {
		sp, ok := StatementAt(s, start)
		return sp.Start, sp.End, ok
	}
	if len(Statements(s[start:end])) == 0 {
		return 0, 0, false
	}
	return start, end, true
}

// Diagnostic is an editor underline: a UTF-16 range and its message.
type Diagnostic struct {
	From    int    `json:"from"`
	To      int    `json:"to"`
	Message string `json:"message"`
}

// ErrorDiagnostic places an error in the script for the editor: at its
// byte offset, else at its line:col, else over the whole statement stmt
// that failed. It underlines the token there (a word, a quoted literal, or
// one character), or the last token when the position is at a line's end.
func ErrorDiagnostic(s string, e *protocol.Error, stmt Span) Diagnostic {
	msg := diagnosticMessage(e)
	off := -1
	switch {
	case e.Offset >= 0 && e.Offset <= len(s) && (e.Offset > 0 || e.Line <= 1 && e.Col <= 1):
		off = e.Offset
	case e.Line > 0:
		off = LineColOffset(s, e.Line, max(e.Col, 1))
	}
	if off < 0 {
		from, to := clampSpan(s, stmt)
		return Diagnostic{UTF16Offset(s, from), UTF16Offset(s, to), msg}
	}
	from, to := tokenAt(s, off)
	return Diagnostic{UTF16Offset(s, from), UTF16Offset(s, to), msg}
}

// diagnosticMessage is what an underline of e says: the class and the
// message, and where in the data the problem is.
func diagnosticMessage(e *protocol.Error) string {
	msg := e.Message
	if e.Class != "" {
		msg = e.Class + ": " + e.Message
	}
	if e.Where != "" {
		msg += "\n(" + e.Where + ")"
	}
	if e.Note != "" {
		msg += "\n(" + e.Note + ")"
	}
	return msg
}

func clampSpan(s string, sp Span) (int, int) {
	from, to := min(max(sp.Start, 0), len(s)), min(max(sp.End, 0), len(s))
	if to < from {
		to = from
	}
	return from, to
}

// LineColOffset returns the byte offset of 1-based line and column (in
// characters), or -1 when the script has no such line.
func LineColOffset(s string, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		nl := strings.IndexByte(s[off:], '\n')
		if nl < 0 {
			return -1
		}
		off += nl + 1
	}
	for c := 1; c < col && off < len(s) && s[off] != '\n'; c++ {
		_, size := utf8.DecodeRuneInString(s[off:])
		off += size
	}
	return off
}

func isWord(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// tokenAt returns the byte range of the token at off.
func tokenAt(s string, off int) (int, int) {
	// At the end of the script or a line, point at the last token before.
	if off >= len(s) || s[off] == '\n' || s[off] == '\r' {
		j := off
		for j > 0 && (j >= len(s) || s[j] == '\n' || s[j] == '\r' || s[j] == ' ' || s[j] == '\t') {
			j--
		}
		if j < 0 || j >= len(s) || j == off {
			return off, off
		}
		off = j
		for off > 0 && isWord(s[off]) && isWord(s[off-1]) {
			off--
		}
	}
	c := s[off]
	switch {
	case isWord(c):
		end := off
		for end < len(s) && isWord(s[end]) {
			end++
		}
		return off, end
	case c == '\'' || c == '`' || c == '"':
		end := strings.IndexByte(s[off+1:], c)
		if end < 0 || strings.Contains(s[off+1:off+1+end], "\n") {
			return off, off + 1
		}
		return off, off + end + 2
	}
	_, size := utf8.DecodeRuneInString(s[off:])
	return off, off + size
}
