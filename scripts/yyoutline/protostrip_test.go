package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// strippedCheck runs inside the stripped copy of vitess's proto packages:
// the names vitess uses are there, without the runtime, and mean the same.
const strippedCheck = `package query_test

import (
	"math"
	"reflect"
	"testing"

	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	topodatapb "github.com/dolthub/vitess/go/vt/proto/topodata"
	vtgatepb "github.com/dolthub/vitess/go/vt/proto/vtgate"
	vtrpcpb "github.com/dolthub/vitess/go/vt/proto/vtrpc"
)

func TestNames(t *testing.T) {
	if got := querypb.Type_VARCHAR.String(); got != "VARCHAR" {
		t.Errorf("Type_VARCHAR.String() = %q", got)
	}
	if got := querypb.Type(12345).String(); got != "12345" {
		t.Errorf("an unnamed Type prints %q, want its number", got)
	}
	if got := vtrpcpb.Code_INVALID_ARGUMENT.String(); got != "INVALID_ARGUMENT" {
		t.Errorf("Code_INVALID_ARGUMENT.String() = %q", got)
	}
	if querypb.Type_value["INT64"] != int32(querypb.Type_INT64) || querypb.Type_name[int32(querypb.Type_TUPLE)] != "TUPLE" {
		t.Error("Type_value / Type_name")
	}
	if *querypb.Type_INT64.Enum() != querypb.Type_INT64 {
		t.Error("Enum()")
	}
	bv := &querypb.BindVariable{Type: querypb.Type_INT64, Value: []byte("1")}
	if bv.GetType() != querypb.Type_INT64 || string(bv.GetValue()) != "1" {
		t.Error("BindVariable getters")
	}
	var none *querypb.BindVariable
	if none.GetType() != querypb.Type_NULL_TYPE || none.GetValues() != nil {
		t.Error("getters of a nil message")
	}
	target := &querypb.Target{Keyspace: "k", TabletType: topodatapb.TabletType_MASTER}
	if target.GetTabletType() != topodatapb.TabletType_MASTER || target.GetKeyspace() != "k" {
		t.Error("Target getters")
	}
	// Only the fields of the .proto are left.
	if n := reflect.TypeOf(querypb.Target{}).NumField(); n != 4 {
		t.Errorf("Target has %d fields, want 4", n)
	}
	if _, ok := any(target).(interface{ ProtoReflect() any }); ok {
		t.Error("ProtoReflect is still there")
	}
	_ = vtgatepb.Session{InTransaction: true}
}

func TestEqual(t *testing.T) {
	negZero := math.Copysign(0, -1)
	for i, c := range []struct {
		x, y any
		want bool
	}{
		{(*querypb.Field)(nil), (*querypb.Field)(nil), true},
		{(*querypb.Field)(nil), &querypb.Field{}, false},
		{&querypb.Field{}, &querypb.Field{}, true},
		{&querypb.Field{Name: "a", Type: querypb.Type_INT64}, &querypb.Field{Name: "a", Type: querypb.Type_INT64}, true},
		{&querypb.Field{Name: "a"}, &querypb.Field{Name: "b"}, false},
		{&querypb.Field{Type: querypb.Type_INT64}, &querypb.Field{Type: querypb.Type_INT32}, false},
		// bytes: nil and empty are the same
		{&querypb.BindVariable{Value: nil}, &querypb.BindVariable{Value: []byte{}}, true},
		{&querypb.BindVariable{Value: []byte("1")}, &querypb.BindVariable{Value: []byte("2")}, false},
		// lists: lengths, then elements; a nil element is the empty message
		{&querypb.QueryResult{Rows: []*querypb.Row{nil}}, &querypb.QueryResult{Rows: []*querypb.Row{{}}}, true},
		{&querypb.QueryResult{Rows: []*querypb.Row{{}}}, &querypb.QueryResult{}, false},
		{&querypb.QueryResult{Rows: []*querypb.Row{}}, &querypb.QueryResult{}, true},
		{&querypb.Row{Lengths: []int64{1, 2}}, &querypb.Row{Lengths: []int64{1, 2}}, true},
		{&querypb.Row{Lengths: []int64{1, 2}}, &querypb.Row{Lengths: []int64{1, 3}}, false},
		// a message field counts when set, even to the empty message
		{&querypb.QueryResult{}, &querypb.QueryResult{Extras: &querypb.ResultExtras{}}, false},
		{&querypb.QueryResult{Extras: &querypb.ResultExtras{}}, &querypb.QueryResult{Extras: &querypb.ResultExtras{}}, true},
		// maps: the same keys, equal values (nil is the empty message)
		{&querypb.BoundQuery{BindVariables: map[string]*querypb.BindVariable{"a": nil}},
			&querypb.BoundQuery{BindVariables: map[string]*querypb.BindVariable{"a": {}}}, true},
		{&querypb.BoundQuery{BindVariables: map[string]*querypb.BindVariable{"a": {}}},
			&querypb.BoundQuery{BindVariables: map[string]*querypb.BindVariable{"b": {}}}, false},
		{&querypb.BoundQuery{BindVariables: map[string]*querypb.BindVariable{}}, &querypb.BoundQuery{}, true},
		// floats: NaN equals NaN; -0 is set and +0 is not
		{&querypb.RealtimeStats{Qps: math.NaN()}, &querypb.RealtimeStats{Qps: math.NaN()}, true},
		{&querypb.RealtimeStats{Qps: negZero}, &querypb.RealtimeStats{}, false},
		{&querypb.RealtimeStats{Qps: negZero}, &querypb.RealtimeStats{Qps: negZero}, true},
		{&querypb.RealtimeStats{Qps: 1.5}, &querypb.RealtimeStats{Qps: 1.5}, true},
		// across packages
		{&querypb.Target{TabletType: topodatapb.TabletType_MASTER}, &querypb.Target{}, false},
	} {
		got := reflect.ValueOf(c.x).MethodByName("Equal").Call([]reflect.Value{reflect.ValueOf(c.y)})[0].Bool()
		back := reflect.ValueOf(c.y).MethodByName("Equal").Call([]reflect.Value{reflect.ValueOf(c.x)})[0].Bool()
		if got != c.want || back != c.want {
			t.Errorf("case %d: Equal = %v, %v the other way; want %v", i, got, back, c.want)
		}
	}
}
`

