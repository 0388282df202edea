// Package diag holds positioned, user-facing errors.
//
// A position is a byte offset into the script the user wrote; line and column
// are computed only when an error is reported, as go/token does. Every error
// also carries the Java exception class Flink would name, so the SQL client's
// "[ERROR] ... Reason:" block can be reproduced exactly.
package diag

import (
	"errors"
	"fmt"
	"strings"
)

// NoPos marks an error whose position is unknown.
const NoPos = -1

// Exception classes that Flink names in its error output.
const (
	ValidationException     = "org.apache.flink.table.api.ValidationException"
	TableException          = "org.apache.flink.table.api.TableException"
	SqlValidatorException   = "org.apache.calcite.sql.validate.SqlValidatorException"
	ParseException          = "org.apache.flink.sql.parser.impl.ParseException"
	SqlParserException      = "org.apache.flink.table.api.SqlParserException"
	CatalogException        = "org.apache.flink.table.catalog.exceptions.CatalogException"
	TableAlreadyExist       = "org.apache.flink.table.catalog.exceptions.TableAlreadyExistException"
	SqlExecutionException   = "org.apache.flink.table.gateway.service.utils.SqlExecutionException"
	IllegalArgument         = "java.lang.IllegalArgumentException"
	IllegalState            = "java.lang.IllegalStateException"
	NumberFormatException   = "java.lang.NumberFormatException"
	UnsupportedOperation    = "java.lang.UnsupportedOperationException"
	ArithmeticException     = "java.lang.ArithmeticException"
	RuntimeException        = "java.lang.RuntimeException"
	ClassNotFound           = "java.lang.ClassNotFoundException"
	PlaygroundLimitExceeded = "flinkplay.PlaygroundLimitException"
)

// Error is one user-facing problem: Flink's message, its exception class, and
// where in the script it was found.
type Error struct {
	Pos   int    // byte offset into the script, or NoPos
	Class string // Java exception class, e.g. ValidationException
	Msg   string // Flink's message text

	// Line and Col (1-based) are set by Resolve; zero until then.
	Line, Col int

	// Where says where in the data, rather than in the script, the problem
	// is: "file /uploads/orders.csv, line 3, column 2 (qty INT)". Flink's
	// message has no such place, so the SQL client's text leaves it out;
	// the page shows it beside the message.
	Where string

	// Table and Keys say which table's WITH options the error is about
	// (its object name) and which keys it names, "" and nil for other
	// errors. Flink reports option errors where the table is used; with
	// these the editor can also point at the keys in its CREATE TABLE.
	Table string
	Keys  []string

	// Note says what Flink's message cannot: why the playground, unlike a
	// cluster, cannot do what was asked ("The playground runs no Java
	// code"). The SQL client's text leaves it out; the page shows it under
	// the message, the CLI on standard error.
	Note string
}

// Errorf returns a positioned error of the given class.
func Errorf(pos int, class, format string, args ...any) *Error {
	return &Error{Pos: pos, Class: class, Msg: fmt.Sprintf(format, args...)}
}

// Validation returns a positioned ValidationException.
func Validation(pos int, format string, args ...any) *Error {
	return Errorf(pos, ValidationException, format, args...)
}

// Parse returns a positioned parse error in the words of Flink's SQL parser.
func Parse(pos int, format string, args ...any) *Error {
	return Errorf(pos, ParseException, format, args...)
}

// Error formats the error as "line:col: message" when the position is resolved.
func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg)
	}
	return e.Msg
}

// Reason is what Flink's SQL client prints below "Reason:": class, colon, message.
func (e *Error) Reason() string {
	if e.Class == "" {
		return e.Msg
	}
	return e.Class + ": " + e.Msg
}

// Resolve fills Line and Col from the script text. It is idempotent.
func (e *Error) Resolve(script string) *Error {
	if e.Pos < 0 || e.Line > 0 {
		return e
	}
	e.Line, e.Col = LineCol(script, e.Pos)
	return e
}

// Shift moves the error's offset by base, for errors found in a statement
// that starts at offset base of its script.
func (e *Error) Shift(base int) *Error {
	if e.Pos >= 0 && e.Line == 0 {
		e.Pos += base
	}
	return e
}

// LineCol converts a byte offset into a 1-based line and a 1-based column
// counted in characters (runes), as Flink's parser counts them.
func LineCol(src string, off int) (line, col int) {
	if off > len(src) {
		off = len(src)
	}
	if off < 0 {
		off = 0
	}
	line = 1 + strings.Count(src[:off], "\n")
	start := strings.LastIndexByte(src[:off], '\n') + 1
	col = 1 + len([]rune(src[start:off]))
	return line, col
}

// As returns the *Error inside err, if there is one.
func As(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	return nil, false
}

// Wrap turns any error into an *Error. Errors that are not *Error become
// a RuntimeException with no position.
func Wrap(err error) *Error {
	if e, ok := As(err); ok {
		return e
	}
	return &Error{Pos: NoPos, Class: RuntimeException, Msg: err.Error()}
}
