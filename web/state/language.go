package state

import (
	"regexp"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// ProgramFilename names a Python program of the editor in its tracebacks
// and exports, unless it was opened from a file.
const ProgramFilename = "program.py"

// pythonLine is a line that only a Python program starts with: an import
// (`import pyflink`, `from pyflink.table import ...`), a def or class
// header, or a #! line naming python. No SQL statement starts a line so
// (SQL's FROM is never followed by `x import`).
var pythonLine = regexp.MustCompile(`(?m)^(?:import[ \t]+[A-Za-z_][\w.]*|from[ \t]+(?:\.+[ \t]*|\.*[A-Za-z_][\w.]*[ \t]+)import\b|(?:async[ \t]+)?def[ \t]+[A-Za-z_]\w*[ \t]*\(|class[ \t]+[A-Za-z_]\w*[ \t]*[:(]|#!.*python)`)

// LanguageOf tells what the editor holds: protocol.LanguagePython for a
// PyFlink program, protocol.LanguageSQL for a SQL script.
func LanguageOf(text string) string {
	if pythonLine.MatchString(text) {
		return protocol.LanguagePython
	}
	return protocol.LanguageSQL
}

// IsPython reports whether text is a Python program.
func IsPython(text string) bool { return LanguageOf(text) == protocol.LanguagePython }