// TestStripProtoVitess strips vitess's proto packages in a module of their
// own, with no requirements: they build without the protobuf runtime, and
// strippedCheck passes in it.
func TestStripProtoVitess(t *testing.T) {
	out, err := vitessDir()
	if err != nil {
		t.Fatal(err)
	}
	mod := out
	dir := t.TempDir()
	for _, p := range protoPackages {
		rel := filepath.Join("go", "vt", "proto", p)
		if err := os.CopyFS(filepath.Join(dir, rel), os.DirFS(filepath.Join(mod, rel))); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module github.com/dolthub/vitess\n\ngo 1.26\n"), 0o644)
	msgs, enums, err := stripProtoPackages(dir)
	if err != nil {
		t.Fatal(err)
	}
	if msgs < 150 || enums < 20 {
		t.Errorf("%d messages and %d enums; vitess has ~158 and ~21", msgs, enums)
	}
	os.WriteFile(filepath.Join(dir, "go", "vt", "proto", "query", "stripped_test.go"), []byte(strippedCheck), 0o644)
	cmd := exec.Command("go", "test", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the stripped packages fail: %v\n%s", err, b)
	}
	cmd = exec.Command("go", "list", "-deps", "./...")
	cmd.Dir = dir
	b, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "google.golang.org/protobuf") {
		t.Errorf("the stripped packages still import protobuf:\n%s", b)
	}
}

// A miniature of protoc-gen-go's output with the shapes vitess's packages
// lack: a oneof and a proto3 optional field.
const miniPB = `package mini

import (
	protoreflect "google.golang.org/protobuf/reflect/protoreflect"
	protoimpl "google.golang.org/protobuf/runtime/protoimpl"
	reflect "reflect"
)

const (
	_ = protoimpl.EnforceVersion(20 - protoimpl.MinVersion)
)

type Color int32

const (
	Color_RED  Color = 0
	Color_BLUE Color = 1
)

var (
	Color_name  = map[int32]string{0: "RED", 1: "BLUE"}
	Color_value = map[string]int32{"RED": 0, "BLUE": 1}
)

func (x Color) String() string {
	return protoimpl.X.EnumStringOf(x.Descriptor(), protoreflect.EnumNumber(x))
}

func (Color) Descriptor() protoreflect.EnumDescriptor { return nil }

// M is a message.
type M struct {
	state         protoimpl.MessageState
	sizeCache     protoimpl.SizeCache
	unknownFields protoimpl.UnknownFields

	// Types that are assignable to Pick:
	//	*M_Name
	//	*M_Sub
	Pick  isM_Pick ` + "`protobuf_oneof:\"pick\"`" + `
	Score *float64 ` + "`protobuf:\"fixed64,3,opt,name=score,proto3,oneof\"`" + `
	Color Color
}

func (x *M) Reset() { *x = M{} }

func (x *M) String() string { return protoimpl.X.MessageStringOf(x) }

func (*M) ProtoMessage() {}

func (x *M) ProtoReflect() protoreflect.Message { return nil }

func (m *M) GetPick() isM_Pick {
	if m != nil {
		return m.Pick
	}
	return nil
}

type isM_Pick interface {
	isM_Pick()
}

type M_Name struct {
	Name string ` + "`protobuf:\"bytes,1,opt,name=name,proto3,oneof\"`" + `
}

type M_Sub struct {
	Sub *M ` + "`protobuf:\"bytes,2,opt,name=sub,proto3,oneof\"`" + `
}

func (*M_Name) isM_Pick() {}

func (*M_Sub) isM_Pick() {}

var file_mini_proto_goTypes = []interface{}{(*M)(nil), reflect.TypeOf(0)}

func init() { file_mini_proto_init() }

func file_mini_proto_init() {}
`

