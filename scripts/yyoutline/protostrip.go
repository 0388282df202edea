package main

// The second rewrite of the vitess copy: its generated protobuf packages
// become plain Go, so that google.golang.org/protobuf is not linked into the
// wasm builds (see the package comment for why and how much).

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// protoPackages are the generated packages (under go/vt/proto) that the
// parser reaches through sqltypes and vterrors.
var protoPackages = []string{"query", "vtgate", "binlogdata", "topodata", "vtrpc", "vttime"}

const vitessProto = "github.com/dolthub/vitess/go/vt/proto/"

// protobufImport reports whether path is a package of the protobuf module.
func protobufImport(path string) bool {
	return path == "google.golang.org/protobuf" || strings.HasPrefix(path, "google.golang.org/protobuf/")
}

// StripProto rewrites the vitess copy at dir: the packages of protoPackages
// lose everything of the protobuf runtime (see StripFile) and gain an Equal
// method per message (see EqualFile), and sqltypes calls those instead of
// proto.Equal (see RewriteProtoCalls). It returns the number of messages
// and of enums it kept.
func StripProto(dir string) (msgs, enums int, err error) {
	if msgs, enums, err = stripProtoPackages(dir); err != nil {
		return 0, 0, err
	}
	return msgs, enums, rewriteSqltypes(dir)
}

// stripProtoPackages is StripProto's part in go/vt/proto.
func stripProtoPackages(dir string) (msgs, enums int, err error) {
	for _, pkg := range protoPackages {
		pdir := filepath.Join(dir, "go", "vt", "proto", pkg)
		names, err := filepath.Glob(filepath.Join(pdir, "*.go"))
		if err != nil {
			return 0, 0, err
		}
		var infos []*pbFile
		for _, name := range names {
			// vtproto's fast (un)marshalers and the tests need the runtime;
			// nothing of the engine uses either.
			if strings.HasSuffix(name, "_vtproto.pb.go") || strings.HasSuffix(name, "_test.go") {
				if err := os.Remove(name); err != nil {
					return 0, 0, err
				}
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				return 0, 0, err
			}
			out, info, err := StripFile(src)
			if err != nil {
				return 0, 0, fmt.Errorf("%s: %w", name, err)
			}
			if err := writeFile(name, out); err != nil {
				return 0, 0, err
			}
			infos = append(infos, info)
			msgs += len(info.messages)
			enums += len(info.enums)
		}
		if len(infos) == 0 {
			return 0, 0, fmt.Errorf("%s: no Go files", pdir)
		}
		eq, err := EqualFile(infos)
		if err != nil {
			return 0, 0, fmt.Errorf("%s: %w", pdir, err)
		}
		if err := writeFile(filepath.Join(pdir, "equal_flinkplay.go"), eq); err != nil {
			return 0, 0, err
		}
	}
	return msgs, enums, nil
}

