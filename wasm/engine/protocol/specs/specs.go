// Package specs builds the protocol's description of what the engine can
// do (protocol.Specs): its connectors with their options, the built-in
// functions and Flink's keywords, for editors' completion. The page's
// engine worker and the Cloudflare Worker's API both send it; it lives
// beside the protocol so that neither imports the other.
package specs

import (
	"sort"

	"github.com/flinkplay/flinkplay/engine"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
)

// Of describes what sess can do, for the editor's completion: its
// connectors with every option, the built-in functions and Flink's keywords.
func Of(sess *engine.Session) *protocol.Specs {
	sp := &protocol.Specs{Connectors: []protocol.Connector{}, Functions: functionNames(), Keywords: sql.Keywords()}
	for _, f := range sess.Connectors().Factories() {
		s := f.Spec()
		if s.TestOnly {
			continue
		}
		c := protocol.Connector{Name: s.Name, Description: s.Description, Source: s.Source, Sink: s.Sink,
			Storage: s.Storage, Options: make([]protocol.Option, len(s.Options))}
		for i, o := range s.Options {
			c.Options[i] = protocol.Option{Key: o.Key, Type: o.Type.String(), Default: o.Default,
				Required: o.Required, Description: o.Description}
		}
		sp.Connectors = append(sp.Connectors, c)
	}
	return sp
}

// functionNames lists the functions a user can call in SQL as NAME(...),
// for completion: the specs of the engine's built-in functions (engine/funcs)
// that are calls, sorted. Operators and keyword forms (IS NULL, ||) are not
// completed as calls. SHOW FUNCTIONS stays Flink's own list.
func functionNames() []string {
	names := []string{}
	for _, s := range engine.Functions() {
		if s.Call {
			names = append(names, s.Name)
		}
	}
	sort.Strings(names)
	return names
}
