// Package print is Flink's 'print' connector: a sink that writes every
// change as a line of Row.toString text, "+I[1, abc]", to standard output or
// standard error, optionally prefixed by an identifier.
package print

import (
	"context"
	"io"
	"strconv"

	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// Option keys, spelled as Flink spells them.
const (
	keyIdentifier    = "print-identifier"
	keyStandardError = "standard-error"
	keyParallelism   = "sink.parallelism"
)

var ownOptions = []connector.Option{
	{Key: keyIdentifier, Type: connector.String,
		Description: "Message that identify print and is prefixed to the output of the value."},
	{Key: keyStandardError, Type: connector.Boolean, Default: "false",
		Description: "True, if the format should print to standard error instead of standard out."},
	{Key: keyParallelism, Type: connector.Int,
		Description: "Defines a custom parallelism for the sink. By default, if this option is not defined, the planner will derive the parallelism for each statement individually by also considering the global configuration."},
}

var spec = connector.Spec{
	Name:        "print",
	Description: "Prints every change of a table to standard output (or standard error), one Row.toString line per change.",
	Sink:        true,
	Storage:     "printed to standard output; nothing is stored",
	Options: append([]connector.Option{
		{Key: "connector", Type: connector.String, Required: true,
			Description: "Specify what connector to use, here should be 'print'."},
	}, ownOptions...),
}

// Factory is the 'print' connector.
var Factory connector.Factory = factory{}

type factory struct{}

// Spec describes the connector and its options.
func (factory) Spec() *connector.Spec { return &spec }

// PlanSource fails: print can only be written.
func (factory) PlanSource(connector.Table) (connector.ScanSource, error) {
	return nil, diag.Validation(diag.NoPos,
		"Connector 'print' can only be used as a sink. It cannot be used as a source.")
}

// PlanSink validates the options as Flink's PrintTableSinkFactory does.
func (factory) PlanSink(t connector.Table) (connector.SinkTarget, error) {
	if err := connector.ValidateHelper(spec.Name, t.Options, ownOptions); err != nil {
		return nil, err
	}
	s := &Target{schema: t.Physical, identifier: t.Options[keyIdentifier], parallelism: 1}
	if v, ok := t.Options[keyStandardError]; ok {
		s.stderr, _ = connector.ParseBool(keyStandardError, v) // parsed by ValidateHelper
	}
	if v, ok := t.Options[keyParallelism]; ok {
		n, _ := connector.ParseInt(keyParallelism, v)
		if n <= 0 {
			return nil, diag.Errorf(diag.NoPos, diag.TableException,
				"Invalid configured parallelism %d for table '%s'.", n, t.Name)
		}
		s.parallelism = int(n)
	}
	return s, nil
}

// Target is a planned print table.
type Target struct {
	schema      types.Schema
	identifier  string
	stderr      bool
	parallelism int
}

var _ connector.SinkTarget = (*Target)(nil)

// AcceptsUpdates is true: print writes every kind of change.
func (t *Target) AcceptsUpdates() bool { return true }

// Summary is Flink's asSummaryString of the print sink.
func (t *Target) Summary() string {
	if t.stderr {
		return "Print to System.err"
	}
	return "Print to System.out"
}

// Create builds the runtime sink writing to env.Stdout or env.Stderr.
func (t *Target) Create(env connector.Env) (stream.Sink, error) {
	w := env.Stdout
	if t.stderr {
		w = env.Stderr
	}
	if w == nil {
		w = io.Discard
	}
	return &Sink{target: t, w: w}, nil
}

// Sink writes one line per record. Its output is buffered per batch, so a
// batch costs one Write.
type Sink struct {
	target *Target
	w      io.Writer
	buf    []byte
	f      formatter
	next   int // round-robin subtask of the next record, when parallel
}

var _ stream.Sink = (*Sink)(nil)

// Open does nothing.
func (s *Sink) Open(context.Context) error { return nil }

// Close does nothing; every batch is written when it arrives.
func (s *Sink) Close() error { return nil }

// Write prints the batch's records.
func (s *Sink) Write(_ context.Context, b *stream.Batch) error {
	s.buf = s.buf[:0]
	cols := s.target.schema.Columns
	for i := 0; i < b.Len(); i++ {
		s.buf = s.appendPrefix(s.buf)
		s.buf = append(s.buf, b.Kinds[i].String()...)
		s.buf = append(s.buf, '[')
		row := b.Row(i)
		for j := range row {
			if j > 0 {
				s.buf = append(s.buf, ", "...)
			}
			var t types.Type
			if j < len(cols) {
				t = cols[j].Type
			}
			s.buf = s.f.appendValue(s.buf, row[j], t)
		}
		s.buf = append(s.buf, "]\n"...)
	}
	if len(s.buf) == 0 {
		return nil
	}
	_, err := s.w.Write(s.buf)
	return err
}

// appendPrefix writes PrintSinkOutputWriter's prefix: the identifier, then
// ":<subtask>" when parallel (only after a non-empty identifier), then "> "
// when anything was written.
func (s *Sink) appendPrefix(dst []byte) []byte {
	start := len(dst)
	dst = append(dst, s.target.identifier...)
	if p := s.target.parallelism; p > 1 {
		if len(dst) > start {
			dst = append(dst, ':')
		}
		dst = strconv.AppendInt(dst, int64(s.next+1), 10)
		s.next = (s.next + 1) % p
	}
	if len(dst) > start {
		dst = append(dst, "> "...)
	}
	return dst
}
