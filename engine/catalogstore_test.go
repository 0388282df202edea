package engine

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flinkplay/flinkplay/engine/catalog"
)

func storeSession(t *testing.T, st catalog.Store) *Session {
	t.Helper()
	return NewSession(Config{CatalogStore: st})
}

// run runs statements that must succeed and returns the last one's
// rendering.
func run(t *testing.T, s *Session, stmts ...string) string {
	t.Helper()
	var out string
	for _, q := range stmts {
		out = ddlRun(t, s, q)
		if strings.HasPrefix(out, "ERR ") {
			t.Fatalf("%s: %s", q, out)
		}
	}
	return out
}

const storedOrders = "CREATE TABLE orders (id INT COMMENT 'key', amount DECIMAL(10, 2), ts TIMESTAMP(3), " +
	"c AS amount * 2, WATERMARK FOR ts AS ts - INTERVAL '1' SECOND, PRIMARY KEY (id) NOT ENFORCED) " +
	"COMMENT 'the orders' WITH ('connector' = 'datagen', 'number-of-rows' = '3')"

func TestPlaygroundCatalogSurvivesSessions(t *testing.T) {
	st := catalog.NewMemStore()
	s := storeSession(t, st)
	run(t, s,
		"CREATE CATALOG pg WITH ('type' = 'playground')",
		"USE CATALOG pg",
		"CREATE DATABASE shop COMMENT 'a shop' WITH ('k' = 'v')",
		"USE shop",
		storedOrders,
		"CREATE VIEW big AS SELECT id FROM orders WHERE amount > 10",
		"CREATE VIEW bigger AS SELECT id FROM big",
		"CREATE TABLE secret (x INT) WITH ('connector' = 'datagen', 'password' = 's3cret')",
		"CREATE TABLE gone (x INT) WITH ('connector' = 'datagen')",
		"DROP TABLE gone",
		"CREATE TABLE old_name (x INT) WITH ('connector' = 'datagen')",
		"ALTER TABLE old_name RENAME TO new_name",
		"ALTER TABLE new_name ADD y STRING",
		"CREATE TEMPORARY TABLE tmp (x INT) WITH ('connector' = 'datagen')",
		// generic_in_memory catalogs stay in the session.
		"CREATE CATALOG mem WITH ('type' = 'generic_in_memory')",
		"CREATE TABLE default_catalog.default_database.t (x INT) WITH ('connector' = 'datagen')",
	)
	createOrders := run(t, s, "SHOW CREATE TABLE orders")
	createBigger := run(t, s, "SHOW CREATE VIEW bigger")
	createNew := run(t, s, "SHOW CREATE TABLE new_name")
	describe := run(t, s, "DESCRIBE orders")

	s2 := storeSession(t, st)
	if w := s2.Warnings(); len(w) > 0 {
		t.Fatalf("warnings: %q", w)
	}
	for _, c := range []struct{ sql, want string }{
		{"SHOW CATALOGS", "catalog name\ndefault_catalog\npg"},
		{"SHOW DATABASES IN pg", "database name\ndefault\nshop"},
		{"SHOW TABLES IN pg.shop", "table name\nbig\nbigger\nnew_name\norders\nsecret"},
		{"SHOW CREATE TABLE pg.shop.orders", createOrders},
		{"SHOW CREATE VIEW pg.shop.bigger", createBigger},
		{"SHOW CREATE TABLE pg.shop.new_name", createNew},
		{"SHOW CREATE CATALOG pg", "result\nCREATE CATALOG `pg`\nWITH (\n  'type' = 'playground'\n)\n"},
		{"SHOW TABLES IN default_catalog.default_database", "table name"},
	} {
		if got := ddlRun(t, s2, c.sql); got != c.want {
			t.Errorf("%s:\ngot  %q\nwant %q", c.sql, got, c.want)
		}
	}
	run(t, s2, "USE CATALOG pg", "USE shop")
	if got := run(t, s2, "DESCRIBE orders"); got != describe {
		t.Errorf("DESCRIBE after reload:\ngot  %q\nwant %q", got, describe)
	}
	// The password stays in the store although SHOW CREATE hides it.
	if !strings.Contains(string(st.Entries["object/pg/shop/secret"]), "s3cret") {
		t.Errorf("stored table lost its sensitive option: %s", st.Entries["object/pg/shop/secret"])
	}
	// The table really is usable.
	r := mustExec(t, s2, "SELECT COUNT(*) FROM orders")
	_, rows := drain(t, r)
	if len(rows) == 0 {
		t.Fatal("no rows from the restored table")
	}
	// DROP DATABASE CASCADE forgets its tables too.
	run(t, s2, "USE `default`", "DROP DATABASE shop CASCADE")
	for k := range st.Entries {
		if strings.Contains(k, "shop") {
			t.Errorf("entry %q left after DROP DATABASE CASCADE", k)
		}
	}
}

