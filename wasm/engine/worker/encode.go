package worker

import (
	"encoding/json"
	"strconv"

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
	dst = protocol.AppendJSONString(dst, m.Type)
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
		dst = protocol.AppendJSONString(dst, r.Op)
		dst = append(dst, `,"cells":`...)
		if r.Cells == nil {
			dst = append(dst, "null"...)
		} else {
			dst = append(dst, '[')
			for j, c := range r.Cells {
				if j > 0 {
					dst = append(dst, ',')
				}
				dst = protocol.AppendJSONString(dst, c)
			}
			dst = append(dst, ']')
		}
		if r.Line != "" {
			dst = append(dst, `,"line":`...)
			dst = protocol.AppendJSONString(dst, r.Line)
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
