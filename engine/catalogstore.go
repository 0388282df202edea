package engine

import (
	"context"
	"fmt"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/sql"
)

// defineStored recreates a table or view of a playground catalog from the
// DDL its store keeps, through the same path as the user's statement.
func (s *Session) defineStored(ddl string) error {
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
	switch st.(type) {
	case *sql.CreateTable, *sql.CreateView:
	default:
		return diag.Errorf(diag.NoPos, diag.ValidationException, "a stored definition must be CREATE TABLE or CREATE VIEW")
	}
	_, err = s.exec(context.Background(), st)
	return resolve(err, ddl)
}

// Warnings returns what went wrong while restoring the playground catalogs
// of the session's catalog store: entries that were skipped and why.
func (s *Session) Warnings() []string { return s.catalog.Warnings() }