func TestPlaygroundCatalogSkipsCorruptEntries(t *testing.T) {
	st := catalog.NewMemStore()
	run(t, storeSession(t, st),
		"CREATE CATALOG pg WITH ('type' = 'playground')",
		"CREATE TABLE pg.`default`.a (x INT) WITH ('connector' = 'datagen')",
		"CREATE TABLE pg.`default`.b (x INT) WITH ('connector' = 'datagen')",
		"CREATE VIEW pg.`default`.v AS SELECT x FROM pg.`default`.b",
	)
	st.Entries["object/pg/default/a"] = []byte(`{"kind":"table","catalog":"pg","database":"default","name":"a","ddl":"CREATE TABLE oops ("}`)
	st.Entries["object/pg/default/junk"] = []byte(`not json`)
	// A definition must create the object its entry is for.
	st.Entries["object/pg/default/c"] = []byte(`{"kind":"table","catalog":"pg","database":"default","name":"c","ddl":"CREATE TABLE elsewhere (x INT)"}`)
	s := storeSession(t, st)
	got := strings.Join(s.Warnings(), "\n")
	for _, want := range []string{`Skipped the stored entry "object/pg/default/junk"`, "Skipped the stored table `pg`.`default`.`a`",
		"Skipped the stored table `pg`.`default`.`c`: org.apache.flink.table.api.ValidationException: the stored definition of `pg`.`default`.`c` creates elsewhere"} {
		if !strings.Contains(got, want) {
			t.Errorf("warnings %q lack %q", got, want)
		}
	}
	if got := ddlRun(t, s, "SHOW TABLES IN default_catalog.default_database"); got != "table name" {
		t.Errorf("a stored definition created a table elsewhere: %q", got)
	}
	if got, want := ddlRun(t, s, "SHOW TABLES IN pg.`default`"), "table name\nb\nv"; got != want {
		t.Errorf("SHOW TABLES: got %q want %q", got, want)
	}
	// The corrupt entries are still there, for the user to repair.
	if _, ok := st.Entries["object/pg/default/junk"]; !ok {
		t.Error("the corrupt entry was deleted")
	}
	if _, ok := st.Entries["object/pg/default/a"]; !ok {
		t.Error("the failing entry was deleted")
	}
}

func TestPlaygroundCatalogStoreFailureChangesNothing(t *testing.T) {
	st := catalog.NewMemStore()
	s := storeSession(t, st)
	run(t, s, "CREATE CATALOG pg WITH ('type' = 'playground')", "USE CATALOG pg")
	st.Fail = errors.New("storage quota exceeded")
	got := ddlRun(t, s, "CREATE TABLE t (x INT) WITH ('connector' = 'datagen')")
	want := "ERR org.apache.flink.table.catalog.exceptions.CatalogException: Could not save the catalog change to memory (a test store): storage quota exceeded"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := ddlRun(t, s, "SHOW TABLES"); got != "table name" {
		t.Errorf("the table exists although it was not saved: %q", got)
	}
}

func TestPlaygroundCatalogNeedsStore(t *testing.T) {
	s := NewSession(Config{})
	got := ddlRun(t, s, "CREATE CATALOG pg WITH ('type' = 'playground')")
	if !strings.Contains(got, "Could not find any factory for identifier 'playground'") || !strings.Contains(got, "--catalog-file") {
		t.Errorf("got %q", got)
	}
	s = storeSession(t, catalog.NewMemStore())
	got = ddlRun(t, s, "CREATE CATALOG x WITH ('type' = 'nope')")
	if !strings.HasSuffix(got, "Available factory identifiers are:\n\ngeneric_in_memory\nplayground") {
		t.Errorf("got %q", got)
	}
	got = ddlRun(t, s, "CREATE CATALOG x WITH ('type' = 'playground', 'path' = '/x')")
	if want := "ERR org.apache.flink.table.api.ValidationException: Unsupported options found for 'playground'.\n\nUnsupported options:\n\npath\n\nSupported options:\n\ndefault-database\nproperty-version"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestPlaygroundCatalogDropAndRecreate(t *testing.T) {
	st := catalog.NewMemStore()
	s := storeSession(t, st)
	run(t, s,
		"CREATE CATALOG pg WITH ('type' = 'playground')",
		"CREATE TABLE pg.`default`.t (x INT) WITH ('connector' = 'datagen')",
		"DROP CATALOG pg",
	)
	if got := ddlRun(t, storeSession(t, st), "SHOW CATALOGS"); got != "catalog name\ndefault_catalog" {
		t.Errorf("dropped catalog came back: %q", got)
	}
	// Its tables stayed in the store, as in a metastore.
	run(t, s, "CREATE CATALOG pg WITH ('type' = 'playground')")
	if got := ddlRun(t, s, "SHOW TABLES IN pg.`default`"); got != "table name\nt" {
		t.Errorf("SHOW TABLES: %q", got)
	}
	// ALTER CATALOG keeps them too.
	run(t, s, "ALTER CATALOG pg SET ('default-database' = 'default')", "ALTER CATALOG pg COMMENT 'kept'")
	if got := ddlRun(t, storeSession(t, st), "SHOW TABLES IN pg.`default`"); got != "table name\nt" {
		t.Errorf("after ALTER CATALOG: %q", got)
	}
	want := "ERR org.apache.flink.table.catalog.exceptions.CatalogException: Cannot change the type of catalog pg between 'playground' and another type."
	if got := ddlRun(t, s, "ALTER CATALOG pg SET ('type' = 'generic_in_memory')"); got != want {
		t.Errorf("type change: %q", got)
	}
}

func TestFileStoreRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "catalog.json")
	st, err := catalog.OpenFileStore(path)
	if err != nil {
		t.Fatal(err)
	}
	run(t, storeSession(t, st),
		"CREATE CATALOG pg WITH ('type' = 'playground')",
		"CREATE TABLE pg.`default`.t (x INT, s STRING) WITH ('connector' = 'datagen')",
	)
	st2, err := catalog.OpenFileStore(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := ddlRun(t, storeSession(t, st2), "SHOW TABLES IN pg.`default`"); got != "table name\nt" {
		t.Errorf("SHOW TABLES: %q", got)
	}
	// A file that is not a catalog file is refused and left alone.
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte("{oops"), 0o644)
	if _, err := catalog.OpenFileStore(bad); err == nil || !strings.Contains(err.Error(), "left as it is") {
		t.Errorf("OpenFileStore(bad) = %v", err)
	}
	if b, _ := os.ReadFile(bad); string(b) != "{oops" {
		t.Errorf("bad file changed: %q", b)
	}
}
