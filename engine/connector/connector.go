// Package connector declares what a connector is: its options, spelled as
// Flink spells them, and how the planner turns a catalog table into a
// runnable source or sink. One sub-package per connector implements it.
//
// A connector declares its options once. The same declaration drives
// validation, defaults, Flink's "Unsupported options found" error, the
// editor's autocompletion and the generated docs.
package connector

import (
	"fmt"
	"github.com/flinkplay/flinkplay/engine/vfs"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/stream"
	"github.com/flinkplay/flinkplay/engine/types"
)

// OptionType is the type of an option's value, as Flink's ConfigOption declares it.
type OptionType uint8

// Option value types.
const (
	String OptionType = iota
	Int
	Long
	Float
	Boolean
	Duration
	MemorySize
	FieldTyped // the type of the column the option belongs to (datagen min/max/start/end)
)

var optionTypeNames = [...]string{"String", "Integer", "Long", "Float", "Boolean", "Duration", "MemorySize", "Type of the field"}

// String names the type as Flink's docs do.
func (t OptionType) String() string { return optionTypeNames[t] }

// Option declares one connector option. Per-field options use '#' where the
// column name goes: "fields.#.kind".
type Option struct {
	Key         string
	Type        OptionType
	Default     string // "" when there is none
	Required    bool
	Description string
}

// Spec describes a connector: its identifier, what it can be used as, its
// options, and where a table of it keeps its data.
type Spec struct {
	Name        string // factory identifier, e.g. "datagen"
	Description string
	Source      bool
	Sink        bool
	Options     []Option
	// Storage says where the data of a table of this connector lives, for
	// the playground's catalog panel ("generated on the fly, not stored").
	Storage string
	// TestOnly marks a connector of Flink's test classpath ('values'): it
	// works, as in Flink's SQL client tests, but neither editors nor the
	// unknown-connector error offer it, since a Flink cluster does not
	// have it.
	TestOnly bool
}

// Table is what a connector sees of a catalog table.
type Table struct {
	// Name is the table's full name as Flink's summary string prints it:
	// default_catalog.default_database.MySource.
	Name string
	// Physical holds the physical columns, in order; computed and metadata
	// columns are not the connector's business.
	Physical types.Schema
	// Options are the table's WITH options, keys as written.
	Options map[string]string
	// PartitionKeys are the PARTITIONED BY columns, in order.
	PartitionKeys []string
}

// Mode is the runtime mode of a query.
type Mode uint8

// Runtime modes.
const (
	Streaming Mode = iota
	Batch
)

// Env is what a running source or sink gets from the session.
type Env struct {
	Mode  Mode
	Clock stream.Clock
	// Zone is the session's local time zone ('table.local-time-zone'),
	// which Flink's datagen uses for DATE and TIME values.
	Zone *time.Location
	// Seed makes random generators reproducible when HasSeed is set
	// ('playground.datagen.seed').
	Seed    int64
	HasSeed bool
	// Stdout and Stderr receive the print sink's output.
	Stdout, Stderr io.Writer
	// FS holds the files of the filesystem connector: the real file system
	// in the terminal, the page's virtual one in the browser.
	FS vfs.FS
}

// ScanSource is a validated, planned table source.
type ScanSource interface {
	// Bounded reports whether the planner may treat the source as bounded.
	Bounded() bool
	// ApplyLimit pushes a LIMIT into the source; it then becomes bounded.
	ApplyLimit(n int64)
	// Summary is the source's description in EXPLAIN plans.
	Summary() string
	// Create builds the runtime source.
	Create(env Env) (stream.Source, error)
}

// LookupSource is implemented by planned sources that can also look rows
// up by key (Flink's LookupTableSource): the dimension table of a lookup
// join, a processing-time temporal join (JOIN d FOR SYSTEM_TIME AS OF
// t.proctime ON t.k = d.k), which reads no stream of the table but asks
// it for the rows of each key as the left rows arrive.
type LookupSource interface {
	// CreateLookup builds the runtime lookup by the physical columns at
	// keys (indexes into the physical row, ascending, as Flink orders a
	// LookupContext's keys).
	CreateLookup(env Env, keys []int) (Lookuper, error)
}

