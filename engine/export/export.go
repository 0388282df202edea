// Package export turns a playground script into something real Apache Flink
// runs: a PyFlink program (PyFlink) or a script for Flink's SQL client
// (SQLClient). Both keep every statement's text exactly as written and in
// order, keep the script's comments next to the statements they annotate,
// and drop only the playground's own settings (playground.*), saying so in a
// comment.
//
// Export is a pure function of the script. It splits the script with the
// engine's splitter and classifies each statement with the engine's parser;
// it does not plan or run anything, so a statement that parses exports even
// if it would fail later (say, an unknown table), just as Flink would accept
// the program and fail when it runs. A statement that does not parse is an
// error with Flink's message and its line:col in the script: export never
// silently drops what the user wrote.
package export

import (
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
)

// Options tune an export.
type Options struct {
	// Batch is the runtime mode the script starts in when it does not set
	// 'execution.runtime-mode' itself: the playground session's default
	// (flinkplay sql --batch). Flink's default is streaming.
	Batch bool
}

// Setting keys the export treats specially.
const (
	keyRuntimeMode   = "execution.runtime-mode"
	playgroundPrefix = "playground."
	sqlClientPrefix  = "sql-client."
)

// stmt is one statement of the script and the comments around it.
type stmt struct {
	span sql.Span
	text string // script[span.Start:span.End], exactly as written
	ast  sql.Statement
	// before holds the comments between the previous statement and this
	// one, except those on the previous statement's last line, which
	// annotate that one and are in its after.
	before, after []string
	// terminated reports whether a ';' follows the statement, at semi.
	terminated bool
	semi       int
}

// script is a parsed script: its statements and the comments after the last.
type script struct {
	src   string
	stmts []*stmt
	// tail holds the comments after the last statement (all of them when
	// there is no statement).
	tail []string
}

// parse splits and parses src. Errors carry line:col in src.
func parse(src string) (*script, error) {
	spans, err := sql.Split(src)
	if err != nil {
		return nil, resolve(err, src)
	}
	sc := &script{src: src}
	prevEnd := 0
	var prev *stmt
	for _, sp := range spans {
		st, err := sql.ParseStatement(src, sp)
		if err != nil {
			return nil, resolve(err, src)
		}
		s := &stmt{span: sp, text: src[sp.Start:sp.End], ast: st}
		g := scanGap(src, prevEnd, sp.Start)
		if prev != nil {
			prev.terminated, prev.semi = g.semicolon, g.semi
			prev.after = g.sameLine
		}
		s.before = g.comments
		sc.stmts = append(sc.stmts, s)
		prev, prevEnd = s, sp.End
	}
	g := scanGap(src, prevEnd, len(src))
	if prev != nil {
		prev.terminated, prev.semi = g.semicolon, g.semi
		prev.after = g.sameLine
	}
	sc.tail = g.comments
	return sc, nil
}

func resolve(err error, src string) error {
	if e, ok := diag.As(err); ok {
		e.Resolve(src)
		return e
	}
	return err
}

// gap is what lies between two statements: semicolons, white space and
// comments (the splitter puts everything else into statements).
type gap struct {
	semicolon bool     // a ';' ends the statement before the gap
	semi      int      // where that ';' is
	sameLine  []string // comments starting on the line the gap starts on
	comments  []string // the other comments, in order
}

// scanGap reads src[start:end], a stretch the splitter left between
// statements. A comment that starts on the gap's first line belongs to the
// statement before it ("SELECT 1; -- one").
func scanGap(src string, start, end int) gap {
	var g gap
	firstLine := true
	for i := start; i < end; {
		c := src[i]
		switch {
		case c == ';':
			if !g.semicolon {
				g.semicolon, g.semi = true, i
			}
			i++
		case c == '\n':
			firstLine = false
			i++
		case strings.HasPrefix(src[i:end], "--"):
			j := strings.IndexByte(src[i:end], '\n')
			if j < 0 {
				j = end - i
			}
			g.add(strings.TrimRight(src[i:i+j], "\r"), firstLine && start > 0)
			i += j
		case strings.HasPrefix(src[i:end], "/*"):
			j := strings.Index(src[i+2:end], "*/")
			k := end
			if j >= 0 {
				k = i + 2 + j + 2
			}
			g.add(src[i:k], firstLine && start > 0)
			firstLine = firstLine && !strings.Contains(src[i:k], "\n")
			i = k
		default:
			i++ // white space
		}
	}
	return g
}

func (g *gap) add(comment string, sameLine bool) {
	if sameLine {
		g.sameLine = append(g.sameLine, comment)
	} else {
		g.comments = append(g.comments, comment)
	}
}

// setKey returns the key of SET 'k' = 'v' or RESET 'k', and whether st is one.
func setKey(st sql.Statement) (key, value string, ok bool) {
	switch st := st.(type) {
	case *sql.Set:
		if st.Key != nil {
			return st.Key.Key, st.Key.Value, true
		}
	case *sql.Reset:
		if st.Key != nil {
			return st.Key.Key, "", true
		}
	}
	return "", "", false
}

// playgroundOnly reports whether st sets or resets a playground.* key,
// which only the playground reads.
func playgroundOnly(st sql.Statement) bool {
	k, _, ok := setKey(st)
	return ok && strings.HasPrefix(k, playgroundPrefix)
}

// isConfig reports whether st is SET or RESET.
func isConfig(st sql.Statement) bool {
	switch st.(type) {
	case *sql.Set, *sql.Reset:
		return true
	}
	return false
}

// mode names a runtime mode as Flink spells it.
func mode(batch bool) string {
	if batch {
		return "batch"
	}
	return "streaming"
}

// startMode returns the runtime mode in force when the script's first
// statement other than SET and RESET runs, and whether a SET of the
// script (rather than the default) chose it.
func (sc *script) startMode(o Options) (batch, explicit bool) {
	batch = o.Batch
	for _, s := range sc.stmts {
		if !isConfig(s.ast) {
			break
		}
		switch st := s.ast.(type) {
		case *sql.Set:
			if st.Key != nil && st.Key.Key == keyRuntimeMode {
				batch, explicit = strings.EqualFold(st.Key.Value, "batch"), true
			}
		case *sql.Reset:
			if st.Key == nil || st.Key.Key == keyRuntimeMode {
				batch, explicit = o.Batch, false
			}
		}
	}
	return batch, explicit
}
