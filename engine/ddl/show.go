package ddl

import (
	"sort"
	"strings"

	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
	"github.com/flinkplay/flinkplay/engine/types"
)

// SHOW and DESCRIBE.

var (
	describeColumns = []types.Column{
		{Name: "name", Type: types.String}, {Name: "type", Type: types.String},
		{Name: "null", Type: types.Bool}, {Name: "key", Type: types.String},
		{Name: "extras", Type: types.String}, {Name: "watermark", Type: types.String},
	}
	commentColumn = types.Column{Name: "comment", Type: types.String}
)

func (s *Executor) execShow(st *sql.Show) (*Result, bool, error) {
	var (
		names  []string
		header string
		err    error
	)
	switch st.What {
	case sql.ShowCatalogs:
		header, names = "catalog name", s.catalog.ListCatalogs()
	case sql.ShowCurrentCatalog:
		return stringsResult("current catalog name", []string{s.catalog.CurrentCatalog()}), true, nil
	case sql.ShowCurrentDatabase:
		return stringsResult("current database name", []string{s.catalog.CurrentDatabase()}), true, nil
	case sql.ShowDatabases:
		header = "database name"
		cat := ""
		if st.From != nil {
			parts := st.From.Names()
			if len(parts) != 1 {
				return nil, true, diag.Parse(st.From.Pos(), "Show databases from/in identifier [ %s ] format error, catalog must be a single part identifier.", strings.Join(parts, "."))
			}
			cat = parts[0]
		}
		names, err = s.catalog.ListDatabases(cat)
		err = at(err, st.Pos)
	case sql.ShowTables, sql.ShowViews:
		header = "table name"
		if st.What == sql.ShowViews {
			header = "view name"
		}
		names, err = s.showTables(st)
	case sql.ShowColumns:
		res, err := s.describe(st.From, likeFilter(st.Like), st.Pos)
		return res, true, err
	case sql.ShowFunctions:
		header = "function name"
		names = s.catalog.UserFunctions()
		if !st.User && s.modules.coreUsed() {
			names = append(names, functionNames()...)
			sort.Strings(names)
		}
	case sql.ShowCreateTable, sql.ShowCreateView:
		if st.From == nil {
			return nil, true, diag.Validation(st.Pos, "SHOW CREATE needs an object name")
		}
		id, err := s.qualify(*st.From)
		if err != nil {
			return nil, true, err
		}
		var text string
		if st.What == sql.ShowCreateTable {
			text, err = s.catalog.ShowCreateTable(id)
		} else {
			text, err = s.catalog.ShowCreateView(id)
		}
		if err != nil {
			return nil, true, at(err, st.From.Pos())
		}
		return stringsResult("result", []string{text}), true, nil
	case sql.ShowCreateCatalog:
		if st.From == nil {
			return nil, true, diag.Validation(st.Pos, "SHOW CREATE CATALOG needs a catalog name")
		}
		parts := st.From.Names()
		text, err := s.catalog.ShowCreateCatalog(parts[len(parts)-1])
		if err != nil {
			return nil, true, at(err, st.From.Pos())
		}
		return stringsResult("result", []string{text}), true, nil
	case sql.ShowModules:
		return s.showModules(st.Full), true, nil
	case sql.ShowJars:
		return stringsResult("jars", nil), true, nil
	default:
		return nil, false, nil
	}
	if err != nil {
		return nil, true, err
	}
	names, err = likeFilter(st.Like).Filter(names)
	if err != nil {
		return nil, true, at(err, st.Pos)
	}
	sorted := append([]string(nil), names...)
	sort.Strings(sorted)
	return stringsResult(header, sorted), true, nil
}

// showTables lists the tables or views of SHOW TABLES|VIEWS [FROM|IN [c.]db].
func (s *Executor) showTables(st *sql.Show) ([]string, error) {
	list := s.catalog.ListTables
	op := "SHOW TABLES"
	if st.What == sql.ShowViews {
		list, op = s.catalog.ListViews, "SHOW VIEWS"
	}
	if st.From == nil {
		names, err := list("", "")
		return names, at(err, st.Pos)
	}
	parts := st.From.Names()
	pos := st.From.Pos()
	var cat, db string
	switch len(parts) {
	case 1:
		cat, db = s.catalog.CurrentCatalog(), parts[0]
	case 2:
		cat, db = parts[0], parts[1]
	default:
		return nil, diag.Validation(pos, "%s from/in identifier [ %s ] format error, it should be [catalog_name.]database_name.", op, strings.Join(parts, "."))
	}
	if !s.catalog.HasCatalog(cat) {
		return nil, diag.Validation(pos, "Catalog %s does not exist", cat)
	}
	if !s.catalog.DatabaseExists(cat, db) {
		return nil, diag.Validation(pos, "Database '%s'.'%s' doesn't exist.", cat, db)
	}
	names, err := list(cat, db)
	return names, at(err, pos)
}

