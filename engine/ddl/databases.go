package ddl

import (
	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
)

// The statements on catalogs and databases, and USE.

func (s *Executor) execCreateCatalog(st *sql.CreateCatalog) (*Result, error) {
	return okResult(s.catalog.CreateCatalog(st.Name.Name, properties(st.Options), st.Comment, st.IfNotExists), st.Name.Pos)
}

func (s *Executor) execAlterCatalog(st *sql.AlterCatalog) (*Result, error) {
	name := st.Name.Name
	switch {
	case st.Comment != nil:
		return okResult(s.catalog.AlterCatalogComment(name, *st.Comment), st.Name.Pos)
	case st.IsReset:
		if len(st.Reset) == 0 {
			return nil, diag.Validation(st.Pos, "ALTER CATALOG RESET does not support empty key")
		}
		keys := make([]string, len(st.Reset))
		for i, k := range st.Reset {
			if k.Key == catalog.OptionType {
				return nil, diag.Validation(k.KeyPos, "ALTER CATALOG RESET does not support changing '%s'", catalog.OptionType)
			}
			keys[i] = k.Key
		}
		return okResult(s.catalog.AlterCatalogReset(name, keys), st.Name.Pos)
	}
	return okResult(s.catalog.AlterCatalogOptions(name, properties(st.Set)), st.Name.Pos)
}

func (s *Executor) execCreateDatabase(st *sql.CreateDatabase) (*Result, error) {
	c, db, err := s.databaseName(st.Name, "create")
	if err != nil {
		return nil, err
	}
	comment := ""
	if st.Comment != nil {
		comment = *st.Comment
	}
	return okResult(s.catalog.CreateDatabase(c, db, comment, properties(st.Options), st.IfNotExists), st.Name.Pos())
}

func (s *Executor) execAlterDatabase(st *sql.AlterDatabase) (*Result, error) {
	c, db, err := s.databaseName(st.Name, "alter")
	if err != nil {
		return nil, err
	}
	return okResult(s.catalog.AlterDatabase(c, db, properties(st.Options)), st.Name.Pos())
}

func (s *Executor) execUseDatabase(st *sql.UseDatabase) (*Result, error) {
	parts := st.Name.Names()
	switch len(parts) {
	case 1:
		return okResult(s.catalog.UseDatabase("", parts[0]), st.Name.Pos())
	case 2:
		return okResult(s.catalog.UseDatabase(parts[0], parts[1]), st.Name.Pos())
	}
	return nil, diag.Validation(st.Name.Pos(), "use database identifier format error")
}
