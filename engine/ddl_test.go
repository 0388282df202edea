package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/types"
)

// ddlStep is one statement of a catalog script and its expected outcome:
// "OK" for success, "ERR <class>: <message>" for an error (the SQL client's
// Reason line), or a static table rendered by ddlRender.
type ddlStep struct {
	sql, want string
}

// ddlRender renders a result compactly: "OK", or the header and rows with
// cells joined by "|", NULL as empty and booleans as TRUE/FALSE.
func ddlRender(r *Result) string {
	if r.Kind == ResultSuccess {
		return "OK"
	}
	var b strings.Builder
	for i, c := range r.Schema.Columns {
		if i > 0 {
			b.WriteString("|")
		}
		b.WriteString(c.Name)
	}
	for _, row := range r.Rows {
		b.WriteString("\n")
		for i, v := range row {
			if i > 0 {
				b.WriteString("|")
			}
			switch {
			case v.Null:
			case r.Schema.Columns[i].Type.Kind == types.Boolean:
				if v.Bool() {
					b.WriteString("TRUE")
				} else {
					b.WriteString("FALSE")
				}
			default:
				b.WriteString(v.Str())
			}
		}
	}
	return b.String()
}

func ddlRun(t testing.TB, s *Session, stmt string) string {
	t.Helper()
	r, err := s.Execute(context.Background(), stmt)
	if err != nil {
		return "ERR " + diag.Wrap(err).Reason()
	}
	defer r.Close()
	return ddlRender(r)
}

func ddlScript(t *testing.T, steps []ddlStep) {
	t.Helper()
	s := NewSession(Config{})
	for i, st := range steps {
		if got := ddlRun(t, s, st.sql); got != st.want {
			t.Errorf("step %d: %s\ngot\n%s\nwant\n%s", i, st.sql, got, st.want)
		}
	}
}

const ordersDDL = "CREATE TABLE IF NOT EXISTS orders (\n `user` BIGINT NOT NULl,\n product VARCHAR(32),\n amount INT,\n ts TIMESTAMP(3),\n ptime AS PROCTIME(),\n PRIMARY KEY(`user`) NOT ENFORCED,\n WATERMARK FOR ts AS ts - INTERVAL '1' SECONDS\n) with (\n 'connector' = 'datagen'\n)"

const ordersColumns = "name|type|null|key|extras|watermark\n" +
	"user|BIGINT|FALSE|PRI(user)||\n" +
	"product|VARCHAR(32)|TRUE|||\n" +
	"amount|INT|TRUE|||\n" +
	"ts|TIMESTAMP(3) *ROWTIME*|TRUE|||`ts` - INTERVAL '1' SECOND\n" +
	"ptime|TIMESTAMP_LTZ(3) *PROCTIME*|FALSE||AS PROCTIME()|"

func showCreateOrders(name, options string) string {
	return "result\nCREATE TABLE `default_catalog`.`default_database`.`" + name + "` (\n" +
		"  `user` BIGINT NOT NULL,\n  `product` VARCHAR(32),\n  `amount` INT,\n  `ts` TIMESTAMP(3),\n  `ptime` AS PROCTIME(),\n" +
		"  WATERMARK FOR `ts` AS `ts` - INTERVAL '1' SECOND,\n  CONSTRAINT `PK_user` PRIMARY KEY (`user`) NOT ENFORCED\n)\n" +
		"WITH (\n" + options + "\n)\n"
}

