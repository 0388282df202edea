package export

import (
	"strings"
)

// SQLClient returns script as a script for Flink's SQL client
// (./bin/sql-client.sh -f script.sql): the statements unchanged, in order,
// each ended by ';', with the script's comments and blank lines where they
// were. Settings of the playground only (SET/RESET 'playground.*') are
// commented out with a note. When the script relies on the default runtime
// mode, a SET makes it explicit, since a cluster's configuration may
// choose another default.
func SQLClient(script string, o Options) (string, error) {
	sc, err := parse(script)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("-- A Flink SQL client script exported from the Flink SQL Playground.\n")
	b.WriteString("-- Run it with Flink's SQL client:\n")
	b.WriteString("--   ./bin/sql-client.sh -f script.sql\n")
	if batch, explicit := sc.startMode(o); !explicit && len(sc.stmts) > 0 {
		b.WriteString("\n-- The playground ran this script in " + mode(batch) + " mode, its default.\n")
		b.WriteString("SET '" + keyRuntimeMode + "' = '" + mode(batch) + "';\n")
	}
	b.WriteString("\n")
	src := sc.src
	// Copy the script, replacing only playground settings and adding the
	// ';' a last statement may lack.
	pos := 0
	for _, s := range sc.stmts {
		b.WriteString(trimLeadingBlank(src[pos:s.span.Start], pos == 0))
		pos = s.span.End
		if !playgroundOnly(s.ast) {
			b.WriteString(s.text)
			if !s.terminated {
				b.WriteString(";")
			}
			continue
		}
		key, _, _ := setKey(s.ast)
		// The note goes on its own line, and so does the statement:
		// whatever preceded it on its line stays in front of the note.
		if !atLineStart(b.String()) {
			b.WriteString("\n")
		}
		b.WriteString("-- " + key + " is a setting of the playground only; Flink does not read it.\n")
		text := s.text
		if s.terminated {
			// Comment out the ';' too, so no empty statement is left behind.
			text = src[s.span.Start : s.semi+1]
			pos = s.semi + 1
		} else {
			text += ";"
		}
		b.WriteString(strings.Join(commentLinesRaw(text, "-- "), "\n"))
	}
	rest := src[pos:]
	b.WriteString(rest)
	if out := b.String(); !strings.HasSuffix(out, "\n") {
		b.WriteString("\n")
	}
	return b.String(), nil
}

// trimLeadingBlank drops the white space a script starts with, so the
// header is followed by exactly one blank line.
func trimLeadingBlank(s string, first bool) string {
	if !first {
		return s
	}
	return strings.TrimLeft(s, " \t\r\n")
}

func atLineStart(s string) bool { return s == "" || strings.HasSuffix(s, "\n") }

// commentLinesRaw prefixes every line of text with prefix, keeping the
// text as it is: in a SQL script a comment may hold any character.
func commentLinesRaw(text, prefix string) []string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return lines
}