// rewriteSqltypes is StripProto's part in go/sqltypes. Its tests, which
// compare with proto.Equal too, go.
func rewriteSqltypes(dir string) error {
	names, err := filepath.Glob(filepath.Join(dir, "go", "sqltypes", "*.go"))
	if err != nil {
		return err
	}
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		if strings.HasSuffix(name, "_test.go") {
			if bytes.Contains(src, []byte(`"google.golang.org/protobuf/`)) {
				if err := os.Remove(name); err != nil {
					return err
				}
			}
			continue
		}
		out, n, err := RewriteProtoCalls(src)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if n > 0 {
			if err := writeFile(name, out); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeFile replaces a file of the copy (the module cache's files are read-only).
func writeFile(name string, data []byte) error {
	if err := os.Chmod(name, 0o644); err != nil && !os.IsNotExist(err) {
		return err
	}
	return os.WriteFile(name, data, 0o644)
}

// pbFile is what EqualFile needs to know of a stripped file.
type pbFile struct {
	pkg      string
	imports  map[string]string // name -> path, of the stripped file
	enums    map[string]bool
	messages []pbMessage
	// the enums whose String method StripFile dropped
	enumStrings []string
	oneofs      map[string][]pbWrapper // interface name -> its wrapper types
}

type pbMessage struct {
	name   string
	fields []*ast.Field // one name each
}

type pbWrapper struct {
	name  string   // wrapper type, e.g. M_A
	field string   // its one field
	typ   ast.Expr // that field's type
}

// protoMethods are the methods of generated messages and enums that exist
// for the protobuf runtime; StripFile drops them (a message's String too:
// it printed through prototext, whose output is randomized on purpose).
var protoMethods = map[string]bool{
	"Reset": true, "ProtoMessage": true, "ProtoReflect": true, "Descriptor": true,
	"EnumDescriptor": true, "Type": true, "Number": true,
}

// StripFile rewrites one file of protoc-gen-go's output into plain Go. It
// keeps the types (less the messages' protoimpl state fields), the enum
// constants and their _name/_value maps, the oneof wrappers, the getters
// and Enum(); it drops the raw descriptor, the type tables, init, the
// methods of protoMethods and String (EqualFile writes the enums' anew).
func StripFile(src []byte) ([]byte, *pbFile, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.pb.go", src, parser.ParseComments)
	if err != nil {
		return nil, nil, err
	}
	info := &pbFile{pkg: f.Name.Name, imports: map[string]string{}, enums: map[string]bool{}, oneofs: map[string][]pbWrapper{}}
	pbNames := map[string]bool{} // local names of protobuf imports
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		if protobufImport(path) {
			pbNames[importName(im, path)] = true
		}
	}
	mentionsPB := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if se, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := se.X.(*ast.Ident); ok && pbNames[id.Name] {
					found = true
				}
			}
			if id, ok := n.(*ast.Ident); ok && (strings.HasPrefix(id.Name, "file_") || strings.HasPrefix(id.Name, "File_")) {
				found = true
			}
			return !found
		})
		return found
	}
	// The enums: int32 types with a _name map.
	names := map[string]bool{}
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
			for _, sp := range gd.Specs {
				for _, n := range sp.(*ast.ValueSpec).Names {
					names[n.Name] = true
				}
			}
		}
	}
	var removed []ast.Node // for their comments
	var decls []ast.Decl
	var enumString []*ast.FuncDecl
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			switch d.Tok {
			case token.IMPORT:
				decls = append(decls, d)
				continue
			case token.TYPE:
				for _, sp := range d.Specs {
					ts := sp.(*ast.TypeSpec)
					switch t := ts.Type.(type) {
					case *ast.Ident:
						if t.Name == "int32" && names[ts.Name.Name+"_name"] {
							info.enums[ts.Name.Name] = true
						}
					case *ast.StructType:
						isMsg := false
						var kept []*ast.Field
						for _, fl := range t.Fields.List {
							if mentionsPB(fl.Type) {
								isMsg = true
								removed = append(removed, fl)
								continue
							}
							kept = append(kept, fl)
						}
						t.Fields.List = kept
						if isMsg {
							m := pbMessage{name: ts.Name.Name}
							for _, fl := range kept {
								if len(fl.Names) == 0 {
									return nil, nil, fmt.Errorf("message %s: embedded field", m.name)
								}
								for _, n := range fl.Names {
									m.fields = append(m.fields, &ast.Field{Names: []*ast.Ident{n}, Type: fl.Type, Tag: fl.Tag})
								}
							}
							info.messages = append(info.messages, m)
						}
					}
				}
			case token.CONST, token.VAR:
				var kept []ast.Spec
				for _, sp := range d.Specs {
					if mentionsPB(sp) {
						removed = append(removed, sp)
						continue
					}
					kept = append(kept, sp)
				}
				if len(kept) == 0 {
					removed = append(removed, d)
					continue
				}
				d.Specs = kept
			}
			decls = append(decls, d)
		case *ast.FuncDecl:
			name := d.Name.Name
			if d.Recv == nil {
				if name == "init" || strings.HasPrefix(name, "file_") {
					removed = append(removed, d)
					continue
				}
				decls = append(decls, d)
				continue
			}
			recv := recvType(d)
			if protoMethods[name] {
				removed = append(removed, d)
				continue
			}
			if name == "String" && len(d.Type.Params.List) == 0 {
				if _, isPtr := d.Recv.List[0].Type.(*ast.StarExpr); isPtr {
					removed = append(removed, d) // a message's
					continue
				}
				// an enum's: EqualFile writes it anew
				removed = append(removed, d)
				enumString = append(enumString, d)
				continue
			}
			// oneof wrappers: func (*M_A) isM_F() {}
			if strings.HasPrefix(name, "is") && len(d.Body.List) == 0 {
				info.oneofs[name] = append(info.oneofs[name], pbWrapper{name: recv})
			}
			decls = append(decls, d)
		}
	}
	for _, fd := range enumString {
		recv := recvType(fd)
		if !info.enums[recv] {
			return nil, nil, fmt.Errorf("String method of %s, neither a message nor an enum", recv)
		}
		info.enumStrings = append(info.enumStrings, recv)
	}
	f.Decls = decls
	// The oneof wrappers' fields.
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, sp := range gd.Specs {
			ts := sp.(*ast.TypeSpec)
			for iface, ws := range info.oneofs {
				for i, w := range ws {
					if w.name != ts.Name.Name {
						continue
					}
					st, ok := ts.Type.(*ast.StructType)
					if !ok || len(st.Fields.List) != 1 || len(st.Fields.List[0].Names) != 1 {
						return nil, nil, fmt.Errorf("oneof wrapper %s is not a struct of one field", w.name)
					}
					ws[i].field = st.Fields.List[0].Names[0].Name
					ws[i].typ = st.Fields.List[0].Type
				}
				info.oneofs[iface] = ws
			}
		}
	}
	for iface, ws := range info.oneofs {
		for _, w := range ws {
			if w.typ == nil {
				return nil, nil, fmt.Errorf("oneof wrapper %s of %s not found", w.name, iface)
			}
		}
	}
	// Comments of what went.
	var comments []*ast.CommentGroup
	for _, cg := range f.Comments {
		gone := false
		for _, n := range removed {
			start := n.Pos()
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Doc != nil {
					start = n.Doc.Pos()
				}
			case *ast.GenDecl:
				if n.Doc != nil {
					start = n.Doc.Pos()
				}
			case *ast.ValueSpec:
				if n.Doc != nil {
					start = n.Doc.Pos()
				}
			case *ast.Field:
				if n.Doc != nil {
					start = n.Doc.Pos()
				}
			}
			if cg.Pos() >= start && cg.End() <= n.End() {
				gone = true
				break
			}
		}
		if !gone {
			comments = append(comments, cg)
		}
	}
	f.Comments = comments
	// Anything left of the runtime is a shape this rewrite does not know.
	var left []string
	ast.Inspect(f, func(n ast.Node) bool {
		if _, ok := n.(*ast.ImportSpec); ok {
			return false
		}
		if n != nil && n != f && mentionsPB(n) {
			if _, ok := n.(ast.Decl); ok {
				left = append(left, fset.Position(n.Pos()).String())
				return false
			}
		}
		return true
	})
	if len(left) > 0 {
		return nil, nil, fmt.Errorf("protobuf runtime still used at %s", strings.Join(left, ", "))
	}
	dropUnusedImports(f)
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		info.imports[importName(im, path)] = path
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, nil, err
	}
	return buf.Bytes(), info, nil
}

