//go:build js && wasm

package main

import (
	"strconv"
	"strings"
	"syscall/js"

	"github.com/vugu/vugu"

	"github.com/flinkplay/flinkplay/web/app"
	"github.com/flinkplay/flinkplay/web/state"
)

// maxListed bounds the History dialog's statement list; the search reaches
// the older ones.
const maxListed = 200

// loadHistory reads the statement history this browser keeps.
func (p *page) loadHistory() {
	s, _ := load(state.KeyStatements)
	p.model.History = state.NewHistory(s)
	p.historyGen = -1
}

// syncHistory stores the statement history when it changed, and gives the
// editor the statements that ↑ brings back; the caller holds the lock.
func (p *page) syncHistory() {
	h := p.model.History
	if h == nil {
		return
	}
	if h.Gen != p.historyGen {
		if p.historyGen != -1 {
			store(state.KeyStatements, h.Encode())
		}
		p.historyGen, p.historySent = h.Gen, false
	}
	if !p.historySent && p.editor.Truthy() {
		p.editor.Call("setHistory", jsonValue(h.Recall()))
		p.historySent = true
	}
}

// OpenHistory opens the History dialog on the list shown last.
func (p *page) OpenHistory() {
	defer recovered("openHistory")
	p.root.Menu = false
	p.root.Recent = p.recent()
	p.root.HistoryQuery = ""
	p.searchStatements()
	p.openDialog(app.DialogHistory, "")
}

// searchHistory opens the History dialog's statements, for Ctrl+R in the
// editor.
func (p *page) searchHistory() {
	p.root.HistoryTab = app.HistoryStatements
	p.OpenHistory()
}

// ShowHistory switches the History dialog between statements and scripts.
func (p *page) ShowHistory(tab string) {
	defer recovered("showHistory")
	if tab == app.HistoryScripts || tab == app.HistoryStatements {
		p.root.HistoryTab = tab
	}
}

// SearchHistory filters the statements by the search box's text.
func (p *page) SearchHistory(event vugu.DOMEvent) {
	defer recovered("searchHistory")
	p.root.HistoryQuery = event.PropString("target", "value")
	p.searchStatements()
}

func (p *page) searchStatements() {
	p.root.Statements = nil
	if h := p.model.History; h != nil {
		p.root.Statements = h.Search(p.root.HistoryQuery, maxListed)
	}
}

// PickStatement adds a statement from the history to the end of the
// script, with the cursor on it, so that Run statement runs it.
func (p *page) PickStatement(index string) {
	defer recovered("pickStatement")
	i, err := strconv.Atoi(index)
	if err != nil || i < 0 || i >= len(p.root.Statements) || !p.editor.Truthy() {
		return
	}
	p.root.Dialog = ""
	sql := strings.TrimRight(p.root.Statements[i].SQL, "; \t\n") + ";\n"
	text := p.text()
	prefix := ""
	switch {
	case strings.TrimSpace(text) == "":
		p.editor.Call("setText", "")
		text = ""
	case strings.HasSuffix(text, "\n\n"):
	case strings.HasSuffix(text, "\n"):
		prefix = "\n"
	default:
		prefix = "\n\n"
	}
	p.editor.Call("insert", state.UTF16Offset(text, len(text)), prefix+sql, len(prefix))
}

// wireHistory sets the editor's Ctrl+R callback.
func (p *page) wireHistory(opts js.Value) {
	opts.Set("onSearchHistory", p.keep(funcOf("onSearchHistory", func([]js.Value) any {
		go func() {
			defer recovered("onSearchHistory")
			p.ee.Lock()
			defer p.ee.UnlockRender()
			if p.root != nil {
				p.searchHistory()
			}
		}()
		return nil
	})))
}
