package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/client"
	"github.com/flinkplay/flinkplay/engine/format"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// Line is one JSON line of an NDJSON run. Kind tells which fields are set:
//
//	"success", "info"  Text: the SQL client's message ("[INFO] Execute statement succeeded.")
//	"table"            Columns and Rows: a static result (SHOW, DESCRIBE, SET listing)
//	"query"            Columns, Streaming, Bounded: a query starts; its changes follow
//	"change"           Op and Row: one change of the query (one line per change)
//	"end"              Count and Footer: the query ended or was cut
//	"insert"           Text: an INSERT job ran ("[INFO] Submitting SQL update statement ...")
//	"print"            Line: a line the print connector wrote
//	"error"            Error: the statement failed; the run stops
//	"limit"            Limit and Text: the run was cut at a limit of the API
//
// Cells are formatted as Flink prints them, uncut; NULL is JSON null.
type Line struct {
	Stmt      int               `json:"stmt"`
	Kind      string            `json:"kind"`
	Text      string            `json:"text,omitempty"`
	Columns   []protocol.Column `json:"columns,omitempty"`
	Streaming bool              `json:"streaming,omitempty"`
	Bounded   bool              `json:"bounded,omitempty"`
	Op        string            `json:"op,omitempty"`
	Row       []*string         `json:"row,omitempty"`
	Rows      [][]*string       `json:"rows,omitempty"`
	Count     *int              `json:"count,omitempty"`
	Footer    string            `json:"footer,omitempty"`
	Line      string            `json:"line,omitempty"`
	Error     *protocol.Error   `json:"error,omitempty"`
	Limit     string            `json:"limit,omitempty"`
}

// jsonFormat writes a run as JSON lines.
type jsonFormat struct {
	scratch [][]byte
	buf     bytes.Buffer
}

func (f *jsonFormat) emit(rn *runner, l Line) {
	f.buf.Reset()
	enc := json.NewEncoder(&f.buf)
	enc.SetEscapeHTML(false)
	enc.Encode(l) // Line has nothing that fails to encode
	rn.out.Write(f.buf.Bytes())
}

func (*jsonFormat) before(*runner, int) {}

func (f *jsonFormat) statement(rn *runner, idx int, res *engine.Result) error {
	defer res.Close()
	o := client.Defaults(client.SQLClient).ForSession(rn.sess)
	o.PrintTimeCost = false
	switch res.Kind {
	case engine.ResultQuery:
		rn.out.commit()
		return f.query(rn, idx, res, o)
	case engine.ResultTable:
		return f.table(rn, idx, res, o)
	case engine.ResultInsert:
		// The SQL client announces the job before it runs: emit that at
		// once, so the print connector's lines follow it.
		rn.out.commit()
		_, err := client.Print(rn.ctx, writerFunc(func(p []byte) {
			f.emit(rn, Line{Stmt: idx, Kind: "insert", Text: strings.TrimSuffix(string(p), "\n")})
			rn.out.flush()
		}), res, o)
		return err
	}
	var text strings.Builder
	if _, err := client.Print(rn.ctx, &text, res, o); err != nil {
		return err
	}
	kind := "success"
	if res.Kind == engine.ResultInfo || res.Kind == engine.ResultText {
		kind = "info"
	}
	f.emit(rn, Line{Stmt: idx, Kind: kind, Text: strings.TrimSuffix(text.String(), "\n")})
	return nil
}

func columns(s types.Schema) []protocol.Column {
	cols := make([]protocol.Column, len(s.Columns))
	for i, c := range s.Columns {
		cols[i] = protocol.Column{Name: c.Name, Type: c.Type.String()}
	}
	return cols
}

// cells formats a row as Flink prints its values, NULL as nil.
func (f *jsonFormat) cells(row []types.Value, s types.Schema, fo format.Options) []*string {
	f.scratch = format.FormatRow(f.scratch, row, s, fo)
	out := make([]*string, len(row))
	for i, v := range row {
		if !v.Null {
			c := string(f.scratch[i])
			out[i] = &c
		}
	}
	return out
}

func (f *jsonFormat) table(rn *runner, idx int, res *engine.Result, o client.Options) error {
	fo := format.Options{MaxColumnWidth: format.NoMaxColumnWidth, Zone: o.Zone}
	rows := make([][]*string, 0, len(res.Rows))
	for _, r := range res.Rows {
		rows = append(rows, f.cells(r, res.Schema, fo))
	}
	rn.rows += len(rows)
	f.emit(rn, Line{Stmt: idx, Kind: "table", Columns: columns(res.Schema), Rows: rows})
	return nil
}

// query streams a query's changes, one line each, flushed once per batch
// the engine hands over.
func (f *jsonFormat) query(rn *runner, idx int, res *engine.Result, o client.Options) error {
	f.emit(rn, Line{Stmt: idx, Kind: "query", Columns: columns(res.Schema), Streaming: res.Streaming, Bounded: res.Bounded})
	rn.out.flush()
	fo := format.Options{MaxColumnWidth: format.NoMaxColumnWidth, Zone: o.Zone}
	n := 0
	end := func(cut bool) {
		// The rows went out as they came, so a cut result ends as one
		// stopped at a row limit: what was sent, and that it was cut.
		style := format.Table
		if res.Streaming {
			style = format.Changelog
		}
		footer := format.QueryEnd(style, n, false, cut).Footer
		f.emit(rn, Line{Stmt: idx, Kind: "end", Count: &n, Footer: footer})
	}
	for {
		if rn.ctx.Err() != nil {
			end(true)
			return rn.ctx.Err()
		}
		b, err := res.Next(rn.ctx)
		if errors.Is(err, stream.ErrEndOfInput) {
			end(false)
			return nil
		}
		if err != nil {
			if rn.ctx.Err() != nil {
				end(true)
			}
			return err
		}
		for i := 0; i < b.Len(); i++ {
			if rn.rows >= rn.lim.MaxRows {
				rn.cancel(errRowLimit)
				end(true)
				return nil
			}
			f.emit(rn, Line{Stmt: idx, Kind: "change", Op: b.Kinds[i].String(), Row: f.cells(b.Row(i), res.Schema, fo)})
			n++
			rn.rows++
		}
		rn.out.flush()
	}
}

func (f *jsonFormat) failure(rn *runner, idx int, err error) {
	f.emit(rn, Line{Stmt: idx, Kind: "error", Error: apiError(err, rn.script)})
}

func (f *jsonFormat) limit(rn *runner, idx int, cause error, skipped int) {
	var name string
	switch cause {
	case errRowLimit:
		name = "maxRows"
	case errStepLimit:
		name = "maxSteps"
	case errOutputLimit:
		name = "maxOutputBytes"
	}
	f.buf.Reset()
	enc := json.NewEncoder(&f.buf)
	enc.SetEscapeHTML(false)
	enc.Encode(Line{Stmt: idx, Kind: "limit", Limit: name, Text: rn.limitMessage(cause, skipped)})
	rn.out.trailer(f.buf.String())
}

func (f *jsonFormat) output(rn *runner, lines []string) {
	for _, l := range lines {
		f.emit(rn, Line{Stmt: rn.cur, Kind: "print", Line: l})
	}
	rn.out.flush()
}

// writerFunc is an io.Writer that hands every write to a function.
type writerFunc func(p []byte)

func (f writerFunc) Write(p []byte) (int, error) {
	f(p)
	return len(p), nil
}
