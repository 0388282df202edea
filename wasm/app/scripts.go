//go:build js && wasm

package main

import (
	"strconv"
	"strings"
	"time"

	"github.com/flinkplay/flinkplay/web/app"
	"github.com/flinkplay/flinkplay/web/state"
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
	p.root.Restorable = keep
	p.root.NoticeRunAll = false
	p.chrome.Notice = notice
	if keep {
		p.chrome.Notice += " " + kept
	}
}

// OpenExamples opens the gallery.
func (p *page) OpenExamples() {
	defer recovered("openExamples")
	p.openDialog(app.DialogExamples, "")
}

// OpenHistory lists the kept scripts.
func (p *page) OpenHistory() {
	defer recovered("openHistory")
	p.root.Recent = p.recent()
	p.openDialog(app.DialogHistory, "")
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
	p.replaceScript(ex.SQL, "before the example '"+ex.Name+"'", "Opened the example '"+ex.Name+"': Run script runs it.", "Your previous script is kept in History.")
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