func recvType(fd *ast.FuncDecl) string {
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

func importName(im *ast.ImportSpec, path string) string {
	if im.Name != nil {
		return im.Name.Name
	}
	return path[strings.LastIndex(path, "/")+1:]
}

// dropUnusedImports removes the imports no selector names any more.
func dropUnusedImports(f *ast.File) {
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if se, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := se.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	var imports []*ast.ImportSpec
	var decls []ast.Decl
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			decls = append(decls, d)
			continue
		}
		var specs []ast.Spec
		for _, sp := range gd.Specs {
			im := sp.(*ast.ImportSpec)
			path, _ := strconv.Unquote(im.Path.Value)
			name := importName(im, path)
			if used[name] || name == "_" || name == "." {
				specs = append(specs, im)
				imports = append(imports, im)
			}
		}
		if len(specs) > 0 {
			gd.Specs = specs
			decls = append(decls, gd)
		}
	}
	f.Decls = decls
	f.Imports = imports
}

// EqualFile writes, for the stripped files of one package, the String
// methods of the enums (the name from the _name map, else the number, as the
// runtime printed them) and an Equal method per message that means what
// proto.Equal (google.golang.org/protobuf v1) meant for it:
//   - a nil message equals only a nil message;
//   - a field counts only when set: implicit-presence scalars and enums when
//     not zero (a float -0 is set, +0 is not), bytes, lists and maps when not
//     empty (nil and empty are equal), messages when not nil;
//   - floats are equal when == or both NaN;
//   - a nil message in a list, a map or a oneof is the empty message;
//   - a oneof is equal when the same member is set to equal values.
//
// Unknown fields are gone with the runtime (nothing here unmarshals).
func EqualFile(files []*pbFile) ([]byte, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("no files")
	}
	g := &eqGen{
		pkg:      files[0].pkg,
		enums:    map[string]bool{},
		messages: map[string]bool{},
		oneofs:   map[string][]pbWrapper{},
		imports:  map[string]string{},
		used:     map[string]bool{},
	}
	for _, fi := range files {
		for e := range fi.enums {
			g.enums[e] = true
		}
		for _, m := range fi.messages {
			g.messages[m.name] = true
		}
		for k, v := range fi.oneofs {
			g.oneofs[k] = v
		}
		for k, v := range fi.imports {
			g.imports[k] = v
		}
	}
	var body bytes.Buffer
	for _, fi := range files {
		for _, e := range fi.enumStrings {
			g.used["strconv"] = true
			fmt.Fprintf(&body, "\n// String returns the name of x, or its number if it has none.\n")
			fmt.Fprintf(&body, "func (x %s) String() string {\nif s, ok := %s_name[int32(x)]; ok {\nreturn s\n}\nreturn strconv.Itoa(int(x))\n}\n", e, e)
		}
	}
	for _, fi := range files {
		for _, m := range fi.messages {
			if err := g.message(&body, m); err != nil {
				return nil, fmt.Errorf("message %s: %w", m.name, err)
			}
		}
	}
	ifaces := make([]string, 0, len(g.oneofs))
	for k := range g.oneofs {
		ifaces = append(ifaces, k)
	}
	sort.Strings(ifaces)
	for _, iface := range ifaces {
		if err := g.oneof(&body, iface); err != nil {
			return nil, fmt.Errorf("oneof %s: %w", iface, err)
		}
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "// Code generated by flinkplay's scripts/yyoutline. DO NOT EDIT.\n\n")
	fmt.Fprintf(&out, "package %s\n\n", g.pkg)
	var paths []string
	for name := range g.used {
		switch name {
		case "bytes", "math", "strconv":
			paths = append(paths, strconv.Quote(name))
		default:
			paths = append(paths, name+" "+strconv.Quote(g.imports[name]))
		}
	}
	sort.Strings(paths)
	if len(paths) > 0 {
		fmt.Fprintf(&out, "import (\n%s\n)\n\n", strings.Join(paths, "\n"))
	}
	out.Write(body.Bytes())
	if g.elem {
		out.WriteString(`
// equalElem compares messages in a list, a map or a oneof, where nil is the empty message.
func equalElem[T any, P interface {
	*T
	Equal(P) bool
}](a, b P) bool {
	if a == nil {
		a = new(T)
	}
	if b == nil {
		b = new(T)
	}
	return a.Equal(b)
}
`)
	}
	if g.float {
		out.WriteString(`
// equalFloat is == but for NaN, which equals NaN.
func equalFloat(a, b float64) bool { return a == b || a != a && b != b }
`)
	}
	if g.floatField {
		out.WriteString(`
// equalFloatField compares a field that counts only when set: -0 is set, +0 is not.
func equalFloatField(a, b float64) bool {
	return a == b && math.Signbit(a) == math.Signbit(b) || a != a && b != b
}
`)
	}
	src, err := format.Source(out.Bytes())
	if err != nil {
		return nil, fmt.Errorf("%w\n%s", err, out.Bytes())
	}
	return src, nil
}

