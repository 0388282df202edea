package state

import (
	"strings"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// ProgramFilename names a Python program of the editor in its tracebacks
// and exports, unless it was opened from a file.
const ProgramFilename = "program.py"

// LanguageOf tells what the editor holds: protocol.LanguagePython for a
// PyFlink program, protocol.LanguageSQL for a SQL script.
func LanguageOf(text string) string {
	for line := range strings.Lines(text) {
		if pythonLine(line) {
			return protocol.LanguagePython
		}
	}
	return protocol.LanguageSQL
}

// IsPython reports whether text is a Python program.
func IsPython(text string) bool { return LanguageOf(text) == protocol.LanguagePython }

// pythonLine reports whether a line is one that only a Python program
// starts with: an import (`import pyflink`, `from pyflink.table import
// ...`, `from . import x`), a def or class header, or a #! line naming
// python. No SQL statement starts a line so (SQL's FROM is never followed
// by `x import`). It is the regular expression
//
//	^(?:import[ \t]+[A-Za-z_][\w.]*|from[ \t]+(?:\.+[ \t]*|\.*[A-Za-z_][\w.]*[ \t]+)import\b|
//	(?:async[ \t]+)?def[ \t]+[A-Za-z_]\w*[ \t]*\(|class[ \t]+[A-Za-z_]\w*[ \t]*[:(]|#!.*python)
//
// written out, which keeps package regexp (about 70 KB of brotli) out of
// app.wasm; TestPythonLine checks the two agree.
func pythonLine(l string) bool {
	switch {
	case strings.HasPrefix(l, "import"):
		r, ok := blanks(l[len("import"):])
		return ok && r != "" && identStart(r[0])
	case strings.HasPrefix(l, "from"):
		r, ok := blanks(l[len("from"):])
		if !ok {
			return false
		}
		mod := strings.TrimLeft(r, ".")
		if len(mod) < len(r) { // from . import x
			if rest, _ := blanks(mod); importWord(rest) {
				return true
			}
		}
		if mod == "" || !identStart(mod[0]) {
			return false
		}
		i := 1
		for i < len(mod) && (wordByte(mod[i]) || mod[i] == '.') {
			i++
		}
		rest, ok := blanks(mod[i:])
		return ok && importWord(rest)
	case strings.HasPrefix(l, "#!"):
		return strings.Contains(strings.TrimRight(l[2:], "\n"), "python")
	}
	if strings.HasPrefix(l, "async") {
		if r, ok := blanks(l[len("async"):]); ok && header(r, "def", "(") {
			return true
		}
	}
	return header(l, "def", "(") || header(l, "class", ":(")
}

// header reports whether l is keyword, blanks, a name, optional blanks and
// one of the bytes of end: "def f(", "class C:".
func header(l, keyword, end string) bool {
	if !strings.HasPrefix(l, keyword) {
		return false
	}
	r, ok := blanks(l[len(keyword):])
	if !ok || r == "" || !identStart(r[0]) {
		return false
	}
	i := 1
	for i < len(r) && wordByte(r[i]) {
		i++
	}
	r = strings.TrimLeft(r[i:], " \t")
	return r != "" && strings.IndexByte(end, r[0]) >= 0
}

// blanks skips spaces and tabs; ok reports whether there was at least one.
func blanks(s string) (rest string, ok bool) {
	rest = strings.TrimLeft(s, " \t")
	return rest, len(rest) < len(s)
}

// importWord reports whether s starts with the word import.
func importWord(s string) bool {
	return strings.HasPrefix(s, "import") && (len(s) == len("import") || !wordByte(s[len("import")]))
}

func identStart(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func wordByte(c byte) bool { return identStart(c) || '0' <= c && c <= '9' }
