package catalog

import (
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/types"
)

// ObjectID is the fully qualified name of a table or view, Flink's
// ObjectIdentifier.
type ObjectID struct {
	Catalog, Database, Object string
}

// String is Flink's summary form, default_catalog.default_database.t, used
// by most "does not exist" messages.
func (id ObjectID) String() string {
	return id.Catalog + "." + id.Database + "." + id.Object
}

// Quoted is Flink's serializable form,
// `default_catalog`.`default_database`.`t`, used by SHOW CREATE and by the
// messages about temporary objects.
func (id ObjectID) Quoted() string {
	return types.QuoteIdent(id.Catalog) + "." + types.QuoteIdent(id.Database) + "." + types.QuoteIdent(id.Object)
}

// path is Flink's ObjectPath full name, database.object, used by the
// in-memory catalog's own exceptions.
func (id ObjectID) path() string { return id.Database + "." + id.Object }

// ColumnKind tells physical, computed and metadata columns apart.
type ColumnKind uint8

// Column kinds.
const (
	Physical ColumnKind = iota
	Computed            // name AS expr
	Metadata            // name type METADATA [FROM 'key'] [VIRTUAL]
)

// Column is one column of a table.
type Column struct {
	Name string
	Kind ColumnKind
	// Type is the declared type of physical and metadata columns and the
	// type the planner derived for a computed column. It never carries the
	// rowtime attribute: that follows from the watermark (see Table.Schema).
	Type types.Type
	// Expr is the canonical SQL text of a computed column's expression, as
	// SHOW CREATE TABLE and DESCRIBE print it: `a` + 1, PROCTIME().
	Expr string
	// Parsed is the parsed expression of a computed column (a sql.Expr),
	// kept so the planner need not parse Expr again. Opaque to this package.
	Parsed any
	// Refs names the columns a computed column's expression references;
	// ALTER TABLE RENAME refuses to rename them.
	Refs []string
	// MetadataKey is the key of METADATA FROM 'key'; "" when absent.
	MetadataKey string
	// Virtual marks a metadata column that is read-only.
	Virtual bool
	// Comment is the column's COMMENT; "" when absent.
	Comment string
}

// Extras is what DESCRIBE shows in its extras column and SHOW CREATE TABLE
// after the column name (Flink's Column.explainExtras): "AS expr" for
// computed columns, "METADATA [FROM 'key'] [VIRTUAL]" for metadata columns.
func (c Column) Extras() string {
	switch c.Kind {
	case Computed:
		return "AS " + c.Expr
	case Metadata:
		s := "METADATA"
		if c.MetadataKey != "" {
			s += " FROM " + quoteString(c.MetadataKey)
		}
		if c.Virtual {
			s += " VIRTUAL"
		}
		return s
	}
	return ""
}

func (c Column) clone() Column {
	c.Refs = append([]string(nil), c.Refs...)
	return c
}

// Watermark is WATERMARK FOR column AS expr.
type Watermark struct {
	Column string // the rowtime attribute
	Expr   string // canonical SQL text of the strategy: `ts` - INTERVAL '1' SECOND
	Parsed any    // the parsed expression (a sql.Expr); opaque here
	Type   types.Type
	// Refs names the columns the expression references.
	Refs []string
}

// PrimaryKey is [CONSTRAINT name] PRIMARY KEY (columns) NOT ENFORCED.
type PrimaryKey struct {
	Name    string // given, or Flink's default PK_col1_col2
	Columns []string
}

// String is Flink's rendering of the constraint:
// CONSTRAINT `PK_user` PRIMARY KEY (`user`) NOT ENFORCED.
func (pk PrimaryKey) String() string {
	quoted := make([]string, len(pk.Columns))
	for i, c := range pk.Columns {
		quoted[i] = types.QuoteIdent(c)
	}
	return "CONSTRAINT " + types.QuoteIdent(pk.Name) + " PRIMARY KEY (" + strings.Join(quoted, ", ") + ") NOT ENFORCED"
}

// DefaultPrimaryKeyName is the name Flink gives an unnamed primary key.
func DefaultPrimaryKeyName(columns []string) string {
	return "PK_" + strings.Join(columns, "_")
}

// Table is a catalog table: Flink's CatalogTable with its schema.
type Table struct {
	Columns       []Column
	Watermark     *Watermark
	PrimaryKey    *PrimaryKey
	Comment       string
	PartitionKeys []string
	Distribution  *Distribution
	Options       map[string]string
}