// TestDDLTableScript follows Flink's table.q, without its EXPLAIN part.
func TestDDLTableScript(t *testing.T) {
	ddlScript(t, []ddlStep{
		{"create table tbl(a int, b as invalid_function())",
			"ERR org.apache.calcite.sql.validate.SqlValidatorException: No match found for function signature invalid_function()"},
		{"drop table non_exist",
			"ERR org.apache.flink.table.api.ValidationException: Table with identifier 'default_catalog.default_database.non_exist' does not exist."},
		{"describe non_exist",
			"ERR org.apache.flink.table.api.ValidationException: Tables or views with the identifier 'default_catalog.default_database.non_exist' doesn't exist."},
		{"desc non_exist",
			"ERR org.apache.flink.table.api.ValidationException: Tables or views with the identifier 'default_catalog.default_database.non_exist' doesn't exist."},
		{"alter table non_exist rename to non_exist2",
			"ERR org.apache.flink.table.api.ValidationException: Table `default_catalog`.`default_database`.`non_exist` doesn't exist or is a temporary table."},
		{"alter table if exists non_exist rename to non_exist2", "OK"},
		{ordersDDL, "OK"},
		{"show tables", "table name\norders"},
		{"show create table orders", showCreateOrders("orders", "  'connector' = 'datagen'")},
		{"show columns from orders", ordersColumns},
		{"show columns in orders", ordersColumns},
		{"show columns from orders like '%u'", "name|type|null|key|extras|watermark"},
		{"show columns in orders not like '%u'", ordersColumns},
		{"show columns from orders like '%r'", "name|type|null|key|extras|watermark\nuser|BIGINT|FALSE|PRI(user)||"},
		{"show columns from orders not like  '%r'", "name|type|null|key|extras|watermark\n" +
			"product|VARCHAR(32)|TRUE|||\namount|INT|TRUE|||\n" +
			"ts|TIMESTAMP(3) *ROWTIME*|TRUE|||`ts` - INTERVAL '1' SECOND\nptime|TIMESTAMP_LTZ(3) *PROCTIME*|FALSE||AS PROCTIME()|"},
		{"show columns from orders like '%u%'", "name|type|null|key|extras|watermark\n" +
			"user|BIGINT|FALSE|PRI(user)||\nproduct|VARCHAR(32)|TRUE|||\namount|INT|TRUE|||"},
		{"show columns in orders like 'use_'", "name|type|null|key|extras|watermark\nuser|BIGINT|FALSE|PRI(user)||"},
		{"alter table orders rename to orders2", "OK"},
		{"alter table orders2 set ('connector' = 'kafka', 'scan.startup.mode' = 'earliest-offset')", "OK"},
		{"show create table orders2", showCreateOrders("orders2", "  'connector' = 'kafka',\n  'scan.startup.mode' = 'earliest-offset'")},
		{"alter table orders2 set ('connector' = 'datagen')", "OK"},
		{"show create table orders2", showCreateOrders("orders2", "  'connector' = 'datagen',\n  'scan.startup.mode' = 'earliest-offset'")},
		{"show create view orders2",
			"ERR org.apache.flink.table.api.TableException: SHOW CREATE VIEW is only supported for views, but `default_catalog`.`default_database`.`orders2` is a table. Please use SHOW CREATE TABLE instead."},
		{"alter table orders2 reset ('scan.startup.mode')", "OK"},
		{"show create table orders2", showCreateOrders("orders2", "  'connector' = 'datagen'")},
		{"alter table orders2 reset ()", "ERR org.apache.flink.table.api.ValidationException: ALTER TABLE RESET does not support empty key"},
		{"alter table orders2 reset ('connector')", "ERR org.apache.flink.table.api.ValidationException: ALTER TABLE RESET does not support changing 'connector'"},
		{"alter table orders2 rename amount to amount1", "OK"},
		{"alter table orders2 rename ts to ts1",
			"ERR org.apache.flink.table.api.ValidationException: Failed to execute ALTER TABLE statement.\nThe column `ts` is referenced by watermark expression."},
		{"alter table orders2 rename product to `user`",
			"ERR org.apache.flink.table.api.ValidationException: Failed to execute ALTER TABLE statement.\nThe column `user` already existed in table schema."},
		{"alter table orders2 add product string first",
			"ERR org.apache.flink.table.api.ValidationException: Failed to execute ALTER TABLE statement.\nColumn `product` already exists in the table."},
		{"alter table orders2 add user_id string after shipment_info",
			"ERR org.apache.flink.table.api.ValidationException: Failed to execute ALTER TABLE statement.\nReferenced column `shipment_info` by 'AFTER' does not exist in the table."},
		{"alter table orders2 add product_id bigint not null after `user`", "OK"},
		{"alter table orders2 add (user_email string not null after `user`, cleaned_product as coalesce(product, 'missing_sku') after product, trade_order_id bigint not null first)", "OK"},
		{"alter table orders2 modify constraint order_constraint primary key (trade_order_id) not enforced", "OK"},
		{"alter table orders2 modify (watermark for ts as ts - interval '1' minute, ts timestamp(3) not null after trade_order_id, `user` string)", "OK"},
		{"show create table orders2", "result\nCREATE TABLE `default_catalog`.`default_database`.`orders2` (\n" +
			"  `trade_order_id` BIGINT NOT NULL,\n  `ts` TIMESTAMP(3) NOT NULL,\n  `user` VARCHAR(2147483647),\n" +
			"  `user_email` VARCHAR(2147483647) NOT NULL,\n  `product_id` BIGINT NOT NULL,\n  `product` VARCHAR(32),\n" +
			"  `cleaned_product` AS COALESCE(`product`, 'missing_sku'),\n  `amount1` INT,\n  `ptime` AS PROCTIME(),\n" +
			"  WATERMARK FOR `ts` AS `ts` - INTERVAL '1' MINUTE,\n" +
			"  CONSTRAINT `order_constraint` PRIMARY KEY (`trade_order_id`) NOT ENFORCED\n)\n" +
			"WITH (\n  'connector' = 'datagen'\n)\n"},
		{"alter table orders2 drop product",
			"ERR org.apache.flink.table.api.ValidationException: Failed to execute ALTER TABLE statement.\nThe column `product` is referenced by computed column `cleaned_product`."},
		{"alter table orders2 drop (amount1, product, cleaned_product)", "OK"},
		{"alter table orders2 drop primary key", "OK"},
		{"alter table orders2 drop watermark", "OK"},
		{"describe orders2", "name|type|null|key|extras|watermark\n" +
			"trade_order_id|BIGINT|FALSE|||\nts|TIMESTAMP(3)|FALSE|||\nuser|STRING|TRUE|||\n" +
			"user_email|STRING|FALSE|||\nproduct_id|BIGINT|FALSE|||\nptime|TIMESTAMP_LTZ(3) *PROCTIME*|FALSE||AS PROCTIME()|"},
		{"drop table orders2", "OK"},
		{"show tables", "table name"},
		{"create temporary table tbl1 (\n `user` BIGINT NOT NULl,\n product VARCHAR(32),\n amount INT\n) with (\n 'connector' = 'datagen'\n)", "OK"},
		{"create temporary table if not exists tbl1 (\n   `user` BIGINT NOT NULl,\n   product VARCHAR(32),\n   amount INT\n) with (\n 'connector' = 'datagen'\n)", "OK"},
		{"show tables", "table name\ntbl1"},
		{"show create table tbl1", "result\nCREATE TEMPORARY TABLE `default_catalog`.`default_database`.`tbl1` (\n" +
			"  `user` BIGINT NOT NULL,\n  `product` VARCHAR(32),\n  `amount` INT\n)\nWITH (\n  'connector' = 'datagen'\n)\n"},
		{"drop temporary table tbl1", "OK"},
		{"create table `mod` (`table` string, `database` string) with ('connector' = 'values')", "OK"},
		{"describe `mod`", "name|type|null|key|extras|watermark\ntable|STRING|TRUE|||\ndatabase|STRING|TRUE|||"},
		{"drop table `mod`", "OK"},
		{"CREATE TABLE `default_catalog`.`default_database`.`orders3` (\n" +
			"  `user` BIGINT NOT NULL comment 'this is the primary key, named ''user''.',\n" +
			"  `product` VARCHAR(32),\n  `amount` INT,\n" +
			"  `ts` TIMESTAMP(3) comment 'notice: watermark, named ''ts''.',\n" +
			"  `ptime` AS PROCTIME() comment 'notice: computed column, named ''ptime''.',\n" +
			"  WATERMARK FOR `ts` AS `ts` - INTERVAL '1' SECOND,\n" +
			"  CONSTRAINT `PK_user` PRIMARY KEY (`user`) NOT ENFORCED\n" +
			") WITH (\n  'connector' = 'kafka',\n  'scan.startup.mode' = 'earliest-offset'\n)", "OK"},
		{"show columns in orders3 like 'p%'", "name|type|null|key|extras|watermark|comment\n" +
			"product|VARCHAR(32)|TRUE||||\nptime|TIMESTAMP_LTZ(3) *PROCTIME*|FALSE||AS PROCTIME()||notice: computed column, named 'ptime'."},
		{"show create table orders3", "result\nCREATE TABLE `default_catalog`.`default_database`.`orders3` (\n" +
			"  `user` BIGINT NOT NULL COMMENT 'this is the primary key, named ''user''.',\n" +
			"  `product` VARCHAR(32),\n  `amount` INT,\n" +
			"  `ts` TIMESTAMP(3) COMMENT 'notice: watermark, named ''ts''.',\n" +
			"  `ptime` AS PROCTIME() COMMENT 'notice: computed column, named ''ptime''.',\n" +
			"  WATERMARK FOR `ts` AS `ts` - INTERVAL '1' SECOND,\n" +
			"  CONSTRAINT `PK_user` PRIMARY KEY (`user`) NOT ENFORCED\n)\n" +
			"WITH (\n  'connector' = 'kafka',\n  'scan.startup.mode' = 'earliest-offset'\n)\n"},
	})
}

