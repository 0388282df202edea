package state

import (
	"sort"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// Completions is what the editor completes from (the argument of the
// editor's setCompletions).
type Completions struct {
	Keywords  []string           `json:"keywords"`
	Functions []string           `json:"functions"`
	Tables    []CompletionTable  `json:"tables"`
	Options   []CompletionOption `json:"options"`
}

// CompletionTable is a table or view and its columns.
type CompletionTable struct {
	Name    string   `json:"name"`
	Columns []string `json:"columns"`
}

// CompletionOption is a connector option key; '#' stands for a column.
type CompletionOption struct {
	Key         string `json:"key"`
	Description string `json:"description,omitempty"`
}

// CompletionsFor builds the completions from the engine's specs and the
// catalog snapshot (either may be nil). Option keys are merged across
// connectors, 'connector' first; tables are those of the current database,
// then qualified names of the others.
func CompletionsFor(specs *protocol.Specs, cat *protocol.Catalog) Completions {
	c := Completions{Keywords: []string{}, Functions: []string{}, Tables: []CompletionTable{}, Options: []CompletionOption{}}
	if specs != nil {
		c.Keywords = append(c.Keywords, specs.Keywords...)
		c.Functions = append(c.Functions, specs.Functions...)
		names := make([]string, 0, len(specs.Connectors))
		for _, con := range specs.Connectors {
			names = append(names, con.Name)
		}
		sort.Strings(names)
		desc := "The connector: "
		for i, n := range names {
			if i > 0 {
				desc += ", "
			}
			desc += n
		}
		c.Options = append(c.Options, CompletionOption{Key: "connector", Description: desc})
		seen := map[string]bool{"connector": true}
		for _, con := range specs.Connectors {
			for _, o := range con.Options {
				if seen[o.Key] {
					continue
				}
				seen[o.Key] = true
				d := o.Description
				if o.Default != "" {
					d += " (default: " + o.Default + ")"
				}
				c.Options = append(c.Options, CompletionOption{Key: o.Key, Description: con.Name + ": " + d})
			}
		}
	}
	if cat != nil {
		for _, ci := range cat.Catalogs {
			for _, db := range ci.Databases {
				current := ci.Name == cat.CurrentCatalog && db.Name == cat.CurrentDatabase
				for _, t := range db.Objects {
					cols := make([]string, len(t.Columns))
					for i, col := range t.Columns {
						cols[i] = col.Name
					}
					name := t.Name
					if !current {
						name = ci.Name + "." + db.Name + "." + t.Name
					}
					c.Tables = append(c.Tables, CompletionTable{Name: name, Columns: cols})
				}
			}
		}
	}
	return c
}