func (s *Executor) execDescribe(st *sql.Describe) (*Result, error) {
	if st.Function {
		return s.describeFunction(st)
	}
	if st.Database {
		return s.describeDatabase(st)
	}
	if !st.Catalog {
		return s.describe(&st.Name, nil, st.Pos)
	}
	parts := st.Name.Names()
	if len(parts) == 0 {
		return nil, diag.Validation(st.Pos, "DESCRIBE CATALOG needs a catalog name")
	}
	rows, err := s.catalog.DescribeCatalog(parts[len(parts)-1], st.Extended)
	if err != nil {
		return nil, at(err, st.Name.Pos())
	}
	out := make([][]types.Value, len(rows))
	for i, r := range rows {
		v := types.NullValue
		if r.Value != nil {
			v = types.StringValue(*r.Value)
		}
		out[i] = []types.Value{types.StringValue(r.Name), v}
	}
	return tableResult([]types.Column{{Name: "info name", Type: types.String}, {Name: "info value", Type: types.String}}, out), nil
}

// describeDatabase answers DESCRIBE DATABASE [EXTENDED] [cat.]db, which
// Flink does not have; it mirrors DESCRIBE CATALOG: name and comment, and
// with EXTENDED one option:<key> row per property, sorted.
func (s *Executor) describeDatabase(st *sql.Describe) (*Result, error) {
	c, db, err := s.databaseName(st.Name, "describe")
	if err != nil {
		return nil, err
	}
	comment, props, ok := s.catalog.DatabaseInfo(c, db)
	if !ok {
		if !s.catalog.HasCatalog(c) {
			return nil, diag.Validation(st.Name.Pos(), "Catalog %s does not exist", c)
		}
		return nil, diag.Errorf(st.Name.Pos(), catalog.DatabaseNotExistException, "Database %s does not exist in Catalog %s.", db, c)
	}
	rows := [][]types.Value{
		{types.StringValue("name"), types.StringValue(db)},
		{types.StringValue("comment"), strOrNull(comment)},
	}
	if st.Extended {
		keys := make([]string, 0, len(props))
		for k := range props {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v := props[k]
			if catalog.IsSensitive(k) {
				v = "******"
			}
			rows = append(rows, []types.Value{types.StringValue("option:" + k), types.StringValue(v)})
		}
	}
	return tableResult([]types.Column{{Name: "info name", Type: types.String}, {Name: "info value", Type: types.String}}, rows), nil
}

// describe answers DESCRIBE t and SHOW COLUMNS FROM t [LIKE p].
func (s *Executor) describe(name *sql.ObjectName, like *catalog.LikeFilter, pos int) (*Result, error) {
	if name == nil {
		return nil, diag.Validation(pos, "SHOW COLUMNS needs a table name")
	}
	id, err := s.qualify(*name)
	if err != nil {
		return nil, err
	}
	cols, comments, err := s.catalog.Columns(id, !s.env.Batch())
	if err != nil {
		return nil, at(err, name.Pos())
	}
	header := describeColumns
	if comments {
		header = append(append([]types.Column(nil), describeColumns...), commentColumn)
	}
	var rows [][]types.Value
	for _, c := range cols {
		ok, err := like.Match(c.Name)
		if err != nil {
			return nil, at(err, pos)
		}
		if !ok {
			continue
		}
		row := []types.Value{types.StringValue(c.Name), types.StringValue(c.Type), types.BoolValue(c.Nullable),
			strOrNull(c.Key), strOrNull(c.Extras), strOrNull(c.Watermark)}
		if comments {
			row = append(row, strOrNull(c.Comment))
		}
		rows = append(rows, row)
	}
	return tableResult(header, rows), nil
}