// TestDDLViewScript follows Flink's view.q.
func TestDDLViewScript(t *testing.T) {
	viewColumns := "name|type|null|key|extras|watermark\n" +
		"user|BIGINT|FALSE|||\nproduct|VARCHAR(32)|TRUE|||\namount|INT|TRUE|||\n" +
		"ts|TIMESTAMP(3) *ROWTIME*|TRUE|||\nptime|TIMESTAMP_LTZ(3) *PROCTIME*|FALSE|||"
	showCreate := func(kind, name, from string) string {
		return "result\nCREATE " + kind + " `default_catalog`.`default_database`.`" + name + "` (\n" +
			"  `user`,\n  `product`,\n  `amount`,\n  `ts`,\n  `ptime`\n)\n" +
			"AS SELECT `" + from + "`.`user`, `" + from + "`.`product`, `" + from + "`.`amount`, `" + from + "`.`ts`, `" + from + "`.`ptime`\n" +
			"FROM `default_catalog`.`default_database`.`" + from + "` AS `" + from + "`\n"
	}
	ddlScript(t, []ddlStep{
		{strings.Replace(ordersDDL, "IF NOT EXISTS ", "", 1), "OK"},
		{"create temporary view v1 as select * from orders", "OK"},
		{"create temporary view v1 as select * from orders",
			"ERR org.apache.flink.table.api.ValidationException: Temporary table '`default_catalog`.`default_database`.`v1`' already exists"},
		{"create temporary view if not exists v1 as select * from orders", "OK"},
		{"create temporary view if not exists v2 as select * from v1", "OK"},
		{"show create view v1", showCreate("TEMPORARY VIEW", "v1", "orders")},
		{"show create view v2", showCreate("TEMPORARY VIEW", "v2", "v1")},
		{"show tables", "table name\norders\nv1\nv2"},
		{"show views", "view name\nv1\nv2"},
		{"show create table v1",
			"ERR org.apache.flink.table.api.TableException: SHOW CREATE TABLE is only supported for tables, but `default_catalog`.`default_database`.`v1` is a view. Please use SHOW CREATE VIEW instead."},
		{"create view v1 as select * from orders", "OK"},
		{"create view v1 as select * from orders",
			"ERR org.apache.flink.table.catalog.exceptions.TableAlreadyExistException: Table (or view) default_database.v1 already exists in Catalog default_catalog."},
		{"create view permanent_v1 as select * from orders", "OK"},
		{"show create view permanent_v1", showCreate("VIEW", "permanent_v1", "orders")},
		{"drop view permanent_v1", "OK"},
		{"show views", "view name\nv1\nv2"},
		{"describe v1", viewColumns},
		{"show columns from v1", viewColumns},
		{"show columns in v1 like '%u'", "name|type|null|key|extras|watermark"},
		{"show columns from v1 like 'use_'", "name|type|null|key|extras|watermark\nuser|BIGINT|FALSE|||"},
		{"drop view v1",
			"ERR org.apache.flink.table.api.ValidationException: Temporary view with identifier '`default_catalog`.`default_database`.`v1`' exists. Drop it first before removing the permanent view."},
		{"drop temporary view v1", "OK"},
		{"drop view v1", "OK"},
		{"drop view non_exist",
			"ERR org.apache.flink.table.api.ValidationException: View with identifier 'default_catalog.default_database.non_exist' does not exist."},
		{"create view `mod` as select * from orders", "OK"},
		{"desc `mod`", viewColumns},
		{"drop view `mod`", "OK"},
		{"show tables", "table name\norders\nv2"},
	})
}

