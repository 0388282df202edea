//go:build js && wasm

package main

import (
	"errors"
	"strings"
	"syscall/js"
	"time"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
	"github.com/flinkplay/flinkplay/web/app"
	"github.com/flinkplay/flinkplay/web/state"
)

// openShared returns the script the editor opens with: a share link's, when
// the URL carries one, else saved. The reader's saved script is kept in
// History and the notice offers it back; nothing runs. The fragment is
// then removed, so that a reload keeps the reader's edits.
func (p *page) openShared(saved string) string {
	hash := js.Global().Get("location").Get("hash").String()
	shared, err := state.ParseShareFragment(hash)
	if errors.Is(err, state.ErrNoShare) {
		return saved
	}
	dropFragment()
	if err != nil {
		p.chrome.Notice = "This share link could not be opened: " + err.Error() + ". Your script is unchanged."
		return saved
	}
	p.root.Restorable = false
	if saved != shared.Script && saved != state.SeedSQL && strings.TrimSpace(saved) != "" {
		p.remember(saved, "before a shared link")
		p.root.Restorable = true
	}
	store(state.KeyScript, shared.Script)
	p.model.SetView(shared.View)
	p.model.ChartKind, p.model.ChartY = shared.Chart, shared.ChartY
	p.chrome.Notice = "Opened a shared script. Nothing ran: press Run script to run it."
	if p.root.Restorable {
		p.chrome.Notice = "Opened a shared script; nothing ran. Your previous script is kept in History."
	}
	return shared.Script
}

// dropFragment removes the URL's fragment without a reload or a history
// entry.
func dropFragment() {
	loc := js.Global().Get("location")
	js.Global().Get("history").Call("replaceState", js.Null(), "", loc.Get("pathname").String()+loc.Get("search").String())
}

// listenForShares opens a share link pasted into the address bar of an
// open playground (only the fragment changes: no reload).
func (p *page) listenForShares() {
	js.Global().Call("addEventListener", "hashchange", p.keep(funcOf("hashchange", func([]js.Value) any {
		go func() {
			defer recovered("hashchange")
			p.ee.Lock()
			defer p.ee.UnlockRender()
			if !p.editor.Truthy() {
				return
			}
			text := p.openShared(p.text())
			if text != p.text() {
				p.editor.Call("setText", text)
			}
		}()
		return nil
	})))
}

// Share opens the share dialog with a link to the editor's script and
// copies it.
func (p *page) Share() {
	defer recovered("share")
	link := pageDir() + state.ShareFragment(state.Shared{Script: p.text(), View: p.model.View, Chart: p.model.ChartKind, ChartY: p.model.ChartY})
	p.openDialog(app.DialogShare, link)
	p.Copy()
}

// EmbedSnippet opens the embed dialog with the iframe code for the
// editor's script.
func (p *page) EmbedSnippet() {
	defer recovered("embedSnippet")
	snippet := state.EmbedSnippet(pageDir(), state.EmbedParams{Script: p.text(), View: p.model.View, Chart: p.model.ChartKind, ChartY: p.model.ChartY, Height: state.DefaultEmbedHeight})
	p.openDialog(app.DialogEmbed, snippet)
	p.Copy()
}

func (p *page) openDialog(kind, text string) {
	p.root.Dialog, p.root.DialogText, p.root.DialogNote, p.root.ExportErr = kind, text, "", ""
}

// CloseDialog closes the open dialog.
func (p *page) CloseDialog() {
	defer recovered("closeDialog")
	p.root.Dialog = ""
}

// Copy copies the dialog's text. The Clipboard API may be missing (an
// insecure origin) or refuse; the text stays in the dialog to copy by hand.
func (p *page) Copy() {
	defer recovered("copy")
	text := p.root.DialogText
	if text == "" {
		return
	}
	done := func(note string) {
		go func() {
			defer recovered("copied")
			p.ee.Lock()
			defer p.ee.UnlockRender()
			if p.root.DialogText == text {
				p.root.DialogNote = note
			}
		}()
	}
	const failed = "Select the text and copy it: the browser did not allow clipboard access."
	clip := js.Global().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		p.root.DialogNote = failed
		return
	}
	var ok, fail js.Func
	ok = funcOf("clipboardOK", func([]js.Value) any { done("Copied to the clipboard."); ok.Release(); fail.Release(); return nil })
	fail = funcOf("clipboardFailed", func([]js.Value) any { done(failed); ok.Release(); fail.Release(); return nil })
	clip.Call("writeText", text).Call("then", ok, fail)
}

// Export opens the Run on Flink dialog and asks the engine for the
// PyFlink program.
func (p *page) Export() {
	defer recovered("export")
	p.openDialog(app.DialogExport, "")
	clear(p.exported)
	p.ExportFormat(protocol.ExportPyFlink)
}

