package funcs

import (
	_ "embed"
	"encoding/json"
	"strings"
	"sync"
)

// ModuleFunction is a built-in function of Flink's core module as SHOW
// FUNCTIONS lists it and DESCRIBE FUNCTION EXTENDED describes it: the
// function definition's kind, requirements, determinism, constant folding
// and the signatures its input type strategy expects.
type ModuleFunction struct {
	Name            string `json:"name"`
	Kind            string `json:"kind"`
	Requirements    string `json:"requirements"`
	Deterministic   string `json:"deterministic"`
	ConstantFolding string `json:"constant_folding"`
	// Signature is TypeInferenceUtil.generateSignature's text, one line
	// per signature, each starting with Name and "(".
	Signature string `json:"signature"`
}

// coreModuleData holds the 203 functions Flink 1.20's core module lists,
// spelled as Flink spells them (some in camel case). The rows are Flink's
// own output: a harness ran DescribeFunctionOperation's EXTENDED branch on
// every definition ModuleManager lists, compiled from Flink's sources (the
// current master, c43754cd; the three names master renamed, regexpExtract,
// regexpReplace and toTimestampLtz, from release-1.20.4). The build cannot
// run Flink, so the data is committed.
//
//go:embed core_module.jsonl
var coreModuleData string

var coreModule = sync.OnceValue(func() []ModuleFunction {
	var out []ModuleFunction
	for _, line := range strings.Split(strings.TrimSpace(coreModuleData), "\n") {
		var f ModuleFunction
		if err := json.Unmarshal([]byte(line), &f); err != nil {
			panic("funcs: core_module.jsonl: " + err.Error())
		}
		out = append(out, f)
	}
	return out
})

// CoreModule returns the functions of Flink's core module in the order of
// core_module.jsonl (sorted by name).
func CoreModule() []ModuleFunction { return coreModule() }

// LookupCoreFunction finds a core module function by name, ignoring case
// as Flink's ModuleManager does.
func LookupCoreFunction(name string) (ModuleFunction, bool) {
	for _, f := range coreModule() {
		if strings.EqualFold(f.Name, name) {
			return f, true
		}
	}
	return ModuleFunction{}, false
}

// SignatureAs is the signature text with each line named as the user
// wrote the name: Flink prints the function identifier as typed (FunctionCatalog
// resolves a built-in by its lower-cased name but keeps the original).
func (f ModuleFunction) SignatureAs(typed string) string {
	lines := strings.Split(f.Signature, "\n")
	for i, l := range lines {
		lines[i] = typed + strings.TrimPrefix(l, f.Name)
	}
	return strings.Join(lines, "\n")
}
