package engine

import (
	"context"
	"iter"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
)

// Step is one statement of a script run by ExecuteScript.
type Step struct {
	// Index counts the statements run, from 0; it is -1 for an error that
	// stopped the script before any statement ran (the split, a parse
	// error under ParseAll, the Check hook).
	Index int
	// Span is where the statement sits in the script.
	Span sql.Span
	// SQL is the statement's text, script[Span.Start:Span.End].
	SQL string
	// Result is what the statement returned; nil when Err is set. The
	// consumer prints or streams it and closes it.
	Result *Result
	// Err is why the statement failed, positioned in the script.
	Err error
}

// ScriptOptions shape a run of ExecuteScript. The zero value runs every
// statement of the script.
type ScriptOptions struct {
	// Selection, when set, runs only the statements that the byte range
	// [Start, End) of the script touches, as the page runs the editor's
	// selection; see SelectStatements.
	Selection  bool
	Start, End int
	// ParseAll parses every statement before the first one runs, so that
	// a syntax error anywhere stops the script before anything ran.
	ParseAll bool
	// Check, when set, sees the statements to run before any runs; the
	// error it returns stops the script (as a step with Index -1).
	Check func(spans []sql.Span) error
	// Before, when set, is called just before each statement runs, with
	// its step's Index, Span and SQL set. It returns the context the
	// statement runs in (nil keeps the script's). A statement whose
	// context is already done does not run, and the script ends there.
	Before func(st *Step) context.Context
}

// ExecuteScript runs the statements of script in order, as Flink's SQL
// client runs a file (sql-client.sh -f), and yields each one's result:
// the CLI, the browser worker, the Worker API and the test runner all run
// scripts through it. The script ends after the first statement that
// fails, when the consumer stops ranging, or when ctx is done.
//
// A statement's Result runs lazily: the consumer reads it (client.Print,
// Result.Next) before the next step, and an error found while reading it
// is the consumer's to report, after which it stops ranging.
func (s *Session) ExecuteScript(ctx context.Context, script string, o ScriptOptions) iter.Seq[*Step] {
	return func(yield func(*Step) bool) {
		spans, err := o.statements(script)
		if err == nil && o.Check != nil {
			err = o.Check(spans)
		}
		if err == nil && o.ParseAll {
			for _, sp := range spans {
				if _, err = sql.ParseStatement(script, sp); err != nil {
					err = resolve(err, script)
					break
				}
			}
		}
		if err != nil {
			yield(&Step{Index: -1, Err: err})
			return
		}
		for i, sp := range spans {
			if ctx.Err() != nil {
				return
			}
			st := &Step{Index: i, Span: sp, SQL: script[sp.Start:sp.End]}
			sctx := ctx
			if o.Before != nil {
				if c := o.Before(st); c != nil {
					sctx = c
				}
			}
			if sctx.Err() != nil {
				return
			}
			st.Result, st.Err = s.ExecuteAt(sctx, script, sp)
			if !yield(st) || st.Err != nil {
				return
			}
		}
	}
}

// statements returns the spans the options select.
func (o ScriptOptions) statements(script string) ([]sql.Span, error) {
	if o.Selection {
		return SelectStatements(script, o.Start, o.End)
	}
	return Split(script)
}

// SelectStatements returns the statements of script that the byte range
// [start, end) touches; an empty range (a cursor) selects the statement it
// is in, or else the nearest one before it, or else the first one after
// it. Positions stay those of the whole script. A statement broken after
// the range (an unclosed quote the user is still typing) does not stop
// the statements before it.
func SelectStatements(script string, start, end int) ([]sql.Span, error) {
	start = max(0, min(start, len(script)))
	end = max(start, min(end, len(script)))
	spans, err := Split(script)
	if err != nil {
		e, ok := diag.As(err)
		if !ok || e.Pos < end {
			return nil, err
		}
		var err2 error
		if spans, err2 = Split(script[:end]); err2 != nil {
			return nil, err
		}
	}
	if start == end {
		pick := -1
		for i, s := range spans {
			if s.Start <= start && start <= s.End {
				pick = i
				break
			}
			if s.End <= start {
				pick = i
			}
		}
		if pick < 0 && len(spans) > 0 {
			pick = 0
		}
		if pick < 0 {
			return nil, nil
		}
		return spans[pick : pick+1], nil
	}
	var out []sql.Span
	for _, s := range spans {
		if s.Start < end && s.End > start {
			out = append(out, s)
		}
	}
	return out, nil
}
