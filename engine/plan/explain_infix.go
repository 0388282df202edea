package plan

import (
	"regexp"
	"strings"
)

// Flink prints expressions two ways. The physical plan (and the AST) use
// Calcite's prefix digest: -(ts, 1000:INTERVAL SECOND), IS NOT NULL(a).
// The "Optimized Execution Plan" section uses the infix form of
// FlinkRexUtil.getExpressionString: a call of one of the operators below
// with two or more operands is (x op y op z), a one-operand IS test is
// "x IS NOT NULL", and every other call keeps its prefix form.

// infixOps are the operators printed between their operands.
var infixOps = []string{"AND", "OR", "<>", "<=", ">=", "*", "/", "+", "-", "<", ">", "="}

// postfixOps are the one-operand tests printed after their operand.
var postfixOps = []string{"IS NOT NULL", "IS NULL", "IS NOT TRUE", "IS TRUE", "IS NOT FALSE", "IS FALSE", "IS UNKNOWN"}

// InfixLine rewrites the prefix expressions of one plan line in the infix
// form of Flink's execution plan. Quoted literals are copied as they are.
func InfixLine(line string) string {
	var b strings.Builder
	infixInto(&b, line)
	return b.String()
}

// castType matches the full type name of a CAST in a physical plan line,
// which the execution plan prints short.
var castType = regexp.MustCompile(`( AS [A-Z_]+(?:\([0-9, ]+\))?)(?: CHARACTER SET "UTF-16LE")?(?: NOT NULL)?\)`)

// ExecLine turns a line of the physical plan into the execution plan's:
// expressions infix, CAST types without character set and nullability,
// and a Values node without its row type.
func ExecLine(line string) string {
	// The Match node prints the same in both plans.
	if strings.HasPrefix(strings.TrimLeft(line, " |:+-"), "Match(") {
		return line
	}
	// A LookupJoin's constant keys print as Calcite's literals in both
	// plans (RelExplainUtil.literalToString): lookup=[name=_UTF-16LE'a'].
	if i := strings.Index(line, "lookup=["); i >= 0 && strings.Contains(line, "LookupJoin(") {
		if end := matchBracket(line, i+len("lookup=[")-1); end >= 0 {
			return ExecLine(line[:i]) + line[i:end+1] + ExecLine(line[end+1:])
		}
	}
	line = castType.ReplaceAllString(line, "$1)")
	if !strings.Contains(line, "Values(") {
		line = execLiterals(line)
	}
	if i := strings.Index(line, "Values(type=["); i >= 0 {
		if end := matchBracket(line, i+len("Values(type=[")-1); end >= 0 && strings.HasPrefix(line[end+1:], ", ") {
			line = line[:i] + "Values(" + line[end+3:]
		}
	}
	return InfixLine(line)
}

// Literals in the execution plan: a string without its character set and
// type, a number without its type ('abc', 123, 0.1).
var (
	execNumber = regexp.MustCompile(`(\b\d+(?:\.\d+)?):(?:BIGINT|TINYINT|SMALLINT|DECIMAL\(\d+, \d+\))`)
	execString = regexp.MustCompile(`('(?:[^']|'')*'):(?:VAR)?CHAR\(\d+\)`)
)

func execLiterals(line string) string {
	line = strings.ReplaceAll(line, "_UTF-16LE'", "'")
	line = strings.ReplaceAll(line, ` CHARACTER SET "UTF-16LE"`, "")
	line = execString.ReplaceAllString(line, "$1")
	return execNumber.ReplaceAllString(line, "$1")
}

// matchBracket returns the index of the bracket closing the one at
// s[open], or -1.
func matchBracket(s string, open int) int {
	depth := 0
	for j := open; j < len(s); j++ {
		switch s[j] {
		case '\'':
			j = skipQuoted(s, j) - 1
		case '(', '[':
			depth++
		case ')', ']':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

func infixInto(b *strings.Builder, s string) {
	for i := 0; i < len(s); {
		if s[i] == '\'' {
			j := skipQuoted(s, i)
			b.WriteString(s[i:j])
			i = j
			continue
		}
		if atBoundary(s, i) {
			if op, args, end, ok := callAt(s, i); ok {
				writeCall(b, op, args)
				i = end
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
}

// atBoundary reports whether an operator may start at s[i]: at the start,
// or after an opening bracket, a space or a comma, or right after another
// call (a LookupJoin's joinCondition is its pre-filter and remaining
// condition printed one after the other).
func atBoundary(s string, i int) bool {
	if i == 0 {
		return true
	}
	switch s[i-1] {
	case '[', '(', ' ', ',', ')':
		return true
	}
	return false
}

// callAt matches op( args ) at s[i] for an infix or postfix operator and
// returns the operands' text and the index after the closing parenthesis.
func callAt(s string, i int) (op string, args []string, end int, ok bool) {
	for _, set := range [][]string{postfixOps, infixOps} {
		for _, o := range set {
			if strings.HasPrefix(s[i:], o+"(") {
				op = o
				break
			}
		}
		if op != "" {
			break
		}
	}
	if op == "" {
		return "", nil, 0, false
	}
	open := i + len(op)
	close := matchParen(s, open)
	if close < 0 {
		return "", nil, 0, false
	}
	return op, splitArgs(s[open+1 : close]), close + 1, true
}

func writeCall(b *strings.Builder, op string, args []string) {
	isPostfix := false
	for _, o := range postfixOps {
		isPostfix = isPostfix || o == op
	}
	switch {
	case isPostfix && len(args) == 1:
		infixInto(b, args[0])
		b.WriteString(" " + op)
	case !isPostfix && len(args) >= 2:
		b.WriteByte('(')
		for k, a := range args {
			if k > 0 {
				b.WriteString(" " + op + " ")
			}
			infixInto(b, a)
		}
		b.WriteByte(')')
	default:
		b.WriteString(op + "(")
		for k, a := range args {
			if k > 0 {
				b.WriteString(", ")
			}
			infixInto(b, a)
		}
		b.WriteByte(')')
	}
}

// skipQuoted returns the index after the quoted literal that starts at
// s[i] (a doubled quote stands for one inside it).
func skipQuoted(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		if s[j] == '\'' {
			if j+1 < len(s) && s[j+1] == '\'' {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(s)
}

// matchParen returns the index of the parenthesis closing the one at
// s[open], or -1.
func matchParen(s string, open int) int {
	if j := matchBracket(s, open); j >= 0 && s[j] == ')' {
		return j
	}
	return -1
}

// splitArgs splits a call's operand list at its top-level commas.
func splitArgs(s string) []string {
	var args []string
	depth, start := 0, 0
	for j := 0; j < len(s); j++ {
		switch s[j] {
		case '\'':
			j = skipQuoted(s, j) - 1
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ',':
			if depth == 0 {
				args = append(args, strings.TrimSpace(s[start:j]))
				start = j + 1
			}
		}
	}
	return append(args, strings.TrimSpace(s[start:]))
}