// ExportFormat shows the export in format, asking the engine when it has
// not answered for this script yet.
func (p *page) ExportFormat(format string) {
	defer recovered("exportFormat")
	p.root.ExportAs = format
	p.root.ExportErr, p.root.DialogNote = "", ""
	if text := p.text(); state.IsPython(text) {
		// A PyFlink program runs on Flink as it is.
		p.root.DialogText = ""
		if format == protocol.ExportPyFlink {
			p.root.DialogText = text
		} else {
			p.root.ExportErr = "A PyFlink program has no SQL client form: its SQL runs in its execute_sql calls. Run the program itself with ./bin/flink run -py " + p.filename() + "."
		}
		return
	}
	if msg, ok := p.exported[format]; ok {
		p.showExport(format, msg)
		return
	}
	p.root.DialogText = ""
	p.root.DialogNote = "Asking the engine…"
	p.nextExport++
	// Export ids are apart from run ids, so the answer is never taken
	// for a run's message.
	id := 1<<30 + p.nextExport
	p.exportWait[id] = format
	p.post(protocol.Request{Type: protocol.TypeExport, ID: id, Format: format, Script: p.text()})
}

// takeExport takes the engine's answer to an export; the caller holds the
// lock.
func (p *page) takeExport(msg *protocol.Message) {
	format, ok := p.exportWait[msg.ID]
	if !ok && len(p.exportWait) == 1 {
		// A worker that does not echo the id: the only question open.
		for id, f := range p.exportWait {
			format, ok, msg.ID = f, true, id
		}
	}
	if !ok {
		return
	}
	delete(p.exportWait, msg.ID)
	p.exported[format] = msg
	if p.root != nil && p.root.Dialog == app.DialogExport && p.root.ExportAs == format {
		p.showExport(format, msg)
	}
}

func (p *page) showExport(format string, msg *protocol.Message) {
	p.root.DialogNote = ""
	if msg.Error != nil {
		p.root.DialogText = ""
		p.root.ExportErr = msg.Error.Text
		if p.root.ExportErr == "" {
			p.root.ExportErr = msg.Error.Message
		}
		return
	}
	p.root.DialogText = msg.Text
}

// SaveExport downloads the export dialog's program.
func (p *page) SaveExport() {
	defer recovered("saveExport")
	if p.root.DialogText == "" {
		return
	}
	name, typ := "flink_job.py", "text/x-python"
	if state.IsPython(p.root.DialogText) && p.root.DialogText == p.text() {
		name = p.filename()
	}
	if p.root.ExportAs == protocol.ExportSQL {
		name, typ = "script.sql", "application/sql"
	}
	save(name, typ, []js.Value{bytesValue([]byte(p.root.DialogText))})
}

// downloadStep is how many rows a download writes between two looks at
// the clock; it gives the main thread back after drainSlice.
const downloadStep = 250

// Download saves the result buffer's changes as CSV or JSON lines, a
// slice at a time so that streaming rows and input keep the thread.
func (p *page) Download(format string) {
	defer recovered("download")
	d := state.NewDownload(p.model.Query, format)
	if d == nil {
		p.chrome.Notice = "Nothing to download yet: run a query first."
		return
	}
	go func() {
		defer recovered("download")
		var parts []js.Value
		var buf []byte
		for {
			yielder.maybe()
			p.ee.Lock()
			t0 := time.Now()
			for !d.Done() && time.Since(t0) < drainSlice {
				buf = d.Next(buf[:0], downloadStep)
				parts = append(parts, bytesValue(buf))
			}
			done := d.Done()
			if done {
				p.chrome.Notice = d.Note()
			}
			p.ee.UnlockOnly()
			if done {
				break
			}
			yielder.yield()
		}
		save(state.DownloadName(format), downloadType(format), parts)
		p.ee.Lock()
		p.ee.UnlockRender()
	}()
}

func downloadType(format string) string {
	if format == state.FormatCSV {
		return "text/csv;charset=utf-8"
	}
	return "application/x-ndjson"
}

// bytesValue copies b into a new Uint8Array.
func bytesValue(b []byte) js.Value {
	a := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(a, b)
	return a
}

// save offers parts as a file download through a Blob URL.
func save(name, typ string, parts []js.Value) {
	arr := js.Global().Get("Array").New()
	for _, v := range parts {
		arr.Call("push", v)
	}
	opts := js.Global().Get("Object").New()
	opts.Set("type", typ)
	blob := js.Global().Get("Blob").New(arr, opts)
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	a.Set("hidden", true)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	// The download has its own copy once started; give it a moment.
	js.Global().Call("setTimeout", js.Global().Get("URL").Get("revokeObjectURL").Call("bind", js.Global().Get("URL"), url), 60_000)
}
