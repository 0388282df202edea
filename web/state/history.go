package state

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// KeyStatements is where the statement history is kept (localStorage),
// oldest first.
const KeyStatements = "flinkplay.statements"

// MaxStatements bounds the statement history; MaxStatementBytes the
// statements' total size, and MaxStatementLen one statement's (a longer
// one is kept cut, and is not recalled into the editor).
const (
	MaxStatements     = 500
	MaxStatementBytes = 1 << 20
	MaxStatementLen   = 16 << 10
)

// Outcomes of a statement run.
const (
	OutcomeRunning     = "running"     // still running (or the page closed while it ran)
	OutcomeDone        = "done"        // finished: a static result, or a query's last row
	OutcomeCancelled   = "cancelled"   // Stop, or a row limit, ended it
	OutcomeFailed      = "failed"      // an error; Error says which
	OutcomeInterrupted = "interrupted" // the page closed or reloaded while it ran
)

// StatementRun is one statement the engine ran: when, for how long and how
// it ended.
type StatementRun struct {
	SQL     string `json:"sql"`
	At      int64  `json:"at"`           // Unix milliseconds
	Ms      int64  `json:"ms,omitempty"` // how long it ran, 0 while it runs
	Outcome string `json:"outcome"`
	Rows    int64  `json:"rows,omitempty"`  // the changes a query received
	Error   string `json:"error,omitempty"` // the error's last line
	Cut     bool   `json:"cut,omitempty"`   // SQL was longer than MaxStatementLen
}

// History is the statement history, oldest first. Model.Apply records
// every statement of the current run in it.
type History struct {
	Runs []StatementRun
	// Gen counts changes, for the page to store it when it changed.
	Gen int
	// open is the index of the statement that runs, -1 when none.
	open int
}

// NewHistory returns the history stored as s ("" for none). Runs the page
// closed on are marked interrupted; what cannot be read is no entry.
func NewHistory(s string) *History {
	h := &History{open: -1}
	if s == "" {
		return h
	}
	var runs []StatementRun
	if json.Unmarshal([]byte(s), &runs) != nil {
		return h
	}
	for _, r := range runs {
		if strings.TrimSpace(r.SQL) == "" {
			continue
		}
		if r.Outcome == OutcomeRunning || r.Outcome == "" {
			r.Outcome = OutcomeInterrupted
		}
		h.Runs = append(h.Runs, r)
	}
	h.trim()
	return h
}

// Encode returns the stored form.
func (h *History) Encode() string {
	if len(h.Runs) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(h.Runs) // strings and numbers always marshal
	return string(b)
}

// Start records a statement that starts now; it ends the one before it,
// if that one had not said how it ended.
func (h *History) Start(sql string, now time.Time) {
	h.End(OutcomeDone, 0, "", now)
	sql = strings.TrimSpace(sql)
	r := StatementRun{SQL: sql, At: now.UnixMilli(), Outcome: OutcomeRunning}
	if len(sql) > MaxStatementLen {
		r.SQL, r.Cut = truncUTF8(sql, MaxStatementLen), true
	}
	h.Runs = append(h.Runs, r)
	h.open = len(h.Runs) - 1
	h.trim()
	h.Gen++
}

// End says how the running statement ended; without one it does nothing.
func (h *History) End(outcome string, rows int64, errText string, now time.Time) {
	if h.open < 0 || h.open >= len(h.Runs) {
		h.open = -1
		return
	}
	r := &h.Runs[h.open]
	r.Ms = max(now.UnixMilli()-r.At, 0)
	r.Outcome, r.Rows, r.Error = outcome, rows, lastLine(errText)
	h.open = -1
	h.Gen++
}

// trim drops the oldest runs past MaxStatements or MaxStatementBytes.
func (h *History) trim() {
	size, keep := 0, 0
	for i := len(h.Runs) - 1; i >= 0; i-- {
		size += len(h.Runs[i].SQL) + len(h.Runs[i].Error)
		if keep == MaxStatements || size > MaxStatementBytes {
			break
		}
		keep++
	}
	if drop := len(h.Runs) - keep; drop > 0 {
		h.Runs = append(h.Runs[:0], h.Runs[drop:]...)
		if h.open >= 0 {
			h.open -= drop // -1 or less when the open one went too
			if h.open < 0 {
				h.open = -1
			}
		}
	}
}

