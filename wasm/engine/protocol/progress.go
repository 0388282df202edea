package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The words of progress reports, shared by the page's status line and the
// CLI's progress line on standard error, so that both say the same.

// SourcesText says what the scans have read: "read 420,000 rows from
// Orders (10,000 rows/s)", with every scan, "" when there is none.
func SourcesText(sources []SourceProgress) string {
	if len(sources) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("read ")
	for i, s := range sources {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(Count(s.Rows))
		if i == 0 {
			if s.Rows == 1 {
				b.WriteString(" row")
			} else {
				b.WriteString(" rows")
			}
		}
		b.WriteString(" from ")
		b.WriteString(s.Table)
		if s.RowsPerSec >= 0.5 {
			b.WriteString(" (" + Count(int64(s.RowsPerSec+0.5)) + " rows/s)")
		}
	}
	return b.String()
}

// PaceNote says which scans their pace holds back, and which option lifts
// it; "" when none is held back.
func PaceNote(sources []SourceProgress) string {
	var held []SourceProgress
	for _, s := range sources {
		if s.Throttled && s.PaceKey != "" {
			held = append(held, s)
		}
	}
	if len(held) == 0 {
		return ""
	}
	var names []string
	for _, s := range held {
		names = append(names, s.Table)
	}
	s := held[0]
	verb := "reads"
	if len(held) > 1 {
		verb = "read"
	}
	return fmt.Sprintf("Throttled: %s %s at most %s rows a second, the pace its '%s' option sets (datagen's default, as in Flink, is 10000). Set a higher '%s' in the CREATE TABLE to read faster.",
		strings.Join(names, ", "), verb, Count(s.PaceRate), s.PaceKey, s.PaceKey)
}

// PaceShort is PaceNote for one line of a terminal: "throttled by
// 'rows-per-second' = 10000", "" when no scan is held back.
func PaceShort(sources []SourceProgress) string {
	for _, s := range sources {
		if s.Throttled && s.PaceKey != "" {
			return fmt.Sprintf("%s throttled by '%s' = %d", s.Table, s.PaceKey, s.PaceRate)
		}
	}
	return ""
}

// Count formats n with thousands separators: 1,234,567.
func Count(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Seconds formats a duration as "0.4 s", "12.3 s" or "2 min 05 s".
func Seconds(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	if d < time.Minute {
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
	return fmt.Sprintf("%d min %02d s", int(d.Minutes()), int(d.Seconds())%60)
}