// TestDDLCatalogScript follows Flink's catalog_database.q.
func TestDDLCatalogScript(t *testing.T) {
	ddlScript(t, []ddlStep{
		{"use non_existing_db",
			"ERR org.apache.flink.table.catalog.exceptions.CatalogException: A database with name [non_existing_db] does not exist in the catalog: [default_catalog]."},
		{"use catalog non_existing_catalog",
			"ERR org.apache.flink.table.catalog.exceptions.CatalogException: A catalog with name [non_existing_catalog] does not exist."},
		{"create database my.db", "ERR org.apache.flink.table.api.ValidationException: Catalog my does not exist"},
		{"create catalog c1 with ('type'='generic_in_memory')", "OK"},
		{"show catalogs", "catalog name\nc1\ndefault_catalog"},
		{"show catalogs like '%c1'", "catalog name\nc1"},
		{"show catalogs not like 'default%'", "catalog name\nc1"},
		{"show catalogs ilike '%C1'", "catalog name\nc1"},
		{"show catalogs not ilike 'DEFAULT%'", "catalog name\nc1"},
		{"show current catalog", "current catalog name\ndefault_catalog"},
		{"use catalog c1", "OK"},
		{"show current catalog", "current catalog name\nc1"},
		{"drop catalog default_catalog", "OK"},
		{"drop catalog c1", "ERR org.apache.flink.table.catalog.exceptions.CatalogException: Cannot drop a catalog which is currently in use."},
		{"create catalog cat_comment comment 'hello ''catalog''' WITH ('type'='generic_in_memory', 'default-database'='db')", "OK"},
		{"show create catalog cat_comment", "result\nCREATE CATALOG `cat_comment`\nCOMMENT 'hello ''catalog'''\nWITH (\n  'default-database' = 'db',\n  'type' = 'generic_in_memory'\n)\n"},
		{"describe catalog cat_comment", "info name|info value\nname|cat_comment\ntype|generic_in_memory\ncomment|hello 'catalog'"},
		{"describe catalog extended cat_comment", "info name|info value\nname|cat_comment\ntype|generic_in_memory\ncomment|hello 'catalog'\noption:default-database|db"},
		{"create catalog if not exists cat_comment comment 'hello' with ('type' = 'generic_in_memory')", "OK"},
		{"create catalog cat_comment comment 'hello2' with ('type' = 'generic_in_memory')",
			"ERR org.apache.flink.table.catalog.exceptions.CatalogException: Catalog cat_comment already exists."},
		{"create catalog cat2 WITH ('type'='generic_in_memory', 'default-database'='db')", "OK"},
		{"show create catalog cat2", "result\nCREATE CATALOG `cat2`\nWITH (\n  'default-database' = 'db',\n  'type' = 'generic_in_memory'\n)\n"},
		{"desc catalog cat2", "info name|info value\nname|cat2\ntype|generic_in_memory\ncomment|"},
		{"alter catalog cat2 set ('default-database'='db_new')", "OK"},
		{"desc catalog extended cat2", "info name|info value\nname|cat2\ntype|generic_in_memory\ncomment|\noption:default-database|db_new"},
		{"alter catalog cat2 reset ('default-database', 'k1')", "OK"},
		{"desc catalog extended cat2", "info name|info value\nname|cat2\ntype|generic_in_memory\ncomment|"},
		{"alter catalog cat2 reset ('type')", "ERR org.apache.flink.table.api.ValidationException: ALTER CATALOG RESET does not support changing 'type'"},
		{"alter catalog cat2 reset ()", "ERR org.apache.flink.table.api.ValidationException: ALTER CATALOG RESET does not support empty key"},
		{"alter catalog cat2 comment 'comment for catalog ''cat2'''", "OK"},
		{"desc catalog extended cat2", "info name|info value\nname|cat2\ntype|generic_in_memory\ncomment|comment for catalog 'cat2'"},
		{"create database db1", "OK"},
		{"show databases", "database name\ndb1\ndefault"},
		{"create database db2", "OK"},
		{"show databases like 'db%'", "database name\ndb1\ndb2"},
		{"show databases ilike 'db1%'", "database name\ndb1"},
		{"drop database db2", "OK"},
		{"show current database", "current database name\ndefault"},
		{"use db1", "OK"},
		{"show current database", "current database name\ndb1"},
		{"create database db2 comment 'db2_comment' with ('k1' = 'v1')", "OK"},
		{"alter database db2 set ('k1' = 'a', 'k2' = 'b')", "OK"},
		{"show databases", "database name\ndb1\ndb2\ndefault"},
		{"create catalog `c0` with ('type'='generic_in_memory')", "OK"},
		{"create database c0.db0a", "OK"},
		{"create database c0.db0b", "OK"},
		{"show databases from c0", "database name\ndb0a\ndb0b\ndefault"},
		{"show databases from c0 not like 'db0a%'", "database name\ndb0b\ndefault"},
		{"show databases in c0.t",
			"ERR org.apache.flink.sql.parser.impl.ParseException: Show databases from/in identifier [ c0.t ] format error, catalog must be a single part identifier."},
		{"drop catalog `c0`", "OK"},
		{"show databases from c0", "ERR org.apache.flink.table.api.ValidationException: Catalog c0 does not exist"},
		{"drop database if exists db2", "OK"},
		{"create catalog `mod` with ('type'='generic_in_memory')", "OK"},
		{"use catalog `mod`", "OK"},
		{"use `default`", "OK"},
		{"drop database `default`", "ERR org.apache.flink.table.api.ValidationException: Cannot drop a database which is currently in use."},
		{"drop catalog `mod`", "ERR org.apache.flink.table.catalog.exceptions.CatalogException: Cannot drop a catalog which is currently in use."},
		{"use catalog `c1`", "OK"},
		{"drop catalog `mod`", "OK"},
		{"create catalog c2 with ('type'='generic_in_memory')", "OK"},
		{"use catalog `c2`", "OK"},
		{"create table MyTable1 (a int, b string) with ('connector' = 'values')", "OK"},
		{"create table MyTable2 (a int, b string) with ('connector' = 'values')", "OK"},
		{"show tables", "table name\nMyTable1\nMyTable2"},
		{"show views", "view name"},
		{"create view MyView1 as select 1 + 1", "OK"},
		{"show views", "view name\nMyView1"},
		{"create table c1.db1.MyTable3 (a int, b string) with ('connector' = 'values')", "OK"},
		{"create view c1.db1.MyView3 as select 1 + 1", "OK"},
		{"use catalog c1", "OK"},
		{"use db1", "OK"},
		{"show tables", "table name\nMyTable3\nMyView3"},
		{"drop table db1.MyTable3", "OK"},
		{"drop view c1.db1.MyView3", "OK"},
		{"show tables", "table name"},
		{"create catalog catalog1 with ('type'='generic_in_memory')", "OK"},
		{"create database catalog1.db1", "OK"},
		{"create table catalog1.db1.person (a int, b string) with ('connector' = 'datagen')", "OK"},
		{"create table catalog1.db1.dim (a int, b string) with ('connector' = 'datagen')", "OK"},
		{"create table catalog1.db1.address (a int, b string) with ('connector' = 'datagen')", "OK"},
		{"create view catalog1.db1.v_person as select * from catalog1.db1.person", "OK"},
		{"create view catalog1.db1.v_address comment 'view comment' as select * from catalog1.db1.address", "OK"},
		{"show tables from catalog1.db1", "table name\naddress\ndim\nperson\nv_address\nv_person"},
		{"show views from catalog1.db1", "view name\nv_address\nv_person"},
		{"show tables from catalog1.db1 like '%person%'", "table name\nperson\nv_person"},
		{"show tables in catalog1.db1 not like '%person%'", "table name\naddress\ndim\nv_address"},
		{"use catalog catalog1", "OK"},
		{"show tables from db1 like 'p_r%'", "table name\nperson"},
		{"show views from db1 like '%p_r%'", "view name\nv_person"},
		{"show tables from nope", "ERR org.apache.flink.table.api.ValidationException: Database 'catalog1'.'nope' doesn't exist."},
		{"show modules", "module name\ncore"},
		{"show full modules", "module name|used\ncore|TRUE"},
		{"show jars", "jars"},
		{"show user functions", "function name"},
	})
}

