package plan

import (
	"strings"

	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/connector"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// readMetadata checks the metadata columns of a scanned table against what
// its source can read, as Flink's DynamicSourceUtils does, and asks the
// source to append them after the physical columns. Sources that cannot
// read metadata fail with Flink's SupportsReadingMetadata error.
func readMetadata(scan *Scan, src connector.ScanSource, pos int) error {
	t := scan.Table
	var cols []catalog.Column
	for _, c := range t.Columns {
		if c.Kind == catalog.Metadata {
			cols = append(cols, c)
		}
	}
	if len(cols) == 0 {
		return nil
	}
	r, ok := src.(connector.MetadataReader)
	if !ok {
		return diag.Validation(pos, "Table '%s' declares metadata columns, but the underlying DynamicTableSource doesn't implement "+
			"the SupportsReadingMetadata interface. Therefore, metadata cannot be read from the given source.", src.Summary())
	}
	readable := r.ReadableMetadata()
	var keys []string
	for _, c := range cols {
		key := c.MetadataKey
		if key == "" {
			key = c.Name
		}
		var m *connector.Metadata
		for i := range readable {
			if readable[i].Key == key {
				m = &readable[i]
			}
		}
		if m == nil {
			names := make([]string, len(readable))
			for i, x := range readable {
				names[i] = x.Key
			}
			return diag.Validation(pos, "Invalid metadata key '%s' in column '%s' of table '%s'. The DynamicTableSource class '%s' supports the following metadata keys for reading:\n%s",
				key, c.Name, scan.ID.String(), r.ClassName(), strings.Join(names, "\n"))
		}
		if _, err := expr.Cast(expr.Column(0, m.Type), c.Type, false, pos); err != nil {
			if key == c.Name {
				return diag.Validation(pos, "Invalid data type for metadata column '%s' of table '%s'. The column cannot be declared as '%s' because the type must be castable from metadata type '%s'.",
					c.Name, scan.ID.String(), c.Type, m.Type)
			}
			return diag.Validation(pos, "Invalid data type for metadata column '%s' with metadata key '%s' of table '%s'. The column cannot be declared as '%s' because the type must be castable from metadata type '%s'.",
				c.Name, key, scan.ID.String(), c.Type, m.Type)
		}
		// Flink reads each key once, in the order of first use.
		found := false
		for _, k := range keys {
			found = found || k == key
		}
		if !found {
			keys = append(keys, key)
		}
	}
	r.ApplyReadableMetadata(keys)
	scan.Metadata = keys
	return nil
}

// metadataExpr reads a metadata column from the source row: the key's
// slot after the physical columns, cast to the declared type.
func metadataExpr(scan *Scan, c catalog.Column, physical int) (expr.Expr, error) {
	key := c.MetadataKey
	if key == "" {
		key = c.Name
	}
	for j, k := range scan.Metadata {
		if k != key {
			continue
		}
		var mt types.Type
		for _, m := range scan.Source.(connector.MetadataReader).ReadableMetadata() {
			if m.Key == key {
				mt = m.Type
			}
		}
		x := expr.Column(physical+j, mt)
		if mt.WithNullable(true).Equal(c.Type.WithNullable(true)) {
			return x, nil
		}
		return expr.Cast(x, c.Type, false, diag.NoPos)
	}
	return expr.Literal(types.NullValue, c.Type.WithNullable(true)), nil
}
