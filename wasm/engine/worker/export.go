package worker

import (
	"strings"

	"github.com/flinkplay/flinkplay/engine/client"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/export"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// exportScript answers an export request with one Exported message: Text,
// or Error with the place in Script. Export is a pure function of the
// script, so it needs neither the session nor the queue: it runs on its own
// goroutine and is answered at once, even while a query runs.
func (w *Worker) exportScript(req protocol.Request) {
	defer func() {
		if p := recover(); p != nil {
			w.emitPanic(req.ID, p)
		}
	}()
	var text string
	var err error
	switch req.Format {
	case protocol.ExportPyFlink:
		text, err = export.PyFlink(req.Script, export.Options{})
	case protocol.ExportSQL:
		text, err = export.SQLClient(req.Script, export.Options{})
	default:
		err = diag.Errorf(diag.NoPos, diag.IllegalArgument, "Unknown export format %q: expected %q or %q.",
			req.Format, protocol.ExportPyFlink, protocol.ExportSQL)
	}
	m := protocol.Message{Type: protocol.TypeExported, ID: req.ID, Text: text}
	if err != nil {
		m.Text, m.Error = "", exportError(req.Script, err)
	}
	w.emit(m)
}

// exportError is err in Flink's words, placed in script for the editor.
func exportError(script string, err error) *protocol.Error {
	e := diag.Wrap(err)
	e.Resolve(script)
	var text strings.Builder
	client.PrintError(&text, e, client.Defaults(client.SQLClient))
	pe := &protocol.Error{Class: e.Class, Message: e.Msg, Offset: -1, Text: strings.TrimSuffix(text.String(), "\n")}
	if e.Pos >= 0 && e.Pos <= len(script) {
		pe.Offset, pe.Line, pe.Col = e.Pos, e.Line, e.Col
	}
	return pe
}

// runDefaults returns the seed and start time a run's session uses unless
// the script SETs its own: the request's, else the worker's.
func (w *Worker) runDefaults(cfg *protocol.Config) (*int64, string) {
	seed, start := w.o.Seed, ""
	if cfg != nil {
		if cfg.Seed != nil {
			s := *cfg.Seed
			seed = &s
		}
		start = cfg.StartTime
	}
	return seed, start
}