// TestDDLCreateTableLike covers CREATE TABLE ... LIKE and its merge rules.
func TestDDLCreateTableLike(t *testing.T) {
	ddlScript(t, []ddlStep{
		{strings.Replace(ordersDDL, "IF NOT EXISTS ", "", 1), "OK"},
		{"CREATE TEMPORARY TABLE GenOrders WITH ('connector'='datagen', 'number-of-rows'='10') LIKE orders (EXCLUDING ALL)", "OK"},
		{"show create table GenOrders", "result\nCREATE TEMPORARY TABLE `default_catalog`.`default_database`.`GenOrders` (\n" +
			"  `user` BIGINT NOT NULL,\n  `product` VARCHAR(32),\n  `amount` INT,\n  `ts` TIMESTAMP(3)\n)\n" +
			"WITH (\n  'connector' = 'datagen',\n  'number-of-rows' = '10'\n)\n"},
		{"CREATE TABLE copy1 WITH ('number-of-rows'='10') LIKE orders", "OK"},
		{"show create table copy1", showCreateOrders("copy1", "  'connector' = 'datagen',\n  'number-of-rows' = '10'")},
		{"CREATE TABLE copy2 WITH ('connector'='blackhole') LIKE orders (INCLUDING OPTIONS)",
			"ERR org.apache.flink.table.api.ValidationException: There already exists an option ['connector' -> 'datagen']  in the base table. You might want to specify EXCLUDING OPTIONS or OVERWRITING OPTIONS."},
		{"CREATE TABLE copy2 (`user` INT) LIKE orders", "ERR org.apache.flink.table.api.ValidationException: A column named 'user' already exists in the base table."},
		{"CREATE TABLE copy2 (PRIMARY KEY (amount) NOT ENFORCED) LIKE orders",
			"ERR org.apache.flink.table.api.ValidationException: The base table already has a primary key. You might want to specify EXCLUDING CONSTRAINTS."},
		{"CREATE TABLE copy2 (WATERMARK FOR ts AS ts) LIKE orders",
			"ERR org.apache.flink.table.api.ValidationException: There already exists a watermark spec for column 'ts' in the base table. You might want to specify EXCLUDING WATERMARKS or OVERWRITING WATERMARKS."},
		{"CREATE TABLE copy2 (ptime AS 1) LIKE orders",
			"ERR org.apache.flink.table.api.ValidationException: A generated column named 'ptime' already exists in the base table. You might want to specify EXCLUDING GENERATED or OVERWRITING GENERATED."},
		{"CREATE TABLE copy2 (ptime AS amount + 1) LIKE orders (OVERWRITING GENERATED)", "OK"},
		{"describe copy2", "name|type|null|key|extras|watermark\n" +
			"user|BIGINT|FALSE|PRI(user)||\nproduct|VARCHAR(32)|TRUE|||\namount|INT|TRUE|||\n" +
			"ts|TIMESTAMP(3) *ROWTIME*|TRUE|||`ts` - INTERVAL '1' SECOND\nptime|INT|TRUE||AS `amount` + 1|"},
		{"CREATE TABLE copy3 LIKE orders (OVERWRITING ALL)",
			"ERR org.apache.flink.sql.parser.error.SqlValidateException: Illegal merging strategy 'OVERWRITING' for 'ALL' option."},
		{"CREATE TABLE copy3 LIKE orders (EXCLUDING OPTIONS INCLUDING OPTIONS)",
			"ERR org.apache.flink.sql.parser.error.SqlValidateException: Each like option feature can be declared only once."},
		{"create view v as select * from orders", "OK"},
		{"CREATE TABLE copy3 LIKE v",
			"ERR org.apache.flink.table.api.ValidationException: Source table '`default_catalog`.`default_database`.`v`' of the LIKE clause can not be a VIEW, at line 1, column 25"},
	})
}

