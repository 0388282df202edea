package enginetest

import (
	"strings"
)

// QStatement is one statement of a Flink SQL client test script (.q file)
// with the output Flink printed for it.
type QStatement struct {
	Line     int    // 1-based line of the statement's first line
	SQL      string // as written, ';' and comment lines included
	Expected string // the output lines before the tag, without a final newline
	Tag      string // "ok", "info", "error" or "warning"
}

// ParseQ reads a .q file as Flink's SqlScriptReader does. Lines starting
// with '#' and blank lines before a statement are comments. In single-
// statement mode a statement ends at the first line whose trimmed text ends
// with ';' while the SQL client's lexer is outside any string, quoted
// identifier or comment; in multi-statement mode (sql_multi) it ends at a
// line "!output". The expected output follows, up to a line starting with
// '!', the tag. A statement without a tag at the end of the file is dropped,
// as Flink drops it.
func ParseQ(text string, multi bool) []QStatement {
	lines := strings.Split(text, "\n")
	var out []QStatement
	i := 0
	for i < len(lines) {
		l := lines[i]
		if strings.HasPrefix(l, "#") || strings.TrimSpace(l) == "" {
			i++
			continue
		}
		st := QStatement{Line: i + 1}
		var sql []string
		ended := false
		for ; i < len(lines) && !ended; i++ {
			l := lines[i]
			if multi && strings.TrimSpace(l) == "!output" {
				ended = true
				continue
			}
			sql = append(sql, l)
			if !multi && strings.HasSuffix(strings.TrimSpace(l), ";") &&
				lexStateAtEnd(strings.TrimSpace(strings.Join(sql, "\n")+"\n")) == stateDefault {
				ended = true
			}
		}
		st.SQL = strings.Join(sql, "\n")
		var exp []string
		tagged := false
		for ; i < len(lines); i++ {
			if strings.HasPrefix(lines[i], "!") {
				st.Tag = strings.TrimSpace(lines[i][1:])
				tagged = true
				i++
				break
			}
			exp = append(exp, lines[i])
		}
		if !tagged {
			break
		}
		st.Expected = strings.Join(exp, "\n")
		out = append(out, st)
	}
	return out
}

// lexState is the state of the SQL client's line lexer (Flink's
// SqlClientParserState, default dialect).
type lexState uint8

const (
	stateDefault     lexState = iota
	stateQuoted               // '...'
	stateIdent                // `...`
	stateLineComment          // -- up to the end of the line
	stateHint                 // /*+ ... */
	stateComment              // /* ... */
)

var stateMarks = [...]struct{ start, end string }{
	stateQuoted:      {"'", "'"},
	stateIdent:       {"`", "`"},
	stateLineComment: {"--", "\n"},
	stateHint:        {"/*+", "*/"},
	stateComment:     {"/*", "*/"},
}

// lexStateAtEnd returns the lexer state after s, scanning as Flink does: a
// state starts at its opening mark and ends where its closing mark starts
// (the closing mark is checked from the character after the opening one).
func lexStateAtEnd(s string) lexState {
	cur := stateDefault
	for i := 0; i < len(s); i++ {
		if cur == stateDefault {
			for st := stateQuoted; st <= stateComment; st++ {
				if strings.HasPrefix(s[i:], stateMarks[st].start) {
					cur = st
					i += len(stateMarks[st].start) - 1
					break
				}
			}
			continue
		}
		if strings.HasPrefix(s[i:], stateMarks[cur].end) {
			cur = stateDefault
		}
	}
	return cur
}

// outputTag derives the tag Flink's test runner gives an output from the
// colour of its messages: error, then warning, then info, else ok.
func outputTag(output string) string {
	has := func(prefix string) bool {
		for _, l := range strings.Split(output, "\n") {
			if strings.HasPrefix(l, prefix) {
				return true
			}
		}
		return false
	}
	switch {
	case has("[ERROR]"):
		return "error"
	case has("[WARNING]"):
		return "warning"
	case has("[INFO]"):
		return "info"
	}
	return "ok"
}
