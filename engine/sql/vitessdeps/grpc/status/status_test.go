package status

import (
	"errors"
	"fmt"
	"testing"

	"google.golang.org/grpc/codes"
)

func TestRoundTrip(t *testing.T) {
	tests := []struct {
		name     string
		err      error
		code     codes.Code
		ok       bool
		wantText string
	}{
		{"nil", nil, codes.OK, true, ""},
		{"errorf", Errorf(codes.NotFound, "table %s", "t"), codes.NotFound, true, "rpc error: code = NotFound desc = table t"},
		{"wrapped", fmt.Errorf("ctx: %w", Errorf(codes.Internal, "boom")), codes.Internal, true, ""},
		{"foreign", errors.New("plain"), codes.Unknown, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, ok := FromError(tt.err)
			if s.Code() != tt.code || ok != tt.ok {
				t.Errorf("FromError = %v, %v; want %v, %v", s.Code(), ok, tt.code, tt.ok)
			}
			if tt.wantText != "" && tt.err.Error() != tt.wantText {
				t.Errorf("Error() = %q, want %q", tt.err.Error(), tt.wantText)
			}
		})
	}
	if Errorf(codes.OK, "x") != nil {
		t.Error("an OK status is no error")
	}
	if codes.Code(99).String() != "Code(99)" {
		t.Error(codes.Code(99).String())
	}
}