// TestDDLCreateTableErrors covers the schema validation of CREATE TABLE.
func TestDDLCreateTableErrors(t *testing.T) {
	tests := []struct {
		name, sql, want string
	}{
		{"duplicate column", "CREATE TABLE t (a INT, a INT)",
			"ERR org.apache.flink.table.api.ValidationException: A regular Column named 'a' already exists in the table."},
		{"watermark on int", "CREATE TABLE t (a INT, WATERMARK FOR a AS a)",
			"ERR org.apache.flink.table.api.ValidationException: Invalid data type of time field for watermark definition. The field must be of type TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the time field type is INT"},
		{"watermark precision", "CREATE TABLE t (ts TIMESTAMP(6), WATERMARK FOR ts AS ts)",
			"ERR org.apache.flink.table.api.ValidationException: Invalid data type of time field for watermark definition. The field must be of type TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the time field type is TIMESTAMP(6)"},
		{"watermark on proctime", "CREATE TABLE t (p AS PROCTIME(), WATERMARK FOR p AS p)",
			"ERR org.apache.flink.table.api.ValidationException: A watermark can not be defined for a processing-time attribute."},
		{"pk on computed", "CREATE TABLE t (a INT, b AS a + 1, PRIMARY KEY (b) NOT ENFORCED)",
			"ERR org.apache.flink.table.api.ValidationException: Could not create a PRIMARY KEY with column 'b' at line 1, column 49.\nA PRIMARY KEY constraint must be declared on physical columns."},
		{"partition unknown", "CREATE TABLE t (a INT) PARTITIONED BY (b)",
			"ERR org.apache.flink.table.api.ValidationException: Partition column 'b' not defined in the table schema. Available columns: ['a']"},
		{"missing database", "CREATE TABLE nodb.t (a INT)",
			"ERR org.apache.flink.table.catalog.exceptions.DatabaseNotExistException: Database nodb does not exist in Catalog default_catalog."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ddlRun(t, NewSession(Config{}), tt.sql); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestDDLPrimaryKeyIsNotNull checks that primary key columns become NOT
// NULL and a named constraint keeps its name.
func TestDDLPrimaryKeyIsNotNull(t *testing.T) {
	ddlScript(t, []ddlStep{
		{"CREATE TABLE t (a INT, b STRING, CONSTRAINT my_pk PRIMARY KEY (a, b) NOT ENFORCED) WITH ('connector' = 'datagen')", "OK"},
		{"DESCRIBE t", "name|type|null|key|extras|watermark\na|INT|FALSE|PRI(a, b)||\nb|STRING|FALSE|PRI(a, b)||"},
		{"SHOW CREATE TABLE t", "result\nCREATE TABLE `default_catalog`.`default_database`.`t` (\n" +
			"  `a` INT NOT NULL,\n  `b` VARCHAR(2147483647) NOT NULL,\n  CONSTRAINT `my_pk` PRIMARY KEY (`a`, `b`) NOT ENFORCED\n)\n" +
			"WITH (\n  'connector' = 'datagen'\n)\n"},
	})
}
