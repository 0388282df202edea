package state

import (
	"encoding/json"
	"strings"
	"time"
)

// KeyRecent is where the scripts the page replaced or ran are kept
// (localStorage), newest first.
const KeyRecent = "flinkplay.recent"

// MaxRecent bounds the kept scripts; MaxRecentBytes their total size, so
// that a few pasted files cannot fill the origin's storage.
const (
	MaxRecent      = 30
	MaxRecentBytes = 2 << 20
)

// Recent is one kept script: its text, when it was kept and why ("before
// the example 'Sequences'", "ran").
type Recent struct {
	Text string `json:"text"`
	At   int64  `json:"at"` // Unix milliseconds
	Why  string `json:"why"`
}

// Remember returns list with text kept as its newest entry. A text kept
// before moves to the front (with the new reason); empty scripts and the
// seed example, which Reset always brings back, are not kept. The list is
// cut to MaxRecent entries and MaxRecentBytes.
func Remember(list []Recent, text, why string, now time.Time) []Recent {
	if strings.TrimSpace(text) == "" || text == SeedSQL {
		return list
	}
	out := make([]Recent, 0, min(len(list)+1, MaxRecent))
	out = append(out, Recent{Text: text, At: now.UnixMilli(), Why: why})
	size := len(text)
	for _, r := range list {
		if r.Text == text {
			continue
		}
		if len(out) == MaxRecent || size+len(r.Text) > MaxRecentBytes {
			break
		}
		size += len(r.Text)
		out = append(out, r)
	}
	return out
}

// EncodeRecent returns the stored form of the kept scripts.
func EncodeRecent(list []Recent) string {
	if len(list) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(list) // strings and numbers always marshal
	return string(b)
}

// DecodeRecent reads the stored form; what cannot be read is no entry.
func DecodeRecent(s string) []Recent {
	var list []Recent
	if json.Unmarshal([]byte(s), &list) != nil {
		return nil
	}
	out := list[:0]
	for _, r := range list {
		if strings.TrimSpace(r.Text) != "" {
			out = append(out, r)
		}
	}
	return out
}

// Title is a kept script's first line of SQL (comments skipped), cut to
// a line of the history list.
func (r Recent) Title() string {
	for _, sp := range Statements(r.Text) {
		line := r.Text[sp.Start:sp.End]
		if i := strings.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if len(line) > 90 {
			line = line[:87] + "..."
		}
		return line
	}
	return "(comments only)"
}

// Summary says when and why the script was kept and how long it is:
// "3 min ago · before the example 'Sequences' · 2 statements".
func (r Recent) Summary(now time.Time) string {
	n := len(Statements(r.Text))
	stmts := Count(int64(n)) + " statements"
	if n == 1 {
		stmts = "1 statement"
	}
	parts := []string{Ago(now.Sub(time.UnixMilli(r.At)))}
	if r.Why != "" {
		parts = append(parts, r.Why)
	}
	return strings.Join(append(parts, stmts), " · ")
}

// Ago says how long ago something happened, as a person would.
func Ago(d time.Duration) string {
	switch {
	case d < 45*time.Second:
		return "just now"
	case d < 90*time.Second:
		return "1 min ago"
	case d < time.Hour:
		return Count(int64(d/time.Minute)) + " min ago"
	case d < 36*time.Hour:
		h := int64((d + 30*time.Minute) / time.Hour)
		if h == 1 {
			return "1 hour ago"
		}
		return Count(h) + " hours ago"
	}
	days := int64((d + 12*time.Hour) / (24 * time.Hour))
	if days == 1 {
		return "yesterday"
	}
	return Count(days) + " days ago"
}
