// Package pyworker runs PyFlink programs (engine/pyflink) for the
// playground's worker: python.wasm, the worker built with the Python
// interpreter, sets Run as its worker.Options.Python. engine.wasm does not
// import it, so that the SQL playground does not carry the interpreter.
package pyworker

import (
	"context"
	"errors"

	"github.com/flinkplay/flinkplay/engine/pyflink"
	"github.com/flinkplay/flinkplay/wasm/engine/worker"
)

// Run runs a program to its end; a Python exception comes back as
// *worker.PythonError.
func Run(ctx context.Context, p worker.PythonProgram) error {
	err := pyflink.Run(ctx, p.Source, pyflink.Options{
		Filename: p.Filename, Config: p.Config, Print: p.Print,
		Stdout: p.Config.Stdout, Stderr: p.Config.Stderr,
		Jobs: p.Jobs, Present: p.Present,
	})
	var pe *pyflink.Error
	if errors.As(err, &pe) {
		out := &worker.PythonError{Traceback: pe.Traceback}
		if pe.Exit != nil {
			out.Exit = *pe.Exit
		}
		return out
	}
	return err
}
