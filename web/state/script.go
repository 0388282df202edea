package state

import (
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// What the page reads of the script itself, without the engine: where a
// table is defined, and where its options are, so that an error Flink
// reports where a table is used can also point at its CREATE TABLE.

// word is one token of a statement: a word, a quoted string or a quoted
// identifier, or one character of punctuation. Text is the word as
// written (an identifier or string without its quotes, ” and “ undone).
type word struct {
	Start, End int // byte range in the script, quotes included
	Text       string
	Quote      byte // '\'', '`', '"' or 0
}

// words splits s[sp.Start:sp.End] into tokens, skipping spaces and
// comments.
func words(s string, sp Span) []word {
	var out []word
	i, end := sp.Start, min(sp.End, len(s))
	for i < end {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '-' && i+1 < end && s[i+1] == '-':
			for i < end && s[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < end && s[i+1] == '*':
			j := strings.Index(s[i+2:end], "*/")
			if j < 0 {
				i = end
			} else {
				i += j + 4
			}
		case c == '\'' || c == '`' || c == '"':
			var b strings.Builder
			j := i + 1
			for j < end {
				if s[j] == c {
					if j+1 < end && s[j+1] == c {
						b.WriteByte(c)
						j += 2
						continue
					}
					break
				}
				b.WriteByte(s[j])
				j++
			}
			stop := min(j+1, end)
			out = append(out, word{Start: i, End: stop, Text: b.String(), Quote: c})
			i = stop
		case isWord(c):
			j := i
			for j < end && isWord(s[j]) {
				j++
			}
			out = append(out, word{Start: i, End: j, Text: s[i:j]})
			i = j
		default:
			out = append(out, word{Start: i, End: i + 1, Text: s[i : i+1]})
			i++
		}
	}
	return out
}

func (w word) is(kw string) bool { return w.Quote == 0 && strings.EqualFold(w.Text, kw) }

// Definition is where a script defines a table or view.
type Definition struct {
	Stmt       Span // the CREATE statement
	Name       Span // its (last) name part
	View       bool
	With, Opts []word // the WITH keyword (one word, nil when none) and the option list's tokens
}

// definition reads a CREATE [OR REPLACE] [TEMPORARY] TABLE|VIEW [IF NOT
// EXISTS] [a.[b.]]name statement; ok is false for any other statement.
func definition(s string, sp Span) (d Definition, name string, ok bool) {
	ws := words(s, sp)
	i := 0
	next := func(kw string) bool {
		if i < len(ws) && ws[i].is(kw) {
			i++
			return true
		}
		return false
	}
	if !next("CREATE") {
		return d, "", false
	}
	if next("OR") && !next("REPLACE") {
		return d, "", false
	}
	next("TEMPORARY")
	switch {
	case next("TABLE"):
	case next("VIEW"):
		d.View = true
	default:
		return d, "", false
	}
	if i+2 < len(ws) && ws[i].is("IF") && ws[i+1].is("NOT") && ws[i+2].is("EXISTS") {
		i += 3
	}
	// a qualified name: parts separated by dots
	last := -1
	for i < len(ws) && (ws[i].Quote == '`' || ws[i].Quote == 0 && isWord(ws[i].Text[0])) {
		last = i
		i++
		if i < len(ws) && ws[i].Text == "." && ws[i].Quote == 0 {
			i++
			continue
		}
		break
	}
	if last < 0 {
		return d, "", false
	}
	d.Stmt, d.Name = sp, Span{ws[last].Start, ws[last].End}
	if d.View {
		return d, ws[last].Text, true
	}
	// WITH ( ... ) at depth 0
	depth := 0
	for j := i; j < len(ws); j++ {
		w := ws[j]
		switch {
		case w.Quote == 0 && w.Text == "(":
			depth++
		case w.Quote == 0 && w.Text == ")":
			depth--
		case depth == 0 && w.is("WITH") && j+1 < len(ws) && ws[j+1].Text == "(":
			d.With = ws[j : j+1]
			k, inner := j+2, 0
			for ; k < len(ws); k++ {
				if ws[k].Quote == 0 && ws[k].Text == "(" {
					inner++
				}
				if ws[k].Quote == 0 && ws[k].Text == ")" {
					if inner == 0 {
						break
					}
					inner--
				}
			}
			d.Opts = ws[j+2 : k]
			return d, ws[last].Text, true
		}
	}
	return d, ws[last].Text, true
}

// FindDefinition returns the last statement of s that defines name (a
// table or view, compared as Flink compares identifiers: exactly) and
// starts before pos.
func FindDefinition(s, name string, pos int) (Definition, bool) {
	var found Definition
	ok := false
	for _, sp := range Statements(s) {
		if sp.Start >= pos {
			break
		}
		if d, n, isDef := definition(s, sp); isDef && n == name {
			found, ok = d, true
		}
	}
	return found, ok
}

// OptionKey returns the byte range of key's quoted literal in the
// definition's WITH list (the key, not its value).
func (d Definition) OptionKey(key string) (Span, bool) {
	for j, w := range d.Opts {
		if w.Quote == '\'' && w.Text == key && j+1 < len(d.Opts) && d.Opts[j+1].Text == "=" && (j == 0 || d.Opts[j-1].Text == ",") {
			return Span{w.Start, w.End}, true
		}
	}
	return Span{}, false
}

// OptionDiagnostics places an error about a table's options in that
// table's CREATE TABLE, when the script has it: an underline on every
// option key the error names, else on the WITH keyword (a missing
// option), else on the table's name.
func OptionDiagnostics(s string, e *protocol.Error) []Diagnostic {
	if e == nil || e.Table == "" {
		return nil
	}
	d, ok := FindDefinition(s, e.Table, len(s)+1)
	if !ok || d.View {
		return nil
	}
	msg := diagnosticMessage(e)
	var out []Diagnostic
	for _, k := range e.Keys {
		if sp, ok := d.OptionKey(k); ok {
			out = append(out, Diagnostic{UTF16Offset(s, sp.Start), UTF16Offset(s, sp.End), msg})
		}
	}
	if len(out) > 0 {
		return out
	}
	at := d.Name
	if len(d.With) > 0 {
		at = Span{d.With[0].Start, d.With[0].End}
	}
	return []Diagnostic{{UTF16Offset(s, at.Start), UTF16Offset(s, at.End), msg}}
}

// missingObject returns the object name a "not found" error names, with
// its qualifiers dropped: Calcite's "Object 'MySource' not found" and
// Flink's "... with the identifier 'cat.db.t' doesn't exist." / "does not
// exist.".
func missingObject(e *protocol.Error) string {
	msg := e.Message
	quoted := func(after string) string {
		i := strings.Index(msg, after)
		if i < 0 {
			return ""
		}
		rest := msg[i+len(after):]
		j := strings.IndexByte(rest, '\'')
		if j < 0 {
			return ""
		}
		return rest[:j]
	}
	var name string
	switch {
	case strings.HasPrefix(msg, "Object '") && strings.Contains(msg, "' not found"):
		name = quoted("Object '")
	case strings.Contains(msg, "doesn't exist") || strings.Contains(msg, "does not exist"):
		name = quoted("identifier '")
	}
	if name == "" {
		return ""
	}
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	return strings.Trim(name, "`")
}

// existingObject returns the name an "already exists" error names.
func existingObject(e *protocol.Error) string {
	if !strings.Contains(e.Message, "already exists") {
		return ""
	}
	i := strings.IndexByte(e.Message, '\'')
	if i < 0 {
		// Flink: "Table (or view) t already exists in Catalog c."
		f := strings.Fields(e.Message)
		for k := 0; k+2 < len(f); k++ {
			if f[k+1] == "already" && f[k+2] == "exists" {
				return strings.Trim(f[k], "`")
			}
		}
		return ""
	}
	rest := e.Message[i+1:]
	j := strings.IndexByte(rest, '\'')
	if j < 0 {
		return ""
	}
	name := rest[:j]
	if k := strings.LastIndexByte(name, '.'); k >= 0 {
		name = name[k+1:]
	}
	return strings.Trim(name, "`")
}

// SessionHint explains an error of a statement run on its own (Run
// statement) that the session's state caused rather than the statement:
// a table the script defines above it that this session never created, or
// one it created in an earlier run. "" when the error is none of these.
func SessionHint(s string, e *protocol.Error, stmt Span) string {
	if e == nil {
		return ""
	}
	if name := missingObject(e); name != "" {
		d, ok := FindDefinition(s, name, stmt.Start)
		if !ok {
			return ""
		}
		line, _ := lineCol(s, d.Stmt.Start)
		kind := "table"
		if d.View {
			kind = "view"
		}
		return name + " is defined by the CREATE " + strings.ToUpper(kind) + " on line " + strconv.Itoa(line) +
			", which has not run in this session. Run script runs the whole script in a fresh session, as sql-client.sh -f does; or run line " +
			strconv.Itoa(line) + " first (Run statement there) to create it in this one."
	}
	if name := existingObject(e); name != "" {
		if d, ok := FindDefinition(s, name, len(s)+1); ok && d.Stmt.Start <= stmt.Start && stmt.Start < d.Stmt.End {
			return name + " already exists in this session: an earlier run created it. Run script starts a fresh session and runs the whole script, as sql-client.sh -f does."
		}
	}
	return ""
}

// lineCol returns the 1-based line and column (in characters) of byte
// offset off in s.
func lineCol(s string, off int) (line, col int) {
	off = min(max(off, 0), len(s))
	line = 1 + strings.Count(s[:off], "\n")
	start := strings.LastIndexByte(s[:off], '\n') + 1
	return line, 1 + len([]rune(s[start:off]))
}
