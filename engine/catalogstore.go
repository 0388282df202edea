package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/flinkplay/flinkplay/engine/catalog"
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
)

// defineStored recreates a table or view of a playground catalog from the
// DDL its store keeps, through the same path as the user's statement.
func (s *Session) defineStored(id catalog.ObjectID, ddl string) error {
	spans, err := sql.Split(ddl)
	if err != nil {
		return resolve(err, ddl)
	}
	if len(spans) != 1 {
		return fmt.Errorf("expected one statement, found %d", len(spans))
	}
	st, err := sql.ParseStatement(ddl, spans[0])
	if err != nil {
		return resolve(err, ddl)
	}
	var name sql.ObjectName
	switch st := st.(type) {
	case *sql.CreateTable:
		if !st.Temporary {
			name = st.Name
		}
	case *sql.CreateView:
		if !st.Temporary {
			name = st.Name
		}
	}
	if name.Parts == nil {
		return diag.Errorf(diag.NoPos, diag.ValidationException, "the stored definition of %s is not CREATE TABLE or CREATE VIEW", id.Quoted())
	}
	if got, err := s.ddl.Qualify(name); err != nil || got != id {
		return diag.Errorf(diag.NoPos, diag.ValidationException, "the stored definition of %s creates %s", id.Quoted(), strings.Join(name.Names(), "."))
	}
	_, err = s.exec(context.Background(), st)
	return resolve(err, ddl)
}

// Warnings returns what went wrong while restoring the playground catalogs
// of the session's catalog store: entries that were skipped and why.
func (s *Session) Warnings() []string { return s.catalog.Warnings() }
