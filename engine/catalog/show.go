package catalog

import (
	"sort"
	"strconv"
	"strings"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// hiddenContent replaces the values of sensitive options in SHOW CREATE and
// DESCRIBE CATALOG EXTENDED, as Flink's GlobalConfiguration does.
const hiddenContent = "******"

// sensitiveKeys are the substrings that make an option key sensitive
// (GlobalConfiguration.SENSITIVE_KEYS), matched case-insensitively.
var sensitiveKeys = []string{
	"password", "secret", "fs.azure.account.key", "apikey", "api-key", "auth-params",
	"service-key", "token", "basic-auth", "jaas.config", "http-headers",
	"access-key", "access.key", "accesskey",
}

// IsSensitive reports whether an option's value is hidden when printed.
func IsSensitive(key string) bool {
	k := strings.ToLower(key)
	for _, s := range sensitiveKeys {
		if strings.Contains(k, s) {
			return true
		}
	}
	return false
}

// formatOptions renders a WITH clause body: one "  'k' = 'v'" line per
// option, sorted by key, sensitive values hidden.
func formatOptions(opts map[string]string) string {
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	lines := make([]string, len(keys))
	for i, k := range keys {
		v := opts[k]
		if IsSensitive(k) {
			v = hiddenContent
		}
		lines[i] = "  " + quoteString(k) + " = " + quoteString(v)
	}
	return strings.Join(lines, ",\n")
}

// ShowCreateTable returns the text of SHOW CREATE TABLE.
func (m *Manager) ShowCreateTable(id ObjectID) (string, error) {
	o, ok := m.Lookup(id)
	if !ok {
		return "", validation("Could not execute SHOW CREATE TABLE. Table with identifier %s does not exist.", id.Quoted())
	}
	if o.IsView() {
		return "", diag.Errorf(diag.NoPos, diag.TableException, "SHOW CREATE TABLE is only supported for tables, but %s is a view. Please use SHOW CREATE VIEW instead.", id.Quoted())
	}
	return CreateTableText(id, o.Table, o.Temporary), nil
}

// CreateTableText renders a table as Flink's SHOW CREATE TABLE does. Column
// types use their serializable form (STRING is VARCHAR(2147483647)).
func CreateTableText(id ObjectID, t *Table, temporary bool) string {
	var b strings.Builder
	b.WriteString("CREATE ")
	if temporary {
		b.WriteString("TEMPORARY ")
	}
	b.WriteString("TABLE " + id.Quoted() + " (\n")
	for i, c := range t.Columns {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString("  " + types.QuoteIdent(c.Name) + " ")
		if c.Kind == Computed {
			b.WriteString(c.Extras())
		} else {
			b.WriteString(SerializableType(c.Type))
			if x := c.Extras(); x != "" {
				b.WriteString(" " + x)
			}
		}
		if c.Comment != "" {
			b.WriteString(" COMMENT " + quoteString(c.Comment))
		}
	}
	if t.Watermark != nil {
		b.WriteString(",\n  WATERMARK FOR " + types.QuoteIdent(t.Watermark.Column) + " AS " + t.Watermark.Expr)
	}
	if t.PrimaryKey != nil {
		b.WriteString(",\n  " + t.PrimaryKey.String())
	}
	b.WriteString("\n)\n")
	if t.Comment != "" {
		b.WriteString("COMMENT " + quoteString(t.Comment) + "\n")
	}
	if t.Distribution != nil {
		b.WriteString(t.Distribution.String() + "\n")
	}
	if len(t.PartitionKeys) > 0 {
		quoted := make([]string, len(t.PartitionKeys))
		for i, k := range t.PartitionKeys {
			quoted[i] = types.QuoteIdent(k)
		}
		b.WriteString("PARTITIONED BY (" + strings.Join(quoted, ", ") + ")\n")
	}
	if len(t.Options) > 0 {
		b.WriteString("WITH (\n" + formatOptions(t.Options) + "\n)\n")
	}
	return b.String()
}

// ShowCreateView returns the text of SHOW CREATE VIEW.
func (m *Manager) ShowCreateView(id ObjectID) (string, error) {
	o, ok := m.Lookup(id)
	if !ok {
		return "", validation("Could not execute SHOW CREATE VIEW. View with identifier %s does not exist.", id.Quoted())
	}
	if !o.IsView() {
		return "", diag.Errorf(diag.NoPos, diag.TableException, "SHOW CREATE VIEW is only supported for views, but %s is a table. Please use SHOW CREATE TABLE instead.", id.Quoted())
	}
	return CreateViewText(id, o.View, o.Temporary), nil
}

// CreateViewText renders a view as Flink's SHOW CREATE VIEW does.
func CreateViewText(id ObjectID, v *View, temporary bool) string {
	var b strings.Builder
	b.WriteString("CREATE ")
	if temporary {
		b.WriteString("TEMPORARY ")
	}
	b.WriteString("VIEW " + id.Quoted() + " (\n")
	for i, c := range v.Schema.Columns {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString("  " + types.QuoteIdent(c.Name))
	}
	b.WriteString("\n)\n")
	if v.Comment != "" {
		b.WriteString("COMMENT " + quoteString(v.Comment) + "\n")
	}
	b.WriteString("AS " + v.ExpandedQuery + "\n")
	return b.String()
}

// ShowCreateCatalog returns the text of SHOW CREATE CATALOG.
func (m *Manager) ShowCreateCatalog(name string) (string, error) {
	c, ok := m.catalogs[name]
	if !ok || c.desc == nil {
		return "", validation("Cannot obtain metadata information from Catalog %s.", name)
	}
	var b strings.Builder
	b.WriteString("CREATE CATALOG " + types.QuoteIdent(name) + "\n")
	if c.desc.comment != nil {
		b.WriteString("COMMENT " + quoteString(*c.desc.comment) + "\n")
	}
	if len(c.desc.options) > 0 {
		b.WriteString("WITH (\n" + formatOptions(c.desc.options) + "\n)\n")
	}
	return b.String(), nil
}

// InfoRow is one row of DESCRIBE CATALOG: info name and value. Value is
// nil for NULL (a catalog without comment).
type InfoRow struct {
	Name  string
	Value *string
}

// DescribeCatalog returns the rows of DESCRIBE CATALOG [EXTENDED]: name,
// type, comment and, when extended, option:<key> for each option but type.
func (m *Manager) DescribeCatalog(name string, extended bool) ([]InfoRow, error) {
	c, ok := m.catalogs[name]
	if !ok || c.desc == nil {
		return nil, validation("Cannot obtain metadata information from Catalog %s.", name)
	}
	str := func(s string) *string { return &s }
	rows := []InfoRow{
		{"name", str(name)},
		{"type", str(c.desc.options[OptionType])},
		{"comment", c.desc.comment},
	}
	if extended {
		keys := make([]string, 0, len(c.desc.options))
		for k := range c.desc.options {
			if k != OptionType {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			v := c.desc.options[k]
			if IsSensitive(k) {
				v = hiddenContent
			}
			rows = append(rows, InfoRow{"option:" + k, str(v)})
		}
	}
	return rows, nil
}

// ColumnInfo is one row of DESCRIBE / SHOW COLUMNS. Empty Key, Extras,
// Watermark and Comment print as NULL (an empty cell).
type ColumnInfo struct {
	Name      string
	Type      string // summary string of the nullable type: BIGINT, TIMESTAMP(3) *ROWTIME*
	Nullable  bool
	Key       string // PRI(col1, col2) for primary key columns
	Extras    string // AS expr, METADATA ...
	Watermark string // the watermark expression, on the rowtime column
	Comment   string
}

// Columns returns the rows of DESCRIBE / SHOW COLUMNS for a table or view,
// and whether any column has a comment (Flink then adds a comment column).
func (m *Manager) Columns(id ObjectID, streaming bool) ([]ColumnInfo, bool, error) {
	o, ok := m.Lookup(id)
	if !ok {
		return nil, false, validation("Tables or views with the identifier '%s' doesn't exist.", id)
	}
	rows, comments := ObjectColumns(o, streaming)
	return rows, comments, nil
}

// ObjectColumns describes the columns of a table or view.
func ObjectColumns(o Object, streaming bool) ([]ColumnInfo, bool) {
	if o.View != nil {
		rows := make([]ColumnInfo, len(o.View.Schema.Columns))
		for i, c := range o.View.Schema.Columns {
			rows[i] = ColumnInfo{Name: c.Name, Type: c.Type.WithNullable(true).String(), Nullable: c.Type.Nullable()}
		}
		return rows, false
	}
	t := o.Table
	var key string
	if t.PrimaryKey != nil {
		key = "PRI(" + strings.Join(t.PrimaryKey.Columns, ", ") + ")"
	}
	comments := false
	rows := make([]ColumnInfo, len(t.Columns))
	for i, c := range t.Columns {
		typ := t.columnType(i, streaming)
		r := ColumnInfo{Name: c.Name, Type: typ.WithNullable(true).String(), Nullable: typ.Nullable(),
			Extras: c.Extras(), Comment: c.Comment}
		if t.PrimaryKey != nil && contains(t.PrimaryKey.Columns, c.Name) {
			r.Key = key
		}
		if t.Watermark != nil && t.Watermark.Column == c.Name {
			r.Watermark = t.Watermark.Expr
		}
		if c.Comment != "" {
			comments = true
		}
		rows[i] = r
	}
	return rows, comments
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// SerializableType is Flink's LogicalType.asSerializableString, the form
// SHOW CREATE TABLE prints: VARCHAR(2147483647) rather than STRING,
// TIMESTAMP(3) WITH LOCAL TIME ZONE rather than TIMESTAMP_LTZ(3), and no
// time attribute markers.
func SerializableType(t types.Type) string {
	var b strings.Builder
	writeSerializable(&b, t)
	return b.String()
}

func writeSerializable(b *strings.Builder, t types.Type) {
	itoa := strconv.Itoa
	switch t.Kind {
	case types.Null:
		b.WriteString("NULL")
		return
	case types.Char:
		b.WriteString("CHAR(" + itoa(t.Length) + ")")
	case types.Varchar:
		b.WriteString("VARCHAR(" + itoa(t.Length) + ")")
	case types.Binary:
		b.WriteString("BINARY(" + itoa(t.Length) + ")")
	case types.Varbinary:
		b.WriteString("VARBINARY(" + itoa(t.Length) + ")")
	case types.Timestamp:
		b.WriteString("TIMESTAMP(" + itoa(t.Precision) + ")")
	case types.TimestampLTZ:
		b.WriteString("TIMESTAMP(" + itoa(t.Precision) + ") WITH LOCAL TIME ZONE")
	case types.Array, types.Multiset:
		if t.Kind == types.Array {
			b.WriteString("ARRAY<")
		} else {
			b.WriteString("MULTISET<")
		}
		if t.Elem != nil {
			writeSerializable(b, *t.Elem)
		}
		b.WriteString(">")
	case types.Map:
		b.WriteString("MAP<")
		if t.Key != nil {
			writeSerializable(b, *t.Key)
		}
		b.WriteString(", ")
		if t.Val != nil {
			writeSerializable(b, *t.Val)
		}
		b.WriteString(">")
	case types.Row:
		b.WriteString("ROW<")
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(types.QuoteIdent(f.Name) + " ")
			writeSerializable(b, f.Type)
			if f.Desc != "" {
				b.WriteString(" " + quoteString(f.Desc))
			}
		}
		b.WriteString(">")
	default:
		// The remaining types print the same in both forms.
		b.WriteString(t.WithNullable(true).String())
	}
	if t.NotNull {
		b.WriteString(" NOT NULL")
	}
}
