//go:build js && wasm

package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/web/app"
	"github.com/flinkplay/flinkplay/web/state"
	"github.com/vugu/vugu"
)

// The scripts the page keeps (History): nothing the user wrote is lost
// when an example, Reset, a share link or a restore replaces it.

// recent returns the kept scripts, newest first.
func (p *page) recent() []state.Recent {
	s, ok := load(state.KeyRecent)
	if !ok {
		return nil
	}
	return state.DecodeRecent(s)
}

// remember keeps text in History, saying why.
func (p *page) remember(text, why string) {
	store(state.KeyRecent, state.EncodeRecent(state.Remember(p.recent(), text, why, time.Now())))
}

// migrateBeforeShare moves the script an older page kept for a share
// link into History.
func (p *page) migrateBeforeShare() {
	if old, ok := load(state.KeyBeforeShare); ok && old != "" {
		p.remember(old, "before a shared link")
		store(state.KeyBeforeShare, "")
	}
}

// replaceScript puts text into the editor in place of the current
// script, which History keeps (why says what replaced it); the notice
// says notice, and kept too when a script was kept, and offers it back.
// The caller holds the lock.
func (p *page) replaceScript(text, why, notice, kept string) {
	cur := p.text()
	keep := cur != text && cur != state.SeedSQL && strings.TrimSpace(cur) != ""
	if keep {
		p.remember(cur, why)
	}
	if p.editor.Truthy() {
		p.editor.Call("setText", text)
	}
	store(state.KeyScript, text)
	store(state.KeyFilename, "") // openScript sets it again for its file
	p.syncLanguage(text)
	p.root.Restorable = keep
	p.root.NoticeRunAll = false
	p.chrome.Notice = notice
	if keep {
		p.chrome.Notice += " " + kept
	}
}

// OpenScript opens the file chosen in #open-input in the editor.
func (p *page) OpenScript(event vugu.DOMEvent) {
	defer recovered("openScript")
	readChosenFile(event, maxScriptBytes, func(name string) {
		p.chrome.Notice = tooBigToOpen(name)
	}, p.openScript)
}

// tooBigToOpen says that a file is no script to open.
func tooBigToOpen(name string) string {
	return fmt.Sprintf("%s is larger than %d MB: open a script or program, and upload data in the Files tab.", name, maxScriptBytes>>20)
}

// maxScriptBytes bounds a script or program opened in the editor.
const maxScriptBytes = 4 << 20

// openScript puts a script or program read from a file (#open-input, or
// dropped on the editor) in the editor's place, keeping the current one in
// History; failed says why the file could not be read.
func (p *page) openScript(name, text, failed string) {
	defer recovered("openScript")
	p.ee.Lock()
	defer p.ee.UnlockRender()
	if p.root == nil || !p.editor.Truthy() {
		return
	}
	if failed != "" {
		p.chrome.Notice = name + " could not be read: " + failed
		return
	}
	if len(text) > maxScriptBytes {
		p.chrome.Notice = tooBigToOpen(name)
		return
	}
	p.replaceScript(text, "before opening "+name, "Opened "+name+": "+map[bool]string{true: "Run program runs it.", false: "Run script runs it."}[state.IsPython(text)], "Your previous script is kept in History.")
	if strings.HasSuffix(strings.ToLower(name), ".py") {
		store(state.KeyFilename, name)
	} else {
		store(state.KeyFilename, "")
	}
	p.syncLanguage(text)
}

// OpenExamples opens the gallery.
func (p *page) OpenExamples() {
	defer recovered("openExamples")
	p.openDialog(app.DialogExamples, "")
}

// Example loads a gallery example into the editor (from the gallery
// dialog: choosing, not browsing, loads one).
func (p *page) Example(index string) {
	defer recovered("example")
	i, err := strconv.Atoi(index)
	if err != nil || i < 0 || i >= len(state.Examples) || !p.editor.Truthy() {
		return
	}
	ex := state.Examples[i]
	p.root.Dialog = ""
	run := "Run script runs it."
	if ex.Python {
		run = "Run program runs it."
	}
	p.replaceScript(ex.SQL, "before the example '"+ex.Name+"'", "Opened the example '"+ex.Name+"': "+run, "Your previous script is kept in History.")
	// A lesson opens in its view, with Why on when it explains changes.
	if ex.View != "" {
		p.model.SetView(ex.View)
	}
	if ex.Why && !p.chrome.WhyOn {
		p.ToggleWhy()
		if ex.View != "" {
			p.model.SetView(ex.View)
		}
	}
	p.syncTrace()
}

// RestoreRecent brings back a kept script.
func (p *page) RestoreRecent(index string) {
	defer recovered("restoreRecent")
	i, err := strconv.Atoi(index)
	list := p.recent()
	if err != nil || i < 0 || i >= len(list) {
		return
	}
	p.root.Dialog = ""
	p.replaceScript(list[i].Text, "before restoring a script from History", "Restored a script from History.", "The script it replaced is kept there too.")
}

// RestoreScript brings back the newest kept script that differs from the
// editor's (#restore-script): the one that was just replaced.
func (p *page) RestoreScript() {
	defer recovered("restoreScript")
	cur := p.text()
	for _, r := range p.recent() {
		if r.Text != cur {
			p.replaceScript(r.Text, "before restoring your previous script", "Your previous script is back.", "The one it replaced is kept in History.")
			return
		}
	}
}