type eqGen struct {
	pkg                     string
	enums, messages         map[string]bool
	oneofs                  map[string][]pbWrapper
	imports                 map[string]string // name -> path
	used                    map[string]bool   // imports used by the generated code
	elem, float, floatField bool
}

// kind classifies a type: "scalar" (== compares), "float", "bytes",
// "message" (*M), "oneof", "list", "map", "optional" (*scalar).
func (g *eqGen) kind(t ast.Expr) (string, error) {
	switch t := t.(type) {
	case *ast.Ident:
		switch t.Name {
		case "bool", "int32", "int64", "uint32", "uint64", "string":
			return "scalar", nil
		case "float32", "float64":
			return "float", nil
		}
		if g.enums[t.Name] {
			return "scalar", nil
		}
		if _, ok := g.oneofs[t.Name]; ok {
			return "oneof", nil
		}
	case *ast.SelectorExpr:
		// an enum of another generated package: its type is int32
		if id, ok := t.X.(*ast.Ident); ok && strings.HasPrefix(g.imports[id.Name], vitessProto) {
			return "scalar", nil
		}
	case *ast.StarExpr:
		switch x := t.X.(type) {
		case *ast.Ident:
			if g.messages[x.Name] {
				return "message", nil
			}
			if k, err := g.kind(x); err == nil && (k == "scalar" || k == "float") {
				return "optional", nil
			}
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && strings.HasPrefix(g.imports[id.Name], vitessProto) {
				return "message", nil // enums are never pointers but as proto3 optional; not used by vitess
			}
		}
	case *ast.ArrayType:
		if t.Len == nil {
			if id, ok := t.Elt.(*ast.Ident); ok && id.Name == "byte" {
				return "bytes", nil
			}
			return "list", nil
		}
	case *ast.MapType:
		return "map", nil
	}
	return "", fmt.Errorf("unsupported field type %s", exprString(t))
}

