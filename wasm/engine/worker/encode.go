package worker

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// AppendJSON appends m as JSON to dst. Rows messages, which carry nearly
// all the bytes of a run, are written by hand into dst, about three
// times faster than encoding/json's reflection (in a browser that is what a
// worker spends most of its time on); other messages go through
// encoding/json. Both decode to the same Message.
func AppendJSON(dst []byte, m protocol.Message) ([]byte, error) {
	if m.Type != protocol.TypeRows || !plainRows(m) {
		b, err := json.Marshal(m)
		return append(dst, b...), err
	}
	dst = append(dst, `{"type":`...)
	dst = appendString(dst, m.Type)
	if m.ID != 0 {
		dst = append(dst, `,"id":`...)
		dst = strconv.AppendInt(dst, int64(m.ID), 10)
	}
	if m.Stmt != 0 {
		dst = append(dst, `,"stmt":`...)
		dst = strconv.AppendInt(dst, int64(m.Stmt), 10)
	}
	dst = append(dst, `,"rows":[`...)
	for i, r := range m.Rows {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"op":`...)
		dst = appendString(dst, r.Op)
		dst = append(dst, `,"cells":`...)
		if r.Cells == nil {
			dst = append(dst, "null"...)
		} else {
			dst = append(dst, '[')
			for j, c := range r.Cells {
				if j > 0 {
					dst = append(dst, ',')
				}
				dst = appendString(dst, c)
			}
			dst = append(dst, ']')
		}
		if r.Line != "" {
			dst = append(dst, `,"line":`...)
			dst = appendString(dst, r.Line)
		}
		if len(r.Nulls) > 0 {
			dst = append(dst, `,"nulls":[`...)
			for j, n := range r.Nulls {
				if j > 0 {
					dst = append(dst, ',')
				}
				dst = strconv.AppendBool(dst, n)
			}
			dst = append(dst, ']')
		}
		dst = append(dst, '}')
	}
	return append(dst, "]}"...), nil
}

// plainRows reports whether a rows message sets only the fields the hand
// encoder writes.
func plainRows(m protocol.Message) bool {
	rest := m
	rest.Type, rest.ID, rest.Stmt, rest.Rows = "", 0, 0, nil
	return isZeroMessage(rest)
}

func isZeroMessage(m protocol.Message) bool {
	return m.Type == "" && m.ID == 0 && m.Stmt == 0 && m.Start == 0 && m.End == 0 && m.SQL == "" &&
		m.Text == "" && m.Columns == nil && !m.Streaming && !m.Bounded && !m.Insert && m.TableauHead == "" &&
		m.Rows == nil && m.Received == 0 && m.RowsPerSec == 0 && m.ElapsedMs == 0 && m.Watermark == "" &&
		m.Footer == "" && m.Tableau == "" && !m.Cancelled && m.Error == nil && m.Specs == nil &&
		m.Catalog == nil && m.Lines == nil
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string, escaping as encoding/json does
// what JSON requires; invalid UTF-8 becomes U+FFFD, as there.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		// U+2028 and U+2029 end lines in JavaScript source; escape them too.
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
