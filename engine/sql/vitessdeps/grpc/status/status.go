// Package status is the part of gRPC's status package that vitess's
// vterrors uses: an error carrying a code (see ../README.md).
package status

import (
	"errors"
	"fmt"

	"google.golang.org/grpc/codes"
)

// Status is a code and a message.
type Status struct {
	code codes.Code
	msg  string
}

// Code returns the status code; a nil Status is OK.
func (s *Status) Code() codes.Code {
	if s == nil {
		return codes.OK
	}
	return s.code
}

// Message returns the message; a nil Status has none.
func (s *Status) Message() string {
	if s == nil {
		return ""
	}
	return s.msg
}

// Err returns the status as an error, nil for OK.
func (s *Status) Err() error {
	if s.Code() == codes.OK {
		return nil
	}
	return &statusError{s: s}
}

// statusError is the error form of a Status.
type statusError struct{ s *Status }

func (e *statusError) Error() string {
	return fmt.Sprintf("rpc error: code = %s desc = %s", e.s.code, e.s.msg)
}

// GRPCStatus returns the error's status.
func (e *statusError) GRPCStatus() *Status { return e.s }

// New returns a Status with code c and message msg.
func New(c codes.Code, msg string) *Status { return &Status{code: c, msg: msg} }

// Errorf returns an error with code c and a formatted message; nil for OK.
func Errorf(c codes.Code, format string, a ...any) error {
	return New(c, fmt.Sprintf(format, a...)).Err()
}

// FromError returns the status of an error made by this package (true),
// OK for nil (true), and Unknown with the error's text otherwise (false).
func FromError(err error) (*Status, bool) {
	if err == nil {
		return nil, true
	}
	var se interface{ GRPCStatus() *Status }
	if errors.As(err, &se) {
		return se.GRPCStatus(), true
	}
	return New(codes.Unknown, err.Error()), false
}