func exprString(e ast.Expr) string {
	var b bytes.Buffer
	format.Node(&b, token.NewFileSet(), e)
	return b.String()
}

// elemEqual is the comparison of values in a list, a map or a oneof.
func (g *eqGen) elemEqual(t ast.Expr, a, b string) (string, error) {
	k, err := g.kind(t)
	if err != nil {
		return "", err
	}
	switch k {
	case "scalar":
		return a + " == " + b, nil
	case "float":
		g.float = true
		return fmt.Sprintf("equalFloat(float64(%s), float64(%s))", a, b), nil
	case "bytes":
		g.used["bytes"] = true
		return fmt.Sprintf("bytes.Equal(%s, %s)", a, b), nil
	case "message":
		g.elem = true
		return fmt.Sprintf("equalElem(%s, %s)", a, b), nil
	}
	return "", fmt.Errorf("unsupported element type %s", exprString(t))
}

func (g *eqGen) message(w *bytes.Buffer, m pbMessage) error {
	fmt.Fprintf(w, "\n// Equal reports whether x and y are equal messages, as proto.Equal did.\n")
	fmt.Fprintf(w, "func (x *%s) Equal(y *%s) bool {\n", m.name, m.name)
	fmt.Fprintf(w, "if x == nil || y == nil {\nreturn x == nil && y == nil\n}\nif x == y {\nreturn true\n}\n")
	for _, fl := range m.fields {
		n := fl.Names[0].Name
		a, b := "x."+n, "y."+n
		k, err := g.kind(fl.Type)
		if err != nil {
			return fmt.Errorf("field %s: %w", n, err)
		}
		var cond string
		switch k {
		case "scalar":
			cond = a + " == " + b
		case "float":
			g.floatField = true
			g.used["math"] = true
			cond = fmt.Sprintf("equalFloatField(float64(%s), float64(%s))", a, b)
		case "bytes":
			g.used["bytes"] = true
			cond = fmt.Sprintf("bytes.Equal(%s, %s)", a, b)
		case "message":
			cond = fmt.Sprintf("%s.Equal(%s)", a, b)
		case "optional":
			eq := fmt.Sprintf("*%s == *%s", a, b)
			if fk, _ := g.kind(fl.Type.(*ast.StarExpr).X); fk == "float" {
				g.float = true
				eq = fmt.Sprintf("equalFloat(float64(*%s), float64(*%s))", a, b)
			}
			cond = fmt.Sprintf("(%s == nil) == (%s == nil) && (%s == nil || %s)", a, b, a, eq)
		case "oneof":
			cond = fmt.Sprintf("equal_%s(%s, %s)", fl.Type.(*ast.Ident).Name, a, b)
		case "list":
			eq, err := g.elemEqual(fl.Type.(*ast.ArrayType).Elt, a+"[i]", b+"[i]")
			if err != nil {
				return fmt.Errorf("field %s: %w", n, err)
			}
			fmt.Fprintf(w, "if len(%s) != len(%s) {\nreturn false\n}\n", a, b)
			fmt.Fprintf(w, "for i := range %s {\nif !(%s) {\nreturn false\n}\n}\n", a, eq)
			continue
		case "map":
			mt := fl.Type.(*ast.MapType)
			if kk, err := g.kind(mt.Key); err != nil || kk != "scalar" {
				return fmt.Errorf("field %s: unsupported map key %s", n, exprString(mt.Key))
			}
			eq, err := g.elemEqual(mt.Value, "va", "vb")
			if err != nil {
				return fmt.Errorf("field %s: %w", n, err)
			}
			fmt.Fprintf(w, "if len(%s) != len(%s) {\nreturn false\n}\n", a, b)
			fmt.Fprintf(w, "for k, va := range %s {\nif vb, ok := %s[k]; !ok || !(%s) {\nreturn false\n}\n}\n", a, b, eq)
			continue
		}
		fmt.Fprintf(w, "if !(%s) {\nreturn false\n}\n", cond)
	}
	fmt.Fprintf(w, "return true\n}\n")
	return nil
}

