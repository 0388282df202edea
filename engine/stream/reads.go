package stream

// Reads records what is read of a columnar batch: whole columns, and of a
// ROW column (a VecStruct), single fields. A source told what the
// operators after it read of its batches (FieldPruner) may leave the rest
// out.
type Reads struct {
	// All: the operator may read anything (it could not tell).
	All  bool
	cols []colReads
}

type colReads struct {
	whole  bool
	fields []bool
}

// col returns column i's record, growing r to hold it. It is not
// inlined: Reads runs once per pipeline, and engine.wasm is smaller so.
//
//go:noinline
func (r *Reads) col(i int) *colReads {
	for len(r.cols) <= i {
		r.cols = append(r.cols, colReads{})
	}
	return &r.cols[i]
}

// Column records that column i is read whole.
func (r *Reads) Column(i int) { r.col(i).whole = true }

// Field records that field j of ROW column i is read.
//
//go:noinline
func (r *Reads) Field(i, j int) {
	c := r.col(i)
	for len(c.fields) <= j {
		c.fields = append(c.fields, false)
	}
	c.fields[j] = true
}

// Pass records that column i is what column j of out was: it is read as
// that one is (an operator that passes i on unchanged as its output
// column j).
func (r *Reads) Pass(i int, out *Reads, j int) {
	switch {
	case out.All || j < len(out.cols) && out.cols[j].whole:
		r.Column(i)
	case j < len(out.cols):
		for f, read := range out.cols[j].fields {
			if read {
				r.Field(i, f)
			}
		}
	}
}

// PassAll records that the columns are what those of out were, each in
// its place (an operator that passes its input on as it came).
func (r *Reads) PassAll(out *Reads) {
	r.All = r.All || out.All
	for j := range out.cols {
		r.Pass(j, out, j)
	}
}

// ReadsColumn reports whether column i, or any of its fields, is read.
func (r *Reads) ReadsColumn(i int) bool {
	if r.All {
		return true
	}
	if i >= len(r.cols) {
		return false
	}
	c := &r.cols[i]
	if c.whole {
		return true
	}
	for _, f := range c.fields {
		if f {
			return true
		}
	}
	return false
}

// ReadsField reports whether field j of column i is read, alone or with
// its whole column.
func (r *Reads) ReadsField(i, j int) bool {
	if r.All {
		return true
	}
	if i >= len(r.cols) {
		return false
	}
	c := &r.cols[i]
	return c.whole || j < len(c.fields) && c.fields[j]
}

// FieldReader is a ColumnarOperator that can tell what it reads of its
// columnar input.
type FieldReader interface {
	// InputReads adds to in what Process reads of a columnar input when
	// out is what the operators after it read of its output: what it
	// evaluates, and what it passes on that they read. It is called
	// after ColumnsIn.
	InputReads(out, in *Reads)
}

// FieldPruner is a ColumnarSource that can leave out the fields of its
// ROW columns that nothing reads.
type FieldPruner interface {
	// ReadOnly tells the source, after EnableColumns and before the
	// first Next, what is read of its batches: it may then fill the
	// fields r does not read with NULLs.
	ReadOnly(r *Reads)
}