// Lookuper finds the rows of a dimension table by key (Flink's
// LookupFunction). It is called from one operator, one key at a time.
type Lookuper interface {
	// Lookup calls emit with every physical row whose key columns, in
	// the order CreateLookup got them, equal key; not at all when none
	// does. No key value is NULL: the join looks nothing up for those.
	// The row slice is valid only during its emit call; its values may
	// be kept.
	Lookup(key []types.Value, emit func(row []types.Value) error) error
}

// Paced is implemented by sources that an option paces (datagen's
// 'rows-per-second'), so that progress reports can say what holds a slow
// query back and which option lifts it.
type Paced interface {
	// Pace returns the option's key and its value in rows per second; ok
	// is false when the source is not paced (unthrottled).
	Pace() (key string, perSecond int64, ok bool)
}

// Metadata is a metadata key a source can read, with its type.
type Metadata struct {
	Key  string
	Type types.Type
}

// MetadataReader is implemented by sources that can read metadata columns
// (Flink's SupportsReadingMetadata).
type MetadataReader interface {
	// ReadableMetadata lists the keys the source can read, in the order of
	// Flink's listReadableMetadata map.
	ReadableMetadata() []Metadata
	// ApplyReadableMetadata asks the source to append the values of keys,
	// in this order, after the physical columns of every row.
	ApplyReadableMetadata(keys []string)
	// ClassName is the Java class named in Flink's metadata errors.
	ClassName() string
}

// Committer is implemented by sinks that make their output visible only
// when the job ends successfully (the filesystem sink's part files). The
// session calls Commit at the end of input, before Close; a Close without
// Commit abandons what was written.
type Committer interface {
	Commit() error
}

// Overwriter is implemented by sinks that support INSERT OVERWRITE
// (Flink's SupportsOverwrite).
type Overwriter interface {
	ApplyOverwrite()
}

// SinkTarget is a validated, planned table sink.
type SinkTarget interface {
	// AcceptsUpdates reports whether the sink consumes -U/+U/-D records.
	AcceptsUpdates() bool
	// Create builds the runtime sink.
	Create(env Env) (stream.Sink, error)
}

// Factory creates sources and sinks of one connector. Planning validates
// the table's options, as Flink does when a table is used.
type Factory interface {
	Spec() *Spec
	// PlanSource validates t as a source. Connectors that cannot be read
	// return SourceOnlyError-style errors from the registry instead.
	PlanSource(t Table) (ScanSource, error)
	// PlanSink validates t as a sink.
	PlanSink(t Table) (SinkTarget, error)
}

// LegacyFactory is a factory of Flink's legacy connector stack
// (TableFactory, deprecated but still in Flink 1.20): a table without a
// 'connector' option whose options hold 'connector.type' is matched with
// one by its required context ('connector.type', 'format.type', ...).
type LegacyFactory interface {
	Factory
	// RequiredContext is the properties a table must have, with their
	// values; a '*.property-version' key may be absent.
	RequiredContext() map[string]string
	// ClassNames are the Java classes of Flink's distribution the factory
	// stands for, its own first, as Flink's messages name them.
	ClassNames() []string
}

// Registry is the sorted list of connectors a session knows.
type Registry struct {
	factories []Factory
	legacy    []LegacyFactory
}

// NewRegistry returns a registry of the given factories, sorted by name.
// Legacy factories are kept apart: no list of identifiers names them.
func NewRegistry(fs ...Factory) *Registry {
	r := &Registry{}
	for _, f := range fs {
		if l, ok := f.(LegacyFactory); ok {
			r.legacy = append(r.legacy, l)
		} else {
			r.factories = append(r.factories, f)
		}
	}
	sort.Slice(r.factories, func(i, j int) bool { return r.factories[i].Spec().Name < r.factories[j].Spec().Name })
	return r
}

// Factories returns the connectors, sorted by name.
func (r *Registry) Factories() []Factory { return r.factories }