// Distribution is a table's DISTRIBUTED BY (Flink's TableDistribution):
// how a sink that supports bucketing splits the rows it writes.
type Distribution struct {
	Kind    string // HASH, RANGE or "" (the connector's choice)
	Keys    []string
	Buckets int // 0: the connector's choice
}

// String is Flink's TableDistribution.toString, as SHOW CREATE TABLE prints it.
func (d *Distribution) String() string {
	if len(d.Keys) == 0 && d.Buckets != 0 {
		return "DISTRIBUTED INTO " + strconv.Itoa(d.Buckets) + " BUCKETS"
	}
	keys := make([]string, len(d.Keys))
	for i, k := range d.Keys {
		keys[i] = types.QuoteIdent(k)
	}
	s := "DISTRIBUTED BY " + d.Kind + "(" + strings.Join(keys, ", ") + ")"
	if d.Buckets != 0 {
		s += " INTO " + strconv.Itoa(d.Buckets) + " BUCKETS"
	}
	return s
}

// Index returns the position of the named column, or -1.
func (t *Table) Index(name string) int {
	for i, c := range t.Columns {
		if c.Name == name {
			return i
		}
	}
	return -1
}

// Physical returns the physical columns: what a connector reads and writes.
func (t *Table) Physical() types.Schema {
	var s types.Schema
	for _, c := range t.Columns {
		if c.Kind == Physical {
			s.Columns = append(s.Columns, types.Column{Name: c.Name, Type: c.Type})
		}
	}
	return s
}

// Schema returns every column with its resolved type. In streaming mode the
// watermark's column is a rowtime attribute, as Flink's schema resolver
// marks it; in batch mode it stays a plain timestamp.
func (t *Table) Schema(streaming bool) types.Schema {
	s := types.Schema{Columns: make([]types.Column, len(t.Columns))}
	for i, c := range t.Columns {
		s.Columns[i] = types.Column{Name: c.Name, Type: t.columnType(i, streaming)}
	}
	return s
}

func (t *Table) columnType(i int, streaming bool) types.Type {
	c := t.Columns[i]
	typ := c.Type
	if streaming && t.Watermark != nil && t.Watermark.Column == c.Name && typ.IsTimestamp() {
		typ.Attr = types.Rowtime
	}
	return typ
}

// Clone returns a deep copy of the table definition.
func (t *Table) Clone() *Table {
	if t == nil {
		return nil
	}
	c := *t
	c.Columns = make([]Column, len(t.Columns))
	for i, col := range t.Columns {
		c.Columns[i] = col.clone()
	}
	if t.Watermark != nil {
		w := *t.Watermark
		w.Refs = append([]string(nil), w.Refs...)
		c.Watermark = &w
	}
	if t.PrimaryKey != nil {
		pk := *t.PrimaryKey
		pk.Columns = append([]string(nil), pk.Columns...)
		c.PrimaryKey = &pk
	}
	c.PartitionKeys = append([]string(nil), t.PartitionKeys...)
	if t.Distribution != nil {
		d := *t.Distribution
		d.Keys = append([]string(nil), d.Keys...)
		c.Distribution = &d
	}
	c.Options = cloneMap(t.Options)
	return &c
}

// View is a catalog view: its column names and types, and its query.
type View struct {
	// Schema holds the view's columns; time attributes of the query are kept
	// (DESCRIBE shows TIMESTAMP(3) *ROWTIME* for a view over a rowtime column).
	Schema        types.Schema
	Comment       string
	OriginalQuery string // the query as written
	ExpandedQuery string // the validated, fully qualified query SHOW CREATE VIEW prints
}

// Clone returns a deep copy of the view definition.
func (v *View) Clone() *View {
	if v == nil {
		return nil
	}
	c := *v
	c.Schema.Columns = append([]types.Column(nil), v.Schema.Columns...)
	return &c
}

// Object is a table or view found by a lookup. Exactly one of Table and View
// is set; they are copies the caller may keep and modify.
type Object struct {
	ID        ObjectID
	Table     *Table
	View      *View
	Temporary bool
}

// IsView reports whether the object is a view.
func (o Object) IsView() bool { return o.View != nil }

func cloneMap(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	c := make(map[string]string, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// quoteString renders s as a SQL string literal, doubling single quotes.
func quoteString(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}