// Search returns the runs whose statement contains every word of query
// (case-insensitive), newest first, at most limit of them.
func (h *History) Search(query string, limit int) []StatementRun {
	words := strings.Fields(strings.ToLower(query))
	var out []StatementRun
	for i := len(h.Runs) - 1; i >= 0 && len(out) < limit; i-- {
		sql := strings.ToLower(h.Runs[i].SQL)
		match := true
		for _, w := range words {
			if !strings.Contains(sql, w) {
				match = false
				break
			}
		}
		if match {
			out = append(out, h.Runs[i])
		}
	}
	return out
}

// Recall is the list that Up and Down in an empty editor walk through:
// the statements run, oldest first and ended by a semicolon, without
// repeats in a row and without the ones kept cut.
func (h *History) Recall() []string {
	var out []string
	for _, r := range h.Runs {
		sql := strings.TrimRight(r.SQL, "; \t\n") + ";"
		if r.Cut || len(out) > 0 && out[len(out)-1] == sql {
			continue
		}
		out = append(out, sql)
	}
	return out
}

// Summary says when the statement ran, for how long and how it ended:
// "12:03:04 · 1.2 s · 16,048 rows · cancelled".
func (r StatementRun) Summary(now time.Time, loc *time.Location) string {
	at := time.UnixMilli(r.At).In(loc)
	when := at.Format("15:04:05")
	if y, m, d := now.In(loc).Date(); at.Year() != y || at.Month() != m || at.Day() != d {
		when = at.Format("2006-01-02 15:04:05")
	}
	parts := []string{when}
	if r.Outcome != OutcomeRunning && r.Outcome != OutcomeInterrupted {
		parts = append(parts, Seconds(time.Duration(r.Ms)*time.Millisecond))
	}
	if r.Rows > 0 {
		rows := Count(r.Rows) + " rows"
		if r.Rows == 1 {
			rows = "1 row"
		}
		parts = append(parts, rows)
	}
	switch r.Outcome {
	case OutcomeFailed:
		if r.Error != "" {
			parts = append(parts, "failed: "+r.Error)
		} else {
			parts = append(parts, "failed")
		}
	case OutcomeInterrupted:
		parts = append(parts, "did not end: the page closed while it ran")
	default:
		parts = append(parts, r.Outcome)
	}
	return strings.Join(parts, " · ")
}

// Title is the statement as one line of the history list.
func (r StatementRun) Title() string {
	s := strings.Join(strings.Fields(r.SQL), " ")
	if len(s) > 160 {
		s = truncUTF8(s, 157) + "..."
	}
	return s
}

// lastLine is an error's last non-empty line (the SQL client's message
// comes after its "[ERROR] Could not execute SQL statement. Reason:"),
// cut to 200 bytes.
func lastLine(text string) string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" {
			if len(l) > 200 {
				l = truncUTF8(l, 197) + "..."
			}
			return l
		}
	}
	return ""
}

// truncUTF8 cuts s to at most n bytes, at a rune boundary.
func truncUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}

// record keeps the statement history in step with a run's messages.
func (h *History) record(msg *protocol.Message, q *Query, now time.Time) {
	switch msg.Type {
	case protocol.TypeStatement:
		h.Start(msg.SQL, now)
	case protocol.TypeResult:
		h.End(OutcomeDone, 0, "", now)
	case protocol.TypeDone:
		outcome := OutcomeDone
		if msg.Cancelled {
			outcome = OutcomeCancelled
		}
		h.End(outcome, msg.Received, "", now)
	case protocol.TypeError:
		text := ""
		if msg.Error != nil {
			text = msg.Error.Text
		}
		h.End(OutcomeFailed, 0, text, now)
	case protocol.TypeRunDone:
		var rows int64
		if q != nil {
			rows = q.Received
		}
		h.End(OutcomeCancelled, rows, "", now)
	}
}
