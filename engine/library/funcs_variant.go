package library

import (
	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/types"
)

// VARIANT functions of Flink 2.1+ (FLIP-521): PARSE_JSON and TRY_PARSE_JSON
// make a VARIANT of JSON text (types.ParseVariant), JSON_STRING writes one
// back, and v[i] / v['key'] read into one (buildItem).

func buildParseJSON(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	ok := args[0].Type().IsCharacter() || args[0].Type().Kind == types.Null
	if len(args) == 2 {
		k := args[1].Type().Kind
		ok = ok && (k == types.Boolean || k == types.Null)
	}
	if !ok {
		return nil, diag.Validation(pos, "Invalid input arguments. Expected signatures are:\n%s(<CHARACTER_STRING>)\n%s(<CHARACTER_STRING>, <BOOLEAN>)", name, name)
	}
	t := types.VariantType
	try := name == "TRY_PARSE_JSON"
	if !try {
		t.NotNull = true
		for _, a := range args {
			if a.Type().Nullable() {
				t.NotNull = false
			}
		}
	}
	return strictFn(name, args, t, func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		text := string(v[0].B)
		allow := len(v) == 2 && v[1].Bool()
		x, err := types.ParseVariant(text, allow)
		if err != nil {
			if try {
				return types.NullValue, nil
			}
			e := diag.Errorf(pos, expr.TableRuntimeException, "Failed to parse json string: %s", text)
			e.Note = "The JSON parser says: " + err.Error()
			return types.Value{}, e
		}
		return types.Value{X: x}, nil
	}), nil
}

// variantItem is v[i] (1-based element of an array variant) or v['key']
// (field of an object variant): a VARIANT, NULL when there is none.
func variantItem(args []expr.Expr, pos int) (expr.Expr, error) {
	x, idx := args[0], args[1]
	ti := idx.Type()
	t := types.VariantType
	switch {
	case ti.IsInteger():
		return &coll{name: "ITEM", args: args, t: t, eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
			vv, _ := v[0].X.(*types.VariantValue)
			if vv == nil || vv.Kind != types.VariantArray {
				return types.Value{}, diag.Errorf(pos, expr.TableRuntimeException,
					"Integer index access on variant requires an array variant, but a non-array variant was provided.")
			}
			i := int64(int32(v[1].I)) // Flink casts the index to int
			if i < 1 || i > int64(len(vv.Elems)) {
				return types.NullValue, nil
			}
			return types.Value{X: vv.Elems[i-1]}, nil
		}}, nil
	case ti.IsCharacter():
		return &coll{name: "ITEM", args: args, t: t, eval: func(_ *expr.Ctx, v []types.Value) (types.Value, error) {
			vv, _ := v[0].X.(*types.VariantValue)
			if vv == nil || vv.Kind != types.VariantObject {
				return types.Value{}, diag.Errorf(pos, expr.TableRuntimeException,
					"String key access on variant requires an object variant, but a non-object variant was provided.")
			}
			if f := vv.Field(string(v[1].B)); f != nil {
				return types.Value{X: f}, nil
			}
			return types.NullValue, nil
		}}, nil
	}
	return nil, diag.Errorf(pos, diag.SqlValidatorException,
		"Cannot apply 'ITEM' to arguments of type 'ITEM(<%s>, <%s>)'. Supported form(s): <ARRAY>[<INTEGER>]\n<MAP>[<ANY>]\n<ROW>[<CHARACTER>|<INTEGER>]\n<VARIANT>[<CHARACTER>|<INTEGER>]",
		expr.CalciteName(x.Type()), expr.CalciteName(ti))
}
