package faker

import "strings"

// An expression is what a 'fields.<f>.expression' option holds: literal
// text with Datafaker directives in it, "#{Name.firstName} #{regexify
// '[a-z]{3}'}". It is split once, when the table is planned, exactly as
// Datafaker 1.9's FakeValuesService splits it, quirks included: a "#{"
// in the last two characters is text, quotes are counted across the whole
// expression, and an unterminated directive runs to the end.
type expression []segment

// segment is literal text or a directive.
type segment struct {
	text string     // the literal text, or the directive's inside as written
	dir  *directive // nil for literal text
}

// directive is one #{name 'arg', 'arg'}.
type directive struct {
	name string
	args []string
}

// parseExpression splits s into text and directives.
func parseExpression(s string) expression {
	if !strings.Contains(s, "}") {
		return expression{{text: s}}
	}
	var parts []string
	inside, start, quotes := false, 0, 0
	n := len(s)
	for i := 0; i < n; i++ {
		switch {
		case inside:
			if s[i] == '}' && quotes%2 == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
				inside = false
			} else if s[i] == '\'' {
				quotes++
			}
		case i < n-2 && s[i] == '#' && s[i+1] == '{':
			parts = append(parts, s[start:i])
			inside = true
			start = i + 2
			i++
		}
	}
	if start < n {
		parts = append(parts, s[start:])
	}
	e := make(expression, 0, len(parts))
	for i, p := range parts {
		if i%2 == 0 {
			if p != "" {
				e = append(e, segment{text: p})
			}
			continue
		}
		e = append(e, segment{text: p, dir: parseDirective(p)})
	}
	return e
}

// parseDirective splits a directive's inside into its name (up to the
// first white space) and its quoted arguments.
func parseDirective(s string) *directive {
	j := 0
	for j < len(s) && !isSpace(s[j]) {
		j++
	}
	d := &directive{name: s[:j]}
	for j < len(s) && isSpace(s[j]) {
		j++
	}
	d.args = splitArguments(s[j:])
	return d
}

// splitArguments reads 'a','b”c' as Datafaker does: an argument starts at
// a quote and ends at an odd run of quotes; doubled quotes inside are one.
func splitArguments(s string) []string {
	var out []string
	start, started := 0, false
	n := len(s)
	for i := 0; i < n; i++ {
		if started {
			cnt := 0
			for i < n && s[i] == '\'' {
				cnt++
				i++
			}
			if cnt%2 == 1 {
				out = append(out, strings.ReplaceAll(s[start:i-1], "''", "'"))
				started = false
			}
		} else if s[i] == '\'' {
			started = true
			start = i + 1
		}
	}
	return out
}

// isSpace is Java's Character.isWhitespace for ASCII.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || (c >= 0x1c && c <= 0x1f)
}