// oneof writes equal_isM_F: the same member set (a nil wrapper is none) to
// equal values.
func (g *eqGen) oneof(w *bytes.Buffer, iface string) error {
	ws := g.oneofs[iface]
	if len(ws) == 0 {
		return fmt.Errorf("no members")
	}
	fmt.Fprintf(w, "\nfunc equal_%s(x, y %s) bool {\nswitch a := x.(type) {\n", iface, iface)
	for _, m := range ws {
		eq, err := g.elemEqual(m.typ, "a."+m.field, "b."+m.field)
		if err != nil {
			return fmt.Errorf("member %s: %w", m.name, err)
		}
		fmt.Fprintf(w, "case *%s:\nif a != nil {\nb, ok := y.(*%s)\nreturn ok && b != nil && %s\n}\n", m.name, m.name, eq)
	}
	fmt.Fprintf(w, "}\nswitch b := y.(type) {\n")
	for _, m := range ws {
		fmt.Fprintf(w, "case *%s:\nreturn b == nil\n", m.name)
	}
	fmt.Fprintf(w, "}\nreturn true\n}\n")
	return nil
}

// RewriteProtoCalls replaces, in a file of sqltypes, each proto.Equal(a, b)
// by a.Equal(b) (the generated method, see EqualFile) and drops the import
// of google.golang.org/protobuf/proto. Any other use of that package is an
// error. It returns the number of calls rewritten.
func RewriteProtoCalls(src []byte) ([]byte, int, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, parser.ParseComments)
	if err != nil {
		return nil, 0, err
	}
	name := ""
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		if path == "google.golang.org/protobuf/proto" {
			name = importName(im, path)
		} else if protobufImport(path) {
			return nil, 0, fmt.Errorf("imports %s", path)
		}
	}
	if name == "" {
		return src, 0, nil
	}
	n := 0
	var bad []string
	var rewrite func(e ast.Expr) ast.Expr
	rewrite = func(e ast.Expr) ast.Expr {
		call, ok := e.(*ast.CallExpr)
		if !ok {
			return e
		}
		se, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return e
		}
		if id, ok := se.X.(*ast.Ident); !ok || id.Name != name || se.Sel.Name != "Equal" || len(call.Args) != 2 {
			return e
		}
		recv := call.Args[0]
		switch recv.(type) {
		case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr, *ast.CallExpr, *ast.ParenExpr:
		default:
			recv = &ast.ParenExpr{X: recv}
		}
		n++
		return &ast.CallExpr{Fun: &ast.SelectorExpr{X: recv, Sel: ast.NewIdent("Equal")}, Args: call.Args[1:]}
	}
	// Rewrite every expression slot that holds such a call.
	ast.Inspect(f, func(node ast.Node) bool {
		switch x := node.(type) {
		case *ast.CallExpr:
			for i := range x.Args {
				x.Args[i] = rewrite(x.Args[i])
			}
		case *ast.UnaryExpr:
			x.X = rewrite(x.X)
		case *ast.BinaryExpr:
			x.X, x.Y = rewrite(x.X), rewrite(x.Y)
		case *ast.ParenExpr:
			x.X = rewrite(x.X)
		case *ast.ReturnStmt:
			for i := range x.Results {
				x.Results[i] = rewrite(x.Results[i])
			}
		case *ast.AssignStmt:
			for i := range x.Rhs {
				x.Rhs[i] = rewrite(x.Rhs[i])
			}
		case *ast.IfStmt:
			x.Cond = rewrite(x.Cond)
		case *ast.ExprStmt:
			x.X = rewrite(x.X)
		case *ast.ValueSpec:
			for i := range x.Values {
				x.Values[i] = rewrite(x.Values[i])
			}
		}
		return true
	})
	ast.Inspect(f, func(node ast.Node) bool {
		if se, ok := node.(*ast.SelectorExpr); ok {
			if id, ok := se.X.(*ast.Ident); ok && id.Name == name {
				bad = append(bad, fmt.Sprintf("%s: %s.%s", fset.Position(se.Pos()), name, se.Sel.Name))
			}
		}
		return true
	})
	if len(bad) > 0 {
		return nil, 0, fmt.Errorf("uses of the protobuf runtime this rewrite does not know: %s", strings.Join(bad, "; "))
	}
	dropUnusedImports(f)
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, 0, err
	}
	return buf.Bytes(), n, nil
}
