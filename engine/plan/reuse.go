package plan

import (
	"strconv"
	"strings"
)

// ReuseSubplans marks the repeated sub-plans of an execution plan as
// Flink's SubplanReuser does ('table.optimizer.reuse-sub-plan-enabled'):
// a subtree that equals one printed before it becomes
// Reused(reference_id=[n]), and the first gets (reuse_id=[n]). Sinks are
// never reused. plan is the section's text, one node per line under
// Flink's tree prefixes. In a plan of several trees (a statement set's
// sinks) Flink prints it as a DAG: a reused sub-plan is a block of its own
// before the first tree that uses it, and every use reads Reused.
func ReuseSubplans(plan string) string {
	type node struct {
		prefix, text string
		kids         []*node
		sig          string
		ref          *node // the earlier equal subtree this one reuses
		id           int
	}
	var roots []*node
	var stack []*node
	var blank []int // root indexes followed by a blank line
	for _, line := range strings.Split(strings.TrimSuffix(plan, "\n"), "\n") {
		if line == "" {
			blank = append(blank, len(roots))
			stack = stack[:0]
			continue
		}
		i := 0
		for i+3 <= len(line) && strings.ContainsRune("+:| ", rune(line[i])) && strings.ContainsRune("- ", rune(line[i+1])) && line[i+2] == ' ' {
			i += 3
		}
		n := &node{prefix: line[:i], text: line[i:]}
		depth := i / 3
		if depth > len(stack) {
			return plan // not a tree this knows how to read
		}
		stack = stack[:depth]
		if depth == 0 {
			roots = append(roots, n)
		} else {
			p := stack[depth-1]
			p.kids = append(p.kids, n)
		}
		stack = append(stack, n)
	}
	var sign func(n *node) string
	sign = func(n *node) string {
		var b strings.Builder
		b.WriteString(n.text)
		b.WriteString("(")
		for _, k := range n.kids {
			b.WriteString(sign(k))
			b.WriteString(",")
		}
		b.WriteString(")")
		n.sig = b.String()
		return n.sig
	}
	for _, r := range roots {
		sign(r)
	}
	first := map[string]*node{}
	var mark func(n *node)
	mark = func(n *node) {
		if !strings.HasPrefix(n.text, "Sink(") {
			if f, ok := first[n.sig]; ok {
				n.ref = f
				return
			}
			first[n.sig] = n
		}
		for _, k := range n.kids {
			mark(k)
		}
	}
	for _, r := range roots {
		mark(r)
	}
	referenced := map[*node]bool{}
	var refs func(n *node)
	refs = func(n *node) {
		if n.ref != nil {
			referenced[n.ref] = true
			return
		}
		for _, k := range n.kids {
			refs(k)
		}
	}
	for _, r := range roots {
		refs(r)
	}
	if len(referenced) == 0 {
		return plan
	}
	var b strings.Builder
	next := 1
	dag := len(roots) > 1
	// write prints n, its prefix without its first strip bytes (a block
	// of its own starts at the left margin).
	var write func(n *node, strip int)
	write = func(n *node, strip int) {
		b.WriteString(n.prefix[strip:])
		if n.ref != nil || dag && referenced[n] && n.prefix != "" {
			target := n
			if n.ref != nil {
				target = n.ref
			}
			b.WriteString("Reused(reference_id=[" + strconv.Itoa(target.id) + "])\n")
			return
		}
		b.WriteString(n.text)
		if referenced[n] {
			b.WriteString("(reuse_id=[" + strconv.Itoa(n.id) + "])")
		}
		b.WriteString("\n")
		for _, k := range n.kids {
			write(k, strip)
		}
	}
	// ids in the order the first uses are printed
	var number func(n *node)
	number = func(n *node) {
		if n.ref != nil {
			return
		}
		if referenced[n] && n.id == 0 {
			n.id = next
			next++
		}
		for _, k := range n.kids {
			number(k)
		}
	}
	for _, r := range roots {
		number(r)
	}
	// the reused sub-plans a tree holds, outermost first
	var blocks func(n *node, out *[]*node)
	blocks = func(n *node, out *[]*node) {
		if n.ref != nil {
			return
		}
		if referenced[n] {
			*out = append(*out, n)
		}
		for _, k := range n.kids {
			blocks(k, out)
		}
	}
	bi := 0
	for i, r := range roots {
		for bi < len(blank) && blank[bi] == i {
			b.WriteString("\n")
			bi++
		}
		if dag {
			var bs []*node
			blocks(r, &bs)
			for k := len(bs) - 1; k >= 0; k-- {
				n := bs[k]
				b.WriteString(n.text + "(reuse_id=[" + strconv.Itoa(n.id) + "])\n")
				for _, kid := range n.kids {
					write(kid, len(n.prefix))
				}
				b.WriteString("\n")
			}
		}
		write(r, 0)
	}
	for ; bi < len(blank); bi++ {
		b.WriteString("\n")
	}
	return b.String()
}
