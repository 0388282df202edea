package api

import (
	"bufio"
	"bytes"
	"net/http"
)

// outputBuffer is the size of the response's write buffer. On Workers each
// Write to the response becomes one HTTP chunk, and a chunk per row made a
// 100k-line answer 35 times slower than 16 KiB chunks.
const outputBuffer = 16 << 10

// output is a run's response body. Until commit it only buffers, so that a
// statement failing before anything streamed can still be answered with a
// 4xx; commit sends the status and what was buffered, and from then on
// writes go out through a 16 KiB buffer. It counts bytes against
// Limits.MaxOutputBytes and drops what would exceed it, but for the whole lines that fit.
type output struct {
	w           http.ResponseWriter
	bw          *bufio.Writer
	pending     bytes.Buffer
	committed   bool
	contentType string

	max, n  int64
	cut     bool
	onLimit func()
}

func newOutput(w http.ResponseWriter, max int64) *output {
	return &output{w: w, contentType: ContentTypeText, max: max}
}

// Write writes p unless the output limit is reached.
func (o *output) Write(p []byte) (int, error) {
	if o.cut {
		return len(p), nil
	}
	if o.n+int64(len(p)) > o.max {
		// Keep the whole lines that fit: a cut row would read as data.
		fit := p[:o.max-o.n]
		if i := bytes.LastIndexByte(fit, '\n'); i >= 0 {
			o.n += int64(i + 1)
			o.write(fit[:i+1])
		}
		o.cut = true
		if o.onLimit != nil {
			o.onLimit()
		}
		return len(p), nil
	}
	o.n += int64(len(p))
	return o.write(p)
}

// WriteString is Write for strings.
func (o *output) WriteString(s string) (int, error) { return o.Write([]byte(s)) }

// trailer writes s whatever the limit: the line that says the run was cut.
func (o *output) trailer(s string) { o.write([]byte(s)) }

func (o *output) write(p []byte) (int, error) {
	if !o.committed {
		return o.pending.Write(p)
	}
	return o.bw.Write(p)
}

// commit starts the response: 200 and what was buffered.
func (o *output) commit() {
	if o.committed {
		return
	}
	o.committed = true
	o.w.Header().Set("Content-Type", o.contentType)
	o.w.WriteHeader(http.StatusOK)
	o.bw = bufio.NewWriterSize(o.w, outputBuffer)
	o.bw.Write(o.pending.Bytes())
	o.pending = bytes.Buffer{}
}

// flush sends what is buffered, once the response has started.
func (o *output) flush() {
	if o.committed {
		o.bw.Flush()
	}
}