// Lookup finds the factory for the table's 'connector' option, with Flink's
// errors for a missing option or an unknown identifier.
func (r *Registry) Lookup(options map[string]string) (Factory, error) {
	id, ok := options["connector"]
	if !ok {
		if _, legacy := options["connector.type"]; legacy {
			return r.lookupLegacy(options)
		}
		return nil, diag.Validation(diag.NoPos, "Table options do not contain an option key 'connector' for discovering a connector.")
	}
	for _, f := range r.factories {
		if f.Spec().Name == id {
			return f, nil
		}
	}
	// The list is a Flink distribution's: test-only connectors work (the
	// conformance scripts need them) but are not offered.
	var names []string
	for _, f := range r.factories {
		if !f.Spec().TestOnly {
			names = append(names, f.Spec().Name)
		}
	}
	e := diag.Validation(diag.NoPos,
		"Could not find any factory for identifier '%s' that implements 'org.apache.flink.table.factories.DynamicTableFactory' in the classpath.\n\nAvailable factory identifiers are:\n\n%s",
		id, strings.Join(names, "\n"))
	e.Keys = []string{"connector"}
	return nil, e
}

// UnsupportedOptions returns Flink's "Unsupported options found" error for
// the keys of options that are not in supported, or nil when there are none.
// Both lists are sorted in Java's String order (byte order for ASCII keys).
func UnsupportedOptions(connector string, options map[string]string, supported []string) error {
	ok := make(map[string]bool, len(supported))
	for _, k := range supported {
		ok[k] = true
	}
	var bad []string
	for k := range options {
		if !ok[k] {
			bad = append(bad, k)
		}
	}
	if len(bad) == 0 {
		return nil
	}
	sort.Strings(bad)
	sup := append([]string(nil), supported...)
	sort.Strings(sup)
	sup = dedupSorted(sup)
	e := diag.Validation(diag.NoPos, "Unsupported options found for '%s'.\n\nUnsupported options:\n\n%s\n\nSupported options:\n\n%s",
		connector, strings.Join(bad, "\n"), strings.Join(sup, "\n"))
	e.Keys = bad
	return e
}

func dedupSorted(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// lookupLegacy finds the legacy factory whose required context the
// options match, as Flink's TableFactoryService does, with its "Required
// context properties mismatch." when none does.
func (r *Registry) lookupLegacy(options map[string]string) (Factory, error) {
	type candidate struct {
		f        LegacyFactory
		matched  int
		missing  []string
		mismatch []string
	}
	var best *candidate
	for _, f := range r.legacy {
		c := &candidate{f: f}
		context := f.RequiredContext()
		for _, k := range slices.Sorted(maps.Keys(context)) {
			want := context[k]
			got, ok := options[k]
			switch {
			case !ok && strings.HasSuffix(k, ".property-version"):
			case !ok:
				c.missing = append(c.missing, k+"="+want)
			case got != want:
				c.mismatch = append(c.mismatch, fmt.Sprintf("'%s' expects '%s', but is '%s'", k, want, got))
			default:
				c.matched++
			}
		}
		if len(c.missing) == 0 && len(c.mismatch) == 0 {
			return f, nil
		}
		if best == nil || c.matched > best.matched {
			best = c
		}
	}
	candidates := ""
	if best != nil && best.matched > 0 {
		var b strings.Builder
		b.WriteString(best.f.ClassNames()[0])
		if len(best.missing) > 0 {
			b.WriteString("\nMissing properties:")
			for _, m := range best.missing {
				b.WriteString("\n" + m)
			}
		}
		if len(best.mismatch) > 0 {
			b.WriteString("\nMismatched properties:")
			for _, m := range best.mismatch {
				b.WriteString("\n" + m)
			}
		}
		candidates = "The matching candidates:\n" + b.String() + "\n\n"
	}
	var names []string
	for _, f := range r.legacy {
		names = append(names, f.ClassNames()...)
	}
	return nil, NoMatchingLegacy("Required context properties mismatch.", candidates, options, names)
}

// NoMatchingLegacy is Flink's NoMatchingTableFactoryException for a
// legacy table source: the reason, the best candidate's mismatches, the
// properties asked for (sorted) and the factories considered.
func NoMatchingLegacy(reason, candidates string, options map[string]string, considered []string) error {
	keys := slices.Sorted(maps.Keys(options))
	props := make([]string, len(keys))
	for i, k := range keys {
		props[i] = k + "=" + options[k]
	}
	return diag.Errorf(diag.NoPos, "org.apache.flink.table.factories.NoMatchingTableFactoryException",
		"Could not find a suitable table factory for 'org.apache.flink.table.factories.TableSourceFactory' in\nthe classpath.\n\nReason: %s\n\n%sThe following properties are requested:\n%s\n\nThe following factories have been considered:\n%s",
		reason, candidates, strings.Join(props, "\n"), strings.Join(considered, "\n"))
}
