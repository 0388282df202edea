package ddl

import (
	"context"
	"sort"
	"strings"

	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The statements on tables and views: CREATE TABLE (its LIKE clause and
// its schema), CREATE VIEW, DROP and ALTER TABLE.

// likeStrategies holds the merging strategy per LIKE feature. A plain
// CREATE TABLE has none at all, which matters: Flink then treats every
// feature as "not OVERWRITING" and "not EXCLUDING".
type likeStrategies map[sql.LikeFeature]sql.LikeStrategy

func (m likeStrategies) is(f sql.LikeFeature, s sql.LikeStrategy) bool {
	v, ok := m[f]
	return ok && v == s
}

var likeFeatureNames = map[sql.LikeFeature]string{
	sql.LikeAll: "ALL", sql.LikeConstraints: "CONSTRAINTS", sql.LikeDistribution: "DISTRIBUTION",
	sql.LikeGenerated: "GENERATED", sql.LikeMetadata: "METADATA", sql.LikeOptions: "OPTIONS",
	sql.LikePartitions: "PARTITIONS", sql.LikeWatermarks: "WATERMARKS",
}

var likeStrategyNames = map[sql.LikeStrategy]string{
	sql.Including: "INCLUDING", sql.Excluding: "EXCLUDING", sql.Overwriting: "OVERWRITING",
}

// likeMergingStrategies validates the LIKE options and computes the
// strategies: defaults INCLUDING everything but OPTIONS (OVERWRITING), then
// ALL, then each explicit option.
func likeMergingStrategies(like *sql.LikeClause) (likeStrategies, error) {
	seen := map[sql.LikeFeature]bool{}
	for _, o := range like.Options {
		if seen[o.Feature] {
			return nil, diag.Errorf(like.Pos, sqlValidateException, "Each like option feature can be declared only once.")
		}
		seen[o.Feature] = true
	}
	for _, o := range like.Options {
		if o.Strategy == sql.Overwriting {
			switch o.Feature {
			case sql.LikeAll, sql.LikeDistribution, sql.LikePartitions, sql.LikeConstraints:
				return nil, diag.Errorf(like.Pos, sqlValidateException, "Illegal merging strategy '%s' for '%s' option.",
					likeStrategyNames[o.Strategy], likeFeatureNames[o.Feature])
			}
		}
	}
	m := likeStrategies{
		sql.LikeOptions: sql.Overwriting, sql.LikeWatermarks: sql.Including, sql.LikeGenerated: sql.Including,
		sql.LikeMetadata: sql.Including, sql.LikeConstraints: sql.Including, sql.LikeDistribution: sql.Including,
		sql.LikePartitions: sql.Including,
	}
	for _, o := range like.Options {
		if o.Feature == sql.LikeAll {
			for f := range m {
				m[f] = o.Strategy
			}
		}
	}
	for _, o := range like.Options {
		m[o.Feature] = o.Strategy
	}
	return m, nil
}

// schemaBuilder merges a LIKE source table and the derived definition the
// way Flink's MergeTableLikeUtil does, keeping columns in insertion order.
type schemaBuilder struct {
	s        *Executor
	stmtPos  int
	strategy likeStrategies
	columns  []catalog.Column
	// Types of physical, metadata and derived computed columns, each in
	// insertion order, as the scopes of expressions.
	physical, metadata, computed []types.Column
	watermarks                   []*catalog.Watermark
	pk                           *catalog.PrimaryKey
}

func (b *schemaBuilder) index(name string) int {
	for i, c := range b.columns {
		if c.Name == name {
			return i
		}
	}
	return -1
}

// put adds a column, or replaces one of the same name in place.
func (b *schemaBuilder) put(c catalog.Column) {
	if i := b.index(c.Name); i >= 0 {
		b.columns[i] = c
		return
	}
	b.columns = append(b.columns, c)
}

func typesIndex(cols []types.Column, name string) int {
	for i, c := range cols {
		if c.Name == name {
			return i
		}
	}
	return -1
}

func setType(cols *[]types.Column, name string, t types.Type) {
	if i := typesIndex(*cols, name); i >= 0 {
		(*cols)[i].Type = t
		return
	}
	*cols = append(*cols, types.Column{Name: name, Type: t})
}

func (b *schemaBuilder) fromSource(src *catalog.Table) {
	for _, c := range src.Columns {
		switch c.Kind {
		case catalog.Physical:
			b.physical = append(b.physical, types.Column{Name: c.Name, Type: c.Type})
			b.put(c)
		case catalog.Computed:
			if !b.strategy.is(sql.LikeGenerated, sql.Excluding) {
				b.put(c)
			}
		case catalog.Metadata:
			if !b.strategy.is(sql.LikeMetadata, sql.Excluding) {
				b.metadata = append(b.metadata, types.Column{Name: c.Name, Type: c.Type})
				b.put(c)
			}
		}
	}
	if src.Watermark != nil && !b.strategy.is(sql.LikeWatermarks, sql.Excluding) {
		w := *src.Watermark
		b.watermarks = append(b.watermarks, &w)
	}
	if src.PrimaryKey != nil && b.strategy.is(sql.LikeConstraints, sql.Including) {
		pk := *src.PrimaryKey
		b.pk = &pk
	}
}

func (b *schemaBuilder) appendColumns(defs []sql.ColumnDef, pkCols map[string]bool) error {
	// Physical columns are collected first: computed columns see all of them.
	var derivedPhysical []types.Column
	for _, d := range defs {
		if d.Kind != sql.PhysicalColumn {
			continue
		}
		name := d.Name.Name
		if b.index(name) >= 0 {
			return diag.Validation(d.Name.Pos, "A column named '%s' already exists in the base table.", name)
		}
		if typesIndex(b.physical, name) >= 0 {
			return diag.Validation(d.Name.Pos, "A regular Column named '%s' already exists in the table.", name)
		}
		t := d.Type
		// Primary key columns are NOT NULL, as Flink's parser makes them.
		if pkCols[name] {
			t.NotNull = true
		}
		b.physical = append(b.physical, types.Column{Name: name, Type: t})
		derivedPhysical = append(derivedPhysical, types.Column{Name: name, Type: t})
	}
	for _, d := range defs {
		name := d.Name.Name
		col := catalog.Column{Name: name}
		if d.Comment != nil {
			col.Comment = *d.Comment
		}
		switch d.Kind {
		case sql.PhysicalColumn:
			col.Kind = catalog.Physical
			col.Type = derivedPhysical[typesIndex(derivedPhysical, name)].Type
		case sql.ComputedColumn:
			if typesIndex(b.physical, name) >= 0 {
				return diag.Validation(d.Name.Pos, "A column named '%s' already exists in the table. Duplicate columns exist in the compute column and regular column. ", name)
			}
			if i := b.index(name); i >= 0 {
				if b.columns[i].Kind != catalog.Computed {
					return diag.Validation(d.Name.Pos, "A column named '%s' already exists in the base table. Computed columns can only overwrite other computed columns.", name)
				}
				if !b.strategy.is(sql.LikeGenerated, sql.Overwriting) {
					return diag.Validation(d.Name.Pos, "A generated column named '%s' already exists in the base table. You might want to specify EXCLUDING GENERATED or OVERWRITING GENERATED.", name)
				}
			}
			scope := append(append([]types.Column(nil), b.physical...), b.metadata...)
			t, err := b.s.env.ExprType(scope, d.Expr)
			if err != nil {
				return at(err, d.Name.Pos)
			}
			col.Kind = catalog.Computed
			col.Type = t
			col.Expr = sql.FormatExpr(d.Expr)
			col.Parsed = d.Expr
			collectRefs(d.Expr, &col.Refs)
			setType(&b.computed, name, t)
		case sql.MetadataColumn:
			if typesIndex(b.physical, name) >= 0 {
				return diag.Validation(d.Name.Pos, "A column named '%s' already exists in the table. Duplicate columns exist in the metadata column and regular column. ", name)
			}
			if i := b.index(name); i >= 0 {
				if b.columns[i].Kind != catalog.Metadata {
					return diag.Validation(d.Name.Pos, "A column named '%s' already exists in the base table. Metadata columns can only overwrite other metadata columns.", name)
				}
				if !b.strategy.is(sql.LikeMetadata, sql.Overwriting) {
					return diag.Validation(d.Name.Pos, "A metadata column named '%s' already exists in the base table. You might want to specify EXCLUDING METADATA or OVERWRITING METADATA.", name)
				}
			}
			col.Kind = catalog.Metadata
			col.Type = d.Type
			col.MetadataKey = d.MetadataKey
			col.Virtual = d.Virtual
			setType(&b.metadata, name, d.Type)
		}
		b.put(col)
	}
	return nil
}

func (b *schemaBuilder) appendWatermark(w *sql.WatermarkDef) error {
	if w == nil {
		return nil
	}
	name := w.Column.Name
	if !b.strategy.is(sql.LikeWatermarks, sql.Overwriting) {
		for _, old := range b.watermarks {
			if old.Column == name {
				return diag.Validation(w.Pos, "There already exists a watermark spec for column '%s' in the base table. You might want to specify EXCLUDING WATERMARKS or OVERWRITING WATERMARKS.", name)
			}
		}
	}
	var visible []string
	for _, cols := range [][]types.Column{b.physical, b.metadata, b.computed} {
		for _, c := range cols {
			visible = append(visible, c.Name)
		}
	}
	found := false
	for _, v := range visible {
		if v == name {
			found = true
		}
	}
	if !found {
		return diag.Validation(w.Column.Pos, "The rowtime attribute field '%s' is not defined in the table schema, at %s\nAvailable fields: [%s]",
			name, parserPos(b.stmtPos, w.Column.Pos), quotedList(visible))
	}
	wm := &catalog.Watermark{Column: name, Expr: sql.FormatExpr(w.Expr), Parsed: w.Expr}
	collectRefs(w.Expr, &wm.Refs)
	for i, old := range b.watermarks {
		if old.Column == name {
			b.watermarks[i] = wm
			return nil
		}
	}
	b.watermarks = append(b.watermarks, wm)
	return nil
}

func (b *schemaBuilder) appendPrimaryKey(pk *sql.PrimaryKeyDef) error {
	if pk == nil {
		return nil
	}
	if b.pk != nil {
		return diag.Validation(pk.Pos, "The base table already has a primary key. You might want to specify EXCLUDING CONSTRAINTS.")
	}
	cols := make([]string, len(pk.Columns))
	for i, c := range pk.Columns {
		j := b.index(c.Name)
		if j < 0 {
			return diag.Validation(c.Pos, "Primary key column '%s' is not defined in the schema at %s", c.Name, parserPos(b.stmtPos, c.Pos))
		}
		if b.columns[j].Kind != catalog.Physical {
			return diag.Validation(c.Pos, "Could not create a PRIMARY KEY with column '%s' at %s.\nA PRIMARY KEY constraint must be declared on physical columns.", c.Name, parserPos(b.stmtPos, c.Pos))
		}
		cols[i] = c.Name
	}
	name := catalog.DefaultPrimaryKeyName(cols)
	if pk.Name != nil {
		name = pk.Name.Name
	}
	b.pk = &catalog.PrimaryKey{Name: name, Columns: cols}
	return nil
}

// resolve validates the merged schema as Flink's schema resolver does and
// derives the watermark expression's type.
func (b *schemaBuilder) resolve(pos int) (*catalog.Table, error) {
	t := &catalog.Table{Columns: b.columns, PrimaryKey: b.pk}
	metaKeys := map[string]string{}
	for _, c := range t.Columns {
		if c.Kind != catalog.Metadata {
			continue
		}
		key := c.MetadataKey
		if key == "" {
			key = c.Name
		}
		if other, ok := metaKeys[key]; ok {
			return nil, diag.Validation(pos, "The column `%s` and `%s` in the table are both from the same metadata key '%s'. Please specify one of the columns as the metadata column and use the computed column syntax to specify the others.", other, c.Name, key)
		}
		metaKeys[key] = c.Name
	}
	if len(b.watermarks) > 1 {
		return nil, diag.Validation(pos, "Multiple watermark definitions are not supported yet.")
	}
	if len(b.watermarks) == 1 {
		w := b.watermarks[0]
		i := t.Index(w.Column)
		if i < 0 {
			return nil, diag.Validation(pos, "Invalid column name '%s' for rowtime attribute in watermark declaration. Available columns are: %s", w.Column, javaList(columnNames(t)))
		}
		timeType := t.Columns[i].Type
		if !timeType.IsTimestamp() || timeType.Precision > 3 {
			return nil, diag.Validation(pos, "Invalid data type of time field for watermark definition. The field must be of type TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the time field type is %s", timeType)
		}
		if timeType.Attr == types.Proctime {
			return nil, diag.Validation(pos, "A watermark can not be defined for a processing-time attribute.")
		}
		if w.Parsed != nil {
			scope := t.Schema(false).Columns
			wt, err := b.s.env.ExprType(scope, w.Parsed.(sql.Expr))
			if err != nil {
				return nil, err
			}
			w.Type = wt
		}
		if !w.Type.IsTimestamp() || w.Type.Precision > 3 {
			return nil, diag.Validation(pos, "Invalid data type of expression for watermark definition. The field must be of type TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the watermark expression type is %s", w.Type)
		}
		if w.Type.Kind != timeType.Kind {
			return nil, diag.Validation(pos, "The watermark declaration's output data type '%s' is different from the time field's data type '%s'.", w.Type, timeType)
		}
		t.Watermark = w
	}
	if pk := t.PrimaryKey; pk != nil {
		var dups []string
		for i, c := range pk.Columns {
			for _, d := range pk.Columns[:i] {
				if c == d && !contains(dups, c) {
					dups = append(dups, c)
				}
			}
		}
		if len(dups) > 0 {
			return nil, diag.Validation(pos, "Invalid primary key '%s'. A primary key must not contain duplicate columns. Found: %s", pk.Name, javaList(dups))
		}
		for _, c := range pk.Columns {
			i := t.Index(c)
			switch {
			case i < 0:
				return nil, diag.Validation(pos, "Invalid primary key '%s'. Column '%s' does not exist.", pk.Name, c)
			case t.Columns[i].Kind != catalog.Physical:
				return nil, diag.Validation(pos, "Invalid primary key '%s'. Column '%s' is not a physical column.", pk.Name, c)
			case t.Columns[i].Type.Nullable():
				return nil, diag.Validation(pos, "Invalid primary key '%s'. Column '%s' is nullable.", pk.Name, c)
			}
		}
	}
	return t, nil
}

func columnNames(t *catalog.Table) []string {
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = c.Name
	}
	return names
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// execCreateTable runs CREATE TABLE; CREATE TABLE ... AS SELECT is
// execCreateTableAs, which calls it for the table without its query.
func (s *Executor) execCreateTable(st *sql.CreateTable) (*Result, error) {
	b := &schemaBuilder{s: s, stmtPos: st.Pos, strategy: likeStrategies{}}
	var src *catalog.Table
	if st.Like != nil {
		strategy, err := likeMergingStrategies(st.Like)
		if err != nil {
			return nil, err
		}
		b.strategy = strategy
		srcID, err := s.qualify(st.Like.Source)
		if err != nil {
			return nil, err
		}
		o, ok := s.catalog.Lookup(srcID)
		if !ok {
			return nil, diag.Validation(st.Like.Source.Pos(), "Source table '%s' of the LIKE clause not found in the catalog, at %s",
				srcID.Quoted(), parserPos(st.Pos, st.Like.Source.Pos()))
		}
		if o.IsView() {
			return nil, diag.Validation(st.Like.Source.Pos(), "Source table '%s' of the LIKE clause can not be a VIEW, at %s",
				srcID.Quoted(), parserPos(st.Pos, st.Like.Source.Pos()))
		}
		src = o.Table
	}

	partitions := make([]string, len(st.PartitionedBy))
	for i, p := range st.PartitionedBy {
		partitions[i] = p.Name
	}
	if src != nil {
		if len(partitions) > 0 && len(src.PartitionKeys) > 0 && !b.strategy.is(sql.LikePartitions, sql.Excluding) {
			return nil, diag.Validation(st.Like.Pos, "The base table already has partitions defined. You might want to specify EXCLUDING PARTITIONS.")
		}
		if len(partitions) == 0 {
			partitions = src.PartitionKeys
		}
		b.fromSource(src)
	}

	pkCols := map[string]bool{}
	if st.PrimaryKey != nil {
		for _, c := range st.PrimaryKey.Columns {
			pkCols[c.Name] = true
		}
	}
	if err := b.appendColumns(st.Columns, pkCols); err != nil {
		return nil, err
	}
	if err := b.appendWatermark(st.Watermark); err != nil {
		return nil, err
	}
	if err := b.appendPrimaryKey(st.PrimaryKey); err != nil {
		return nil, err
	}

	names := make([]string, len(b.columns))
	for i, c := range b.columns {
		names[i] = c.Name
	}
	for _, p := range partitions {
		if !contains(names, p) {
			return nil, diag.Validation(st.Pos, "Partition column '%s' not defined in the table schema. Available columns: [%s]", p, quotedList(names))
		}
	}

	options := properties(st.Options)
	if src != nil {
		merged := map[string]string{}
		if !b.strategy.is(sql.LikeOptions, sql.Excluding) {
			for k, v := range src.Options {
				merged[k] = v
			}
		}
		// Derived options in statement order, so the error names the first clash.
		for _, p := range st.Options {
			if old, ok := merged[p.Key]; ok && !b.strategy.is(sql.LikeOptions, sql.Overwriting) {
				return nil, diag.Validation(p.KeyPos, "There already exists an option ['%s' -> '%s']  in the base table. You might want to specify EXCLUDING OPTIONS or OVERWRITING OPTIONS.", p.Key, old)
			}
			merged[p.Key] = p.Value
		}
		options = merged
	}

	t, err := b.resolve(st.Pos)
	if err != nil {
		return nil, err
	}
	var physical []string
	for _, c := range t.Columns {
		if c.Kind == catalog.Physical {
			physical = append(physical, c.Name)
		}
	}
	for _, p := range partitions {
		if !contains(physical, p) {
			return nil, diag.Validation(st.Pos, "Invalid partition key '%s'. A partition key must reference a physical column in the schema. Available columns are: %s", p, javaList(physical))
		}
	}
	t.PartitionKeys = partitions
	if d := st.Distribution; d != nil {
		td := &catalog.Distribution{Kind: d.Kind, Buckets: d.Buckets}
		for _, k := range d.Keys {
			if !contains(physical, k.Name) {
				return nil, diag.Validation(k.Pos, "Invalid bucket key '%s'. A bucket key for a distribution must reference a physical column in the schema. Available columns are: %s", k.Name, javaList(physical))
			}
			td.Keys = append(td.Keys, k.Name)
		}
		t.Distribution = td
	} else if src != nil && src.Distribution != nil && !b.strategy.is(sql.LikeDistribution, sql.Excluding) {
		d := *src.Distribution
		t.Distribution = &d
	}
	t.Options = options
	if st.Comment != nil {
		t.Comment = *st.Comment
	}

	id, err := s.qualify(st.Name)
	if err != nil {
		return nil, err
	}
	return okResult(s.catalog.CreateTable(id, t, st.Temporary, st.IfNotExists), st.Name.Pos())
}

// ---------------------------------------------------------------- CREATE VIEW

func (s *Executor) execCreateView(ctx context.Context, st *sql.CreateView) (*Result, error) {
	id, err := s.qualify(st.Name)
	if err != nil {
		return nil, err
	}
	schema, expanded, err := s.env.QuerySchema(ctx, st.Query)
	if err != nil {
		return nil, err
	}
	names := schema.Names()
	if len(st.Columns) > 0 {
		aliases := make([]string, len(st.Columns))
		for i, c := range st.Columns {
			aliases[i] = c.Name
		}
		if err := duplicateViewColumn(st, aliases); err != nil {
			return nil, err
		}
		if len(aliases) != len(names) {
			return nil, diag.Validation(st.Pos, "VIEW definition and input fields not match:\n\tDef fields: %s.\n\tInput fields: %s.", javaList(aliases), javaList(names))
		}
		cols := make([]types.Column, len(aliases))
		for i, a := range aliases {
			cols[i] = types.Column{Name: a, Type: schema.Columns[i].Type}
		}
		schema = types.Schema{Columns: cols}
	} else if err := duplicateViewColumn(st, names); err != nil {
		return nil, err
	}
	if expanded == "" {
		expanded = st.QueryText
	}
	v := &catalog.View{Schema: schema, OriginalQuery: st.QueryText, ExpandedQuery: expanded}
	if st.Comment != nil {
		v.Comment = *st.Comment
	}
	return okResult(s.catalog.CreateView(id, v, st.Temporary, st.IfNotExists), st.Name.Pos())
}

// duplicateViewColumn rejects a view whose columns repeat a name.
func duplicateViewColumn(st *sql.CreateView, names []string) error {
	first := map[string]int{}
	for i, n := range names {
		j, dup := first[n]
		if !dup {
			first[n] = i
			continue
		}
		if sel, ok := st.Query.(*sql.Select); ok && len(st.Columns) == 0 && j < len(sel.Items) && i < len(sel.Items) {
			return diag.Validation(sel.Items[i].Pos, "SQL validation failed. A column with the same name `%s` has been defined at %s.", n, parserPos(st.Pos, sel.Items[j].Pos))
		}
		return diag.Validation(st.Pos, "SQL validation failed. Column `%s` has been specified.", n)
	}
	return nil
}

// ---------------------------------------------------------------- DROP

func (s *Executor) execDrop(st *sql.Drop) (*Result, error) {
	pos := st.Name.Pos()
	switch st.What {
	case sql.KindTable, sql.KindView:
		id, err := s.qualify(st.Name)
		if err != nil {
			return nil, err
		}
		if st.What == sql.KindTable {
			return okResult(s.catalog.DropTable(id, st.Temporary, st.IfExists), pos)
		}
		return okResult(s.catalog.DropView(id, st.Temporary, st.IfExists), pos)
	case sql.KindDatabase:
		c, db, err := s.databaseName(st.Name, "drop")
		if err != nil {
			return nil, err
		}
		return okResult(s.catalog.DropDatabase(c, db, st.IfExists, st.Cascade), pos)
	case sql.KindCatalog:
		parts := st.Name.Names()
		return okResult(s.catalog.DropCatalog(parts[len(parts)-1], st.IfExists), pos)
	}
	return nil, diag.Errorf(st.Pos, diag.TableException, "Unsupported DROP statement.")
}

// databaseName splits [catalog.]database; what names the statement in
// Flink's "<what> database identifier format error".
func (s *Executor) databaseName(n sql.ObjectName, what string) (cat, db string, err error) {
	parts := n.Names()
	switch len(parts) {
	case 1:
		return s.catalog.CurrentCatalog(), parts[0], nil
	case 2:
		return parts[0], parts[1], nil
	}
	return "", "", diag.Validation(n.Pos(), "%s database identifier format error", what)
}

// ---------------------------------------------------------------- ALTER TABLE

func (s *Executor) execAlterTable(st *sql.AlterTable) (*Result, error) {
	id, err := s.qualify(st.Name)
	if err != nil {
		return nil, err
	}
	pos := st.Name.Pos()
	o, ok := s.catalog.Lookup(id)
	if !ok || o.Temporary {
		if st.IfExists {
			return success(), nil
		}
		return nil, diag.Validation(pos, "Table %s doesn't exist or is a temporary table.", id.Quoted())
	}
	if o.IsView() {
		return nil, diag.Validation(pos, "ALTER TABLE for a view is not allowed")
	}
	t := o.Table
	switch st.Op {
	case sql.AlterSetOptions:
		if t.Options == nil {
			t.Options = map[string]string{}
		}
		for _, p := range st.Options {
			t.Options[p.Key] = p.Value
		}
	case sql.AlterResetOptions:
		if len(st.Keys) == 0 {
			return nil, diag.Validation(st.Pos, "ALTER TABLE RESET does not support empty key")
		}
		for _, k := range st.Keys {
			if k.Key == "connector" {
				return nil, diag.Validation(k.KeyPos, "ALTER TABLE RESET does not support changing 'connector'")
			}
		}
		for _, k := range st.Keys {
			delete(t.Options, k.Key)
		}
	case sql.AlterRenameTable:
		parts := st.NewName.Names()
		if len(parts) == 0 {
			return nil, diag.Validation(st.Pos, "ALTER TABLE RENAME TO needs a new name")
		}
		return okResult(s.catalog.RenameTable(id, parts[len(parts)-1], st.IfExists), st.NewName.Pos())
	case sql.AlterRenameColumn:
		if err := renameColumn(t, st.Column, st.NewCol); err != nil {
			return nil, err
		}
	case sql.AlterAddSchema, sql.AlterModifySchema:
		nt, err := s.alterSchema(t, st, st.Op == sql.AlterAddSchema)
		if err != nil {
			return nil, err
		}
		t = nt
	case sql.AlterDropColumns:
		if err := dropColumns(t, st.DropColumns); err != nil {
			return nil, err
		}
	case sql.AlterDropPrimaryKey, sql.AlterDropConstraint:
		if t.PrimaryKey == nil {
			return nil, diag.Validation(st.Pos, "%sThe current table does not define any primary key.", alterTablePrefix)
		}
		if c := st.Constraint; st.Op == sql.AlterDropConstraint && c != nil && c.Name != t.PrimaryKey.Name {
			return nil, diag.Validation(c.Pos, "%sThe current table does not define a primary key constraint named '%s'. Available constraint name: ['%s'].",
				alterTablePrefix, c.Name, t.PrimaryKey.Name)
		}
		t.PrimaryKey = nil
	case sql.AlterDropWatermark:
		if t.Watermark == nil {
			return nil, diag.Validation(st.Pos, "%sThe current table does not define any watermark strategy.", alterTablePrefix)
		}
		t.Watermark = nil
	default:
		return nil, diag.Errorf(st.Pos, diag.TableException, "Unsupported ALTER TABLE statement.")
	}
	return okResult(s.catalog.AlterTable(id, t), pos)
}

// renameColumn renames a column in place, refusing columns that computed
// columns, partition keys or the watermark depend on.
func renameColumn(t *catalog.Table, oldID, newID sql.Ident) error {
	old, nw := oldID.Name, newID.Name
	if err := checkReferences(t, old, oldID.Pos); err != nil {
		return err
	}
	i := t.Index(old)
	if t.Index(nw) >= 0 {
		return diag.Validation(newID.Pos, "%sThe column `%s` already existed in table schema.", alterTablePrefix, nw)
	}
	t.Columns[i].Name = nw
	if pk := t.PrimaryKey; pk != nil {
		for j, c := range pk.Columns {
			if c == old {
				pk.Columns[j] = nw
			}
		}
	}
	return nil
}

// alterSchema applies ALTER TABLE ADD|MODIFY (columns, primary key,
// watermark) the way Flink's SchemaAddConverter/SchemaModifyConverter do,
// then validates the new schema like CREATE TABLE.
func (s *Executor) alterSchema(old *catalog.Table, st *sql.AlterTable, add bool) (*catalog.Table, error) {
	order := columnNames(old)
	cols := map[string]catalog.Column{}
	for _, c := range old.Columns {
		cols[c.Name] = c
	}
	seen := map[string]bool{}
	for _, ac := range st.Schema {
		name := ac.Column.Name.Name
		pos := ac.Column.Name.Pos
		if seen[name] {
			return nil, diag.Validation(pos, "%sEncounter duplicate column `%s`.", alterTablePrefix, name)
		}
		seen[name] = true
		exists := contains(order, name)
		if add && exists {
			return nil, diag.Validation(pos, "%sColumn `%s` already exists in the table.", alterTablePrefix, name)
		}
		if !add && !exists {
			return nil, diag.Validation(pos, "%sColumn `%s` does not exist in the table.", alterTablePrefix, name)
		}
		after := ""
		if ac.After != nil {
			after = ac.After.Name
			if !contains(order, after) {
				return nil, diag.Validation(ac.After.Pos, "%sReferenced column `%s` by 'AFTER' does not exist in the table.", alterTablePrefix, after)
			}
		}
		if !add && (ac.First || ac.After != nil) {
			order = removeName(order, name)
		}
		switch {
		case ac.First:
			order = append([]string{name}, order...)
		case ac.After != nil:
			i := indexOf(order, after) + 1
			order = append(order[:i], append([]string{name}, order[i:]...)...)
		case add:
			order = append(order, name)
		}
	}
	for _, ac := range st.Schema {
		d := ac.Column
		c := catalog.Column{Name: d.Name.Name}
		if d.Comment != nil {
			c.Comment = *d.Comment
		} else if !add {
			// MODIFY keeps the old comment unless a new one is given.
			c.Comment = cols[c.Name].Comment
		}
		switch d.Kind {
		case sql.PhysicalColumn:
			c.Kind, c.Type = catalog.Physical, d.Type
		case sql.MetadataColumn:
			c.Kind, c.Type, c.MetadataKey, c.Virtual = catalog.Metadata, d.Type, d.MetadataKey, d.Virtual
		case sql.ComputedColumn:
			c.Kind, c.Expr, c.Parsed = catalog.Computed, sql.FormatExpr(d.Expr), d.Expr
			collectRefs(d.Expr, &c.Refs)
		}
		cols[c.Name] = c
	}

	wms := []*catalog.Watermark{}
	if old.Watermark != nil {
		w := *old.Watermark
		wms = append(wms, &w)
	}
	if w := st.Watermark; w != nil {
		if add && old.Watermark != nil {
			return nil, diag.Validation(w.Pos, "%sThe current table has already defined the watermark strategy `%s` AS %s. You might want to drop it before adding a new one.",
				alterTablePrefix, old.Watermark.Column, old.Watermark.Expr)
		}
		if !add && old.Watermark == nil {
			return nil, diag.Validation(w.Pos, "%sThe current table does not define any watermark. You might want to add a new one.", alterTablePrefix)
		}
		nw := &catalog.Watermark{Column: w.Column.Name, Expr: sql.FormatExpr(w.Expr), Parsed: w.Expr}
		collectRefs(w.Expr, &nw.Refs)
		wms = []*catalog.Watermark{nw}
	}
	pk := old.PrimaryKey
	if p := st.PrimaryKey; p != nil {
		if add && pk != nil {
			return nil, diag.Validation(p.Pos, "%sThe current table has already defined the primary key constraint [`%s`]. You might want to drop it before adding a new one.",
				alterTablePrefix, strings.Join(pk.Columns, "`, `"))
		}
		if !add && pk == nil {
			return nil, diag.Validation(p.Pos, "%sThe current table does not define any primary key constraint. You might want to add a new one.", alterTablePrefix)
		}
		names := make([]string, len(p.Columns))
		for i, c := range p.Columns {
			names[i] = c.Name
		}
		pk = &catalog.PrimaryKey{Name: catalog.DefaultPrimaryKeyName(names), Columns: names}
		if p.Name != nil {
			pk.Name = p.Name.Name
		}
	}
	if pk != nil {
		// Primary key columns become NOT NULL, as in Flink's converter.
		for _, name := range pk.Columns {
			if c, ok := cols[name]; ok && c.Kind == catalog.Physical {
				c.Type.NotNull = true
				cols[name] = c
			}
		}
	}

	b := &schemaBuilder{s: s, stmtPos: st.Pos, watermarks: wms}
	for _, name := range order {
		b.columns = append(b.columns, cols[name])
	}
	// Computed columns are typed over the physical and metadata columns.
	var scope []types.Column
	for _, c := range b.columns {
		if c.Kind != catalog.Computed {
			scope = append(scope, types.Column{Name: c.Name, Type: c.Type})
		}
	}
	for i, c := range b.columns {
		if c.Kind != catalog.Computed || c.Parsed == nil {
			continue
		}
		t, err := s.env.ExprType(scope, c.Parsed.(sql.Expr))
		if err != nil {
			return nil, err
		}
		b.columns[i].Type = t
	}
	if pk != nil {
		for _, name := range pk.Columns {
			if !contains(order, name) {
				return nil, diag.Validation(st.Pos, "Invalid primary key '%s'. Column '%s' does not exist.", pk.Name, name)
			}
		}
	}
	b.pk = pk
	nt, err := b.resolve(st.Pos)
	if err != nil {
		return nil, err
	}
	nt.Comment, nt.PartitionKeys, nt.Options = old.Comment, old.PartitionKeys, old.Options
	return nt, nil
}

// dropColumns removes columns, refusing those that other parts of the
// schema depend on. Dependent computed columns dropped in the same
// statement go first, as Flink orders them.
func dropColumns(t *catalog.Table, idents []sql.Ident) error {
	var names []string
	for _, id := range idents {
		if contains(names, id.Name) {
			return diag.Validation(id.Pos, "%sDuplicate column `%s`.", alterTablePrefix, id.Name)
		}
		names = append(names, id.Name)
	}
	deps := func(name string) int {
		if i := t.Index(name); i >= 0 {
			return len(t.Columns[i].Refs)
		}
		return 0
	}
	sort.SliceStable(names, func(i, j int) bool { return deps(names[i]) > deps(names[j]) })
	for _, name := range names {
		pos := idents[0].Pos
		for _, id := range idents {
			if id.Name == name {
				pos = id.Pos
			}
		}
		if err := checkReferences(t, name, pos); err != nil {
			return err
		}
		if t.PrimaryKey != nil && contains(t.PrimaryKey.Columns, name) {
			return diag.Validation(pos, "%sThe column %s is used as the primary key.", alterTablePrefix, types.QuoteIdent(name))
		}
		i := t.Index(name)
		t.Columns = append(t.Columns[:i], t.Columns[i+1:]...)
	}
	return nil
}

func removeName(list []string, name string) []string {
	out := list[:0:0]
	for _, x := range list {
		if x != name {
			out = append(out, x)
		}
	}
	return out
}

func indexOf(list []string, name string) int {
	for i, x := range list {
		if x == name {
			return i
		}
	}
	return -1
}

// checkReferences refuses to rename or drop a column that does not exist
// or that computed columns, partition keys or the watermark depend on
// (Flink's SchemaReferencesManager.checkReferences).
func checkReferences(t *catalog.Table, name string, pos int) error {
	if t.Index(name) < 0 {
		return diag.Validation(pos, "%sThe column `%s` does not exist in the base table.", alterTablePrefix, name)
	}
	var users []string
	for _, c := range t.Columns {
		if c.Kind == catalog.Computed && contains(c.Refs, name) {
			users = append(users, types.QuoteIdent(c.Name))
		}
	}
	if len(users) > 0 {
		sort.Strings(users)
		return diag.Validation(pos, "%sThe column %s is referenced by computed column %s.", alterTablePrefix, types.QuoteIdent(name), strings.Join(users, ", "))
	}
	if contains(t.PartitionKeys, name) {
		return diag.Validation(pos, "%sThe column `%s` is used as the partition keys.", alterTablePrefix, name)
	}
	if w := t.Watermark; w != nil && (w.Column == name || contains(w.Refs, name)) {
		return diag.Validation(pos, "%sThe column `%s` is referenced by watermark expression.", alterTablePrefix, name)
	}
	return nil
}
