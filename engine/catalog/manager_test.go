package catalog

import (
	"reflect"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

func ptr(s string) *string { return &s }

// wantErr checks err's exception class and message.
func wantErr(t testing.TB, err error, class, msg string) {
	t.Helper()
	if err == nil {
		t.Fatalf("got no error, want %s: %s", class, msg)
	}
	e, ok := diag.As(err)
	if !ok {
		t.Fatalf("got %T %v, want *diag.Error", err, err)
	}
	if e.Class != class || e.Msg != msg {
		t.Fatalf("got\n%s: %s\nwant\n%s: %s", e.Class, e.Msg, class, msg)
	}
}

func noErr(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func ordersTable() *Table {
	return &Table{
		Columns: []Column{
			{Name: "user", Type: types.Int64.WithNullable(false)},
			{Name: "product", Type: types.VarcharN(32)},
			{Name: "amount", Type: types.Int32},
			{Name: "ts", Type: types.TimestampOf(3)},
			{Name: "ptime", Kind: Computed, Type: types.Type{Kind: types.TimestampLTZ, Precision: 3, NotNull: true, Attr: types.Proctime}, Expr: "PROCTIME()"},
		},
		Watermark:  &Watermark{Column: "ts", Expr: "`ts` - INTERVAL '1' SECOND", Type: types.TimestampOf(3), Refs: []string{"ts"}},
		PrimaryKey: &PrimaryKey{Name: "PK_user", Columns: []string{"user"}},
		Options:    map[string]string{"connector": "datagen"},
	}
}

func TestObjectID(t *testing.T) {
	id := ObjectID{"default_catalog", "default_database", "t`x"}
	if got := id.String(); got != "default_catalog.default_database.t`x" {
		t.Errorf("String() = %q", got)
	}
	if got := id.Quoted(); got != "`default_catalog`.`default_database`.`t``x`" {
		t.Errorf("Quoted() = %q", got)
	}
}

func TestQualify(t *testing.T) {
	m := NewManager()
	tests := []struct {
		name  string
		parts []string
		want  ObjectID
	}{
		{"one part", []string{"t"}, ObjectID{"default_catalog", "default_database", "t"}},
		{"two parts", []string{"db", "t"}, ObjectID{"default_catalog", "db", "t"}},
		{"three parts", []string{"c", "db", "t"}, ObjectID{"c", "db", "t"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := m.Qualify(tt.parts)
			noErr(t, err)
			if got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
	if _, err := m.Qualify([]string{"a", "b", "c", "d"}); err == nil {
		t.Error("four parts: want error")
	}
}

// TestCatalogScript replays the catalog part of Flink's catalog_database.q.
func TestCatalogScript(t *testing.T) {
	m := NewManager()
	wantErr(t, m.UseDatabase("", "non_existing_db"), diag.CatalogException,
		"A database with name [non_existing_db] does not exist in the catalog: [default_catalog].")
	wantErr(t, m.UseCatalog("non_existing_catalog"), diag.CatalogException,
		"A catalog with name [non_existing_catalog] does not exist.")
	wantErr(t, m.CreateDatabase("my", "db", "", nil, false), diag.ValidationException, "Catalog my does not exist")

	noErr(t, m.CreateCatalog("c1", map[string]string{"type": "generic_in_memory"}, nil, false))
	if got := m.ListCatalogs(); !reflect.DeepEqual(got, []string{"c1", "default_catalog"}) {
		t.Errorf("ListCatalogs = %v", got)
	}
	noErr(t, m.UseCatalog("c1"))
	if m.CurrentCatalog() != "c1" || m.CurrentDatabase() != "default" {
		t.Errorf("current = %s.%s", m.CurrentCatalog(), m.CurrentDatabase())
	}
	noErr(t, m.DropCatalog("default_catalog", false))
	wantErr(t, m.DropCatalog("c1", false), diag.CatalogException, "Cannot drop a catalog which is currently in use.")

	noErr(t, m.CreateCatalog("cat_comment", map[string]string{"type": "generic_in_memory", "default-database": "db"}, ptr("hello 'catalog'"), false))
	got, err := m.ShowCreateCatalog("cat_comment")
	noErr(t, err)
	want := "CREATE CATALOG `cat_comment`\nCOMMENT 'hello ''catalog'''\nWITH (\n  'default-database' = 'db',\n  'type' = 'generic_in_memory'\n)\n"
	if got != want {
		t.Errorf("ShowCreateCatalog =\n%q\nwant\n%q", got, want)
	}
	rows, err := m.DescribeCatalog("cat_comment", true)
	noErr(t, err)
	if len(rows) != 4 || rows[3].Name != "option:default-database" || *rows[3].Value != "db" || *rows[2].Value != "hello 'catalog'" {
		t.Errorf("DescribeCatalog = %+v", rows)
	}
	noErr(t, m.CreateCatalog("cat_comment", map[string]string{"type": "generic_in_memory"}, nil, true))
	wantErr(t, m.CreateCatalog("cat_comment", map[string]string{"type": "generic_in_memory"}, nil, false),
		diag.CatalogException, "Catalog cat_comment already exists.")

	noErr(t, m.CreateCatalog("cat2", map[string]string{"type": "generic_in_memory", "default-database": "db"}, nil, false))
	rows, err = m.DescribeCatalog("cat2", false)
	noErr(t, err)
	if len(rows) != 3 || rows[2].Value != nil {
		t.Errorf("DescribeCatalog cat2 = %+v", rows)
	}
	noErr(t, m.AlterCatalogOptions("cat2", map[string]string{"default-database": "db_new"}))
	rows, _ = m.DescribeCatalog("cat2", true)
	if *rows[3].Value != "db_new" {
		t.Errorf("after SET: %+v", rows)
	}
	noErr(t, m.AlterCatalogReset("cat2", []string{"default-database", "k1"}))
	rows, _ = m.DescribeCatalog("cat2", true)
	if len(rows) != 3 {
		t.Errorf("after RESET: %+v", rows)
	}
	noErr(t, m.AlterCatalogComment("cat2", "comment for catalog 'cat2'"))
	rows, _ = m.DescribeCatalog("cat2", true)
	if *rows[2].Value != "comment for catalog 'cat2'" {
		t.Errorf("after COMMENT: %+v", rows)
	}

	noErr(t, m.CreateDatabase("", "db1", "", nil, false))
	if got, _ := m.ListDatabases(""); !reflect.DeepEqual(got, []string{"db1", "default"}) {
		t.Errorf("ListDatabases = %v", got)
	}
	noErr(t, m.UseDatabase("", "db1"))
	noErr(t, m.CreateDatabase("", "db2", "db2_comment", map[string]string{"k1": "v1"}, false))
	noErr(t, m.AlterDatabase("", "db2", map[string]string{"k1": "a", "k2": "b"}))
	comment, props, ok := m.DatabaseInfo("c1", "db2")
	if !ok || comment != "db2_comment" || !reflect.DeepEqual(props, map[string]string{"k1": "a", "k2": "b"}) {
		t.Errorf("DatabaseInfo = %q %v %v", comment, props, ok)
	}
	wantErr(t, m.DropDatabase("", "db1", false, false), diag.ValidationException, "Cannot drop a database which is currently in use.")
	noErr(t, m.DropDatabase("", "db2", true, false))
	noErr(t, m.DropDatabase("", "db2", true, false))
	wantErr(t, m.DropDatabase("", "db2", false, false), DatabaseNotExistException, "Database db2 does not exist in Catalog c1.")
	wantErr(t, m.CreateDatabase("", "db1", "", nil, false), DatabaseAlreadyExistException, "Database db1 already exists in Catalog c1.")
	wantErr(t, m.DropDatabase("nope", "db1", false, false), CatalogNotExistException, "Catalog nope does not exist.")
	if _, err := m.ListDatabases("c0"); err == nil {
		t.Error("ListDatabases(c0): want error")
	} else {
		wantErr(t, err, diag.ValidationException, "Catalog c0 does not exist")
	}
}

func TestCreateCatalogErrors(t *testing.T) {
	tests := []struct {
		name        string
		opts        map[string]string
		class, want string
	}{
		{"no type", map[string]string{}, diag.ValidationException,
			"Catalog options do not contain an option key 'type' for discovering a catalog."},
		{"unknown type", map[string]string{"type": "hive"}, diag.ValidationException,
			"Could not find any factory for identifier 'hive' that implements 'org.apache.flink.table.factories.CatalogFactory' in the classpath.\n\nAvailable factory identifiers are:\n\ngeneric_in_memory"},
		{"unknown option", map[string]string{"type": "generic_in_memory", "b": "1", "a": "2"}, diag.ValidationException,
			"Unsupported options found for 'generic_in_memory'.\n\nUnsupported options:\n\na\nb\n\nSupported options:\n\ndefault-database\nproperty-version"},
		{"empty default database", map[string]string{"type": "generic_in_memory", "default-database": " "}, diag.IllegalArgument,
			"defaultDatabase cannot be null or empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantErr(t, NewManager().CreateCatalog("c", tt.opts, nil, false), tt.class, tt.want)
		})
	}
}

func TestBuiltinCatalogHasNoDescriptor(t *testing.T) {
	m := NewManager()
	_, err := m.ShowCreateCatalog("default_catalog")
	wantErr(t, err, diag.ValidationException, "Cannot obtain metadata information from Catalog default_catalog.")
	_, err = m.DescribeCatalog("nope", false)
	wantErr(t, err, diag.ValidationException, "Cannot obtain metadata information from Catalog nope.")
	wantErr(t, m.AlterCatalogComment("default_catalog", "x"), diag.CatalogException,
		"Catalog default_catalog does not exist in the catalog store.")
}

func TestAlterCatalogRecreatesIt(t *testing.T) {
	m := NewManager()
	noErr(t, m.CreateCatalog("c", map[string]string{"type": "generic_in_memory"}, nil, false))
	noErr(t, m.CreateDatabase("c", "db", "", nil, false))
	noErr(t, m.AlterCatalogOptions("c", map[string]string{"default-database": "d2"}))
	if got, _ := m.ListDatabases("c"); !reflect.DeepEqual(got, []string{"d2"}) {
		t.Errorf("databases after ALTER CATALOG = %v, want Flink's fresh catalog [d2]", got)
	}
	wantErr(t, m.AlterCatalogOptions("c", map[string]string{"x": "1"}), diag.ValidationException,
		"Unsupported options found for 'generic_in_memory'.\n\nUnsupported options:\n\nx\n\nSupported options:\n\ndefault-database\nproperty-version")
}

// TestViewScript replays the temporary/permanent interplay of view.q.
func TestViewScript(t *testing.T) {
	m := NewManager()
	id := func(n string) ObjectID { return ObjectID{"default_catalog", "default_database", n} }
	noErr(t, m.CreateTable(id("orders"), ordersTable(), false, false))
	v := &View{Schema: types.Schema{Columns: []types.Column{{Name: "user", Type: types.Int64}}}, ExpandedQuery: "SELECT 1"}
	noErr(t, m.CreateView(id("v1"), v, true, false))
	wantErr(t, m.CreateView(id("v1"), v, true, false), diag.ValidationException,
		"Temporary table '`default_catalog`.`default_database`.`v1`' already exists")
	noErr(t, m.CreateView(id("v1"), v, true, true))
	noErr(t, m.CreateView(id("v2"), v, true, false))
	_, err := m.ShowCreateTable(id("v1"))
	wantErr(t, err, diag.TableException,
		"SHOW CREATE TABLE is only supported for tables, but `default_catalog`.`default_database`.`v1` is a view. Please use SHOW CREATE VIEW instead.")
	_, err = m.ShowCreateView(id("orders"))
	wantErr(t, err, diag.TableException,
		"SHOW CREATE VIEW is only supported for views, but `default_catalog`.`default_database`.`orders` is a table. Please use SHOW CREATE TABLE instead.")

	noErr(t, m.CreateView(id("v1"), v, false, false))
	wantErr(t, m.CreateView(id("v1"), v, false, false), diag.TableAlreadyExist,
		"Table (or view) default_database.v1 already exists in Catalog default_catalog.")
	tables, _ := m.ListTables("", "")
	views, _ := m.ListViews("", "")
	if !reflect.DeepEqual(tables, []string{"orders", "v1", "v2"}) || !reflect.DeepEqual(views, []string{"v1", "v2"}) {
		t.Errorf("tables %v views %v", tables, views)
	}
	o, _ := m.Lookup(id("v1"))
	if !o.Temporary {
		t.Error("temporary v1 should shadow the permanent one")
	}
	wantErr(t, m.DropView(id("v1"), false, false), diag.ValidationException,
		"Temporary view with identifier '`default_catalog`.`default_database`.`v1`' exists. Drop it first before removing the permanent view.")
	noErr(t, m.DropView(id("v1"), true, false))
	noErr(t, m.DropView(id("v1"), false, false))
	wantErr(t, m.DropView(id("non_exist"), false, false), diag.ValidationException,
		"View with identifier 'default_catalog.default_database.non_exist' does not exist.")
	wantErr(t, m.DropTable(id("v2"), true, false), diag.ValidationException,
		"Temporary table or view with identifier 'default_catalog.default_database.v2' does not exist.")
	wantErr(t, m.DropTable(id("non_exist"), false, false), diag.ValidationException,
		"Table with identifier 'default_catalog.default_database.non_exist' does not exist.")
	noErr(t, m.DropTable(id("non_exist"), false, true))
}

func TestPermanentObjectErrors(t *testing.T) {
	m := NewManager()
	wantErr(t, m.CreateTable(ObjectID{"nope", "db", "t"}, ordersTable(), false, false), diag.ValidationException, "Catalog nope does not exist.")
	wantErr(t, m.CreateTable(ObjectID{"default_catalog", "db", "t"}, ordersTable(), false, false), DatabaseNotExistException,
		"Database db does not exist in Catalog default_catalog.")
	noErr(t, m.CreateTable(ObjectID{"nope", "db", "t"}, ordersTable(), true, false))

	id := ObjectID{"default_catalog", "default_database", "t"}
	noErr(t, m.CreateTable(id, ordersTable(), false, false))
	noErr(t, m.CreateTable(ObjectID{"default_catalog", "default_database", "u"}, ordersTable(), false, false))
	wantErr(t, m.RenameTable(id, "u", false), diag.TableAlreadyExist, "Table (or view) default_database.u already exists in Catalog default_catalog.")
	noErr(t, m.RenameTable(id, "t2", false))
	wantErr(t, m.RenameTable(id, "t3", false), TableNotExistException, "Table (or view) default_database.t does not exist in Catalog default_catalog.")
	noErr(t, m.RenameTable(id, "t3", true))
	wantErr(t, m.DropDatabase("", "default_database", false, false), diag.ValidationException, "Cannot drop a database which is currently in use.")
	noErr(t, m.CreateDatabase("", "d", "", nil, false))
	noErr(t, m.CreateTable(ObjectID{"default_catalog", "d", "t"}, ordersTable(), false, false))
	wantErr(t, m.DropDatabase("", "d", false, false), DatabaseNotEmptyException, "Database d in catalog default_catalog is not empty.")
	noErr(t, m.DropDatabase("", "d", false, true))
	if _, err := m.ListTables("default_catalog", "d"); err == nil {
		t.Error("ListTables of a dropped database: want error")
	}
}

func TestLookupReturnsCopies(t *testing.T) {
	m := NewManager()
	id := ObjectID{"default_catalog", "default_database", "t"}
	noErr(t, m.CreateTable(id, ordersTable(), false, false))
	o, _ := m.Lookup(id)
	o.Table.Options["connector"] = "changed"
	o.Table.Columns[0].Name = "changed"
	again, _ := m.Lookup(id)
	if again.Table.Options["connector"] != "datagen" || again.Table.Columns[0].Name != "user" {
		t.Error("Lookup must not expose the stored definition")
	}
	o.Table.Options["connector"] = "kafka"
	noErr(t, m.AlterTable(id, o.Table))
	again, _ = m.Lookup(id)
	if again.Table.Options["connector"] != "kafka" {
		t.Error("AlterTable did not store the new definition")
	}
}

func TestShowCreateTable(t *testing.T) {
	m := NewManager()
	id := ObjectID{"default_catalog", "default_database", "orders"}
	tbl := ordersTable()
	tbl.Columns[0].Comment = "the key, named 'user'."
	tbl.Options["password"] = "secret"
	tbl.Columns = append(tbl.Columns,
		Column{Name: "s", Type: types.String.WithNullable(false)},
		Column{Name: "m", Kind: Metadata, Type: types.TimestampLTZOf(3), MetadataKey: "timestamp", Virtual: true},
		Column{Name: "r", Type: types.RowOf(types.Field{Name: "a", Type: types.String, Desc: "it's"})},
	)
	tbl.PartitionKeys = []string{"s"}
	tbl.Comment = "orders"
	noErr(t, m.CreateTable(id, tbl, false, false))
	got, err := m.ShowCreateTable(id)
	noErr(t, err)
	want := "CREATE TABLE `default_catalog`.`default_database`.`orders` (\n" +
		"  `user` BIGINT NOT NULL COMMENT 'the key, named ''user''.',\n" +
		"  `product` VARCHAR(32),\n" +
		"  `amount` INT,\n" +
		"  `ts` TIMESTAMP(3),\n" +
		"  `ptime` AS PROCTIME(),\n" +
		"  `s` VARCHAR(2147483647) NOT NULL,\n" +
		"  `m` TIMESTAMP(3) WITH LOCAL TIME ZONE METADATA FROM 'timestamp' VIRTUAL,\n" +
		"  `r` ROW<`a` VARCHAR(2147483647) 'it''s'>,\n" +
		"  WATERMARK FOR `ts` AS `ts` - INTERVAL '1' SECOND,\n" +
		"  CONSTRAINT `PK_user` PRIMARY KEY (`user`) NOT ENFORCED\n" +
		")\n" +
		"COMMENT 'orders'\n" +
		"PARTITIONED BY (`s`)\n" +
		"WITH (\n" +
		"  'connector' = 'datagen',\n" +
		"  'password' = '******'\n" +
		")\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	noErr(t, m.CreateTable(ObjectID{"default_catalog", "default_database", "tmp"}, &Table{
		Columns: []Column{{Name: "a", Type: types.Int32}}, Options: map[string]string{"connector": "datagen"},
	}, true, false))
	got, _ = m.ShowCreateTable(ObjectID{"default_catalog", "default_database", "tmp"})
	if !strings.HasPrefix(got, "CREATE TEMPORARY TABLE `default_catalog`.`default_database`.`tmp` (\n  `a` INT\n)\nWITH (") {
		t.Errorf("temporary: %q", got)
	}
	_, err = m.ShowCreateTable(ObjectID{"default_catalog", "default_database", "x"})
	wantErr(t, err, diag.ValidationException,
		"Could not execute SHOW CREATE TABLE. Table with identifier `default_catalog`.`default_database`.`x` does not exist.")
}

func TestShowCreateView(t *testing.T) {
	m := NewManager()
	id := ObjectID{"default_catalog", "default_database", "v"}
	noErr(t, m.CreateView(id, &View{
		Schema:        types.Schema{Columns: []types.Column{{Name: "user", Type: types.Int64}, {Name: "ts", Type: types.TimestampOf(3)}}},
		Comment:       "c",
		ExpandedQuery: "SELECT `orders`.`user`, `orders`.`ts`\nFROM `default_catalog`.`default_database`.`orders` AS `orders`",
	}, false, false))
	got, err := m.ShowCreateView(id)
	noErr(t, err)
	want := "CREATE VIEW `default_catalog`.`default_database`.`v` (\n  `user`,\n  `ts`\n)\nCOMMENT 'c'\n" +
		"AS SELECT `orders`.`user`, `orders`.`ts`\nFROM `default_catalog`.`default_database`.`orders` AS `orders`\n"
	if got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

func TestColumns(t *testing.T) {
	m := NewManager()
	id := ObjectID{"default_catalog", "default_database", "orders"}
	noErr(t, m.CreateTable(id, ordersTable(), false, false))
	tests := []struct {
		name      string
		streaming bool
		want      []ColumnInfo
	}{
		{"streaming", true, []ColumnInfo{
			{Name: "user", Type: "BIGINT", Key: "PRI(user)"},
			{Name: "product", Type: "VARCHAR(32)", Nullable: true},
			{Name: "amount", Type: "INT", Nullable: true},
			{Name: "ts", Type: "TIMESTAMP(3) *ROWTIME*", Nullable: true, Watermark: "`ts` - INTERVAL '1' SECOND"},
			{Name: "ptime", Type: "TIMESTAMP_LTZ(3) *PROCTIME*", Extras: "AS PROCTIME()"},
		}},
		{"batch", false, []ColumnInfo{
			{Name: "user", Type: "BIGINT", Key: "PRI(user)"},
			{Name: "product", Type: "VARCHAR(32)", Nullable: true},
			{Name: "amount", Type: "INT", Nullable: true},
			{Name: "ts", Type: "TIMESTAMP(3)", Nullable: true, Watermark: "`ts` - INTERVAL '1' SECOND"},
			{Name: "ptime", Type: "TIMESTAMP_LTZ(3) *PROCTIME*", Extras: "AS PROCTIME()"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, comments, err := m.Columns(id, tt.streaming)
			noErr(t, err)
			if comments {
				t.Error("no column has a comment")
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
	_, _, err := m.Columns(ObjectID{"default_catalog", "default_database", "non_exist"}, true)
	wantErr(t, err, diag.ValidationException, "Tables or views with the identifier 'default_catalog.default_database.non_exist' doesn't exist.")
}

func TestSerializableType(t *testing.T) {
	tests := []struct {
		name string
		typ  types.Type
		want string
	}{
		{"string", types.String, "VARCHAR(2147483647)"},
		{"bytes not null", types.Bytes.WithNullable(false), "VARBINARY(2147483647) NOT NULL"},
		{"ltz", types.TimestampLTZOf(6), "TIMESTAMP(6) WITH LOCAL TIME ZONE"},
		{"rowtime", types.Type{Kind: types.Timestamp, Precision: 3, Attr: types.Rowtime}, "TIMESTAMP(3)"},
		{"decimal", types.DecimalOf(10, 2), "DECIMAL(10, 2)"},
		{"array", types.ArrayOf(types.Int32.WithNullable(false)), "ARRAY<INT NOT NULL>"},
		{"map", types.MapOf(types.String, types.Float64), "MAP<VARCHAR(2147483647), DOUBLE>"},
		{"multiset", types.MultisetOf(types.CharN(3)), "MULTISET<CHAR(3)>"},
		{"interval", types.Type{Kind: types.IntervalDayTime, Res: types.ResDayToSecond, Precision: 2, Scale: 3}, "INTERVAL DAY(2) TO SECOND(3)"},
		{"time", types.TimeOf(0), "TIME(0)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SerializableType(tt.typ); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestColumnExtras(t *testing.T) {
	tests := []struct {
		name string
		col  Column
		want string
	}{
		{"physical", Column{Kind: Physical}, ""},
		{"computed", Column{Kind: Computed, Expr: "`a` + 1"}, "AS `a` + 1"},
		{"metadata", Column{Kind: Metadata}, "METADATA"},
		{"metadata from", Column{Kind: Metadata, MetadataKey: "k'1"}, "METADATA FROM 'k''1'"},
		{"metadata virtual", Column{Kind: Metadata, MetadataKey: "k", Virtual: true}, "METADATA FROM 'k' VIRTUAL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.col.Extras(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSnapshot(t *testing.T) {
	m := NewManager()
	id := ObjectID{"default_catalog", "default_database", "orders"}
	noErr(t, m.CreateTable(id, ordersTable(), false, false))
	noErr(t, m.CreateTable(id, ordersTable(), true, false))
	noErr(t, m.CreateView(ObjectID{"x", "y", "v"}, &View{OriginalQuery: "SELECT 1"}, true, false))
	noErr(t, m.CreateCatalog("c", map[string]string{"type": "generic_in_memory"}, ptr("hi"), false))
	s := m.Snapshot(true)
	if s.CurrentCatalog != "default_catalog" || s.CurrentDatabase != "default_database" {
		t.Errorf("current %s.%s", s.CurrentCatalog, s.CurrentDatabase)
	}
	var names []string
	for _, c := range s.Catalogs {
		names = append(names, c.Name)
	}
	if !reflect.DeepEqual(names, []string{"c", "default_catalog", "x"}) {
		t.Fatalf("catalogs %v", names)
	}
	if s.Catalogs[0].Comment != "hi" || s.Catalogs[0].Databases[0].Name != "default" || !s.Catalogs[1].Builtin || !s.Catalogs[2].Missing {
		t.Errorf("catalog details %+v", s.Catalogs)
	}
	objs := s.Catalogs[1].Databases[0].Objects
	if len(objs) != 2 || !objs[0].Temporary || objs[1].Temporary || !objs[1].Shadowed {
		t.Errorf("objects %+v", objs)
	}
	if objs[0].Columns[3].Type != "TIMESTAMP(3) *ROWTIME*" || objs[0].Options["connector"] != "datagen" {
		t.Errorf("object details %+v", objs[0])
	}
	v := s.Catalogs[2].Databases[0]
	if !v.Missing || len(v.Objects) != 1 || !v.Objects[0].View || v.Objects[0].Query != "SELECT 1" {
		t.Errorf("temporary view home %+v", v)
	}
}

func TestTableSchema(t *testing.T) {
	tbl := ordersTable()
	if got := tbl.Physical().Names(); !reflect.DeepEqual(got, []string{"user", "product", "amount", "ts"}) {
		t.Errorf("Physical = %v", got)
	}
	s := tbl.Schema(true)
	if s.Len() != 5 || s.Columns[3].Type.Attr != types.Rowtime || s.Columns[4].Type.Attr != types.Proctime {
		t.Errorf("Schema(true) = %+v", s)
	}
	if tbl.Schema(false).Columns[3].Type.Attr != types.Regular {
		t.Error("batch mode has no rowtime attribute")
	}
	if tbl.Columns[3].Type.Attr != types.Regular {
		t.Error("Schema must not change the stored type")
	}
}
