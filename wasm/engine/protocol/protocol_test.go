package protocol

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestExecutePrefix(t *testing.T) {
	b, err := json.Marshal(Request{Type: TypeExecute, ID: 3, Script: "SELECT 1;", End: 9})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), ExecutePrefix) {
		t.Errorf("%s does not start with %s", b, ExecutePrefix)
	}
	b, _ = json.Marshal(Request{Type: TypeCatalog})
	if strings.HasPrefix(string(b), ExecutePrefix) {
		t.Errorf("%s starts with %s", b, ExecutePrefix)
	}
}