const miniCheck = `package mini

import (
	"math"
	"testing"
)

func TestMini(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	for i, c := range []struct {
		x, y *M
		want bool
	}{
		{&M{}, &M{}, true},
		{&M{Pick: &M_Name{"a"}}, &M{Pick: &M_Name{"a"}}, true},
		{&M{Pick: &M_Name{""}}, &M{}, false},
		{&M{Pick: &M_Name{"a"}}, &M{Pick: &M_Sub{}}, false},
		{&M{Pick: (*M_Name)(nil)}, &M{}, true},
		{&M{Pick: &M_Sub{}}, &M{Pick: &M_Sub{&M{}}}, true},
		{&M{Score: f(0)}, &M{}, false},
		{&M{Score: f(math.Copysign(0, -1))}, &M{Score: f(0)}, true},
		{&M{Score: f(math.NaN())}, &M{Score: f(math.NaN())}, true},
		{&M{Color: Color_BLUE}, &M{}, false},
	} {
		if got, back := c.x.Equal(c.y), c.y.Equal(c.x); got != c.want || back != c.want {
			t.Errorf("case %d: %v, %v; want %v", i, got, back, c.want)
		}
	}
	if Color_BLUE.String() != "BLUE" || Color(7).String() != "7" {
		t.Error("Color.String")
	}
}
`

func TestStripMiniature(t *testing.T) {
	out, info, err := StripFile([]byte(miniPB))
	if err != nil {
		t.Fatal(err)
	}
	src := string(out)
	for _, gone := range []string{"protoimpl", "protoreflect", "reflect", "func init", "file_mini", "Reset", "ProtoReflect", "String"} {
		if strings.Contains(src, gone) {
			t.Errorf("the stripped file still has %q:\n%s", gone, src)
		}
	}
	for _, kept := range []string{"// M is a message.", "Color_name", "func (m *M) GetPick() isM_Pick", "func (*M_Sub) isM_Pick() {}"} {
		if !strings.Contains(src, kept) {
			t.Errorf("the stripped file lacks %q:\n%s", kept, src)
		}
	}
	eq, err := EqualFile([]*pbFile{info})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module mini\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "mini.pb.go"), out, 0o644)
	os.WriteFile(filepath.Join(dir, "equal.go"), eq, 0o644)
	os.WriteFile(filepath.Join(dir, "mini_test.go"), []byte(miniCheck), 0o644)
	cmd := exec.Command("go", "test", "./...")
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the stripped miniature fails: %v\n%s\n%s", err, b, eq)
	}
}

func TestRewriteProtoCalls(t *testing.T) {
	src := `package p

import (
	"fmt"

	"google.golang.org/protobuf/proto"
)

func f(a, b *T, c []*T) bool {
	fmt.Println()
	return proto.Equal(a, b) && !proto.Equal(&T{}, c[0]) && proto.Equal(c[1], a)
}
`
	out, n, err := RewriteProtoCalls([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if n != 3 {
		t.Errorf("rewrote %d calls, want 3", n)
	}
	got := string(out)
	for _, want := range []string{"a.Equal(b)", "!(&T{}).Equal(c[0])", "c[1].Equal(a)"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "protobuf") {
		t.Errorf("the import is still there:\n%s", got)
	}
	if _, _, err := RewriteProtoCalls([]byte(strings.Replace(src, "proto.Equal(a, b)", "proto.Clone(a) != nil", 1))); err == nil {
		t.Error("proto.Clone went through")
	}
}
