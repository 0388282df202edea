// Package app holds the Vugu components of the playground page (Root) and
// of the embed page (Embed). The page's
// logic lives in web/state; the browser side effects (the worker, the
// editor, the JS-owned result elements, localStorage) sit behind Actions,
// which wasm/app implements, so this package builds and is tested natively.
package app

//go:generate go tool vugugen -s -skip-go-mod -skip-main .
//go:generate gofmt -w 0_components_gen.go

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"

	"github.com/flinkplay/flinkplay/wasm/engine/protocol"
	"github.com/flinkplay/flinkplay/web/state"
)

// ResultActions are what the controls of both pages (the playground and
// the embed) do. The methods run on the render goroutine's event handlers
// with the render lock held.
type ResultActions interface {
	Run()
	// Prepare starts what Run needs without running: the embed loads its
	// engine when the reader points at Run or tabs to it.
	Prepare()
	Stop()
	SetView(view string)
	// Mount* receive the JS-owned elements; they are called on every
	// render, so they must be idempotent.
	MountEditor(el js.Value)
	MountResults(el js.Value)
	MountTableau(el js.Value)
	MountGrid(el js.Value)
	MountChart(el js.Value)
	MountGraph(el js.Value)
	MountTimeline(el js.Value)
	// ToggleWhy turns "why this change" on or off.
	ToggleWhy()
	// Step pauses, steps or resumes the running query (protocol.Step*);
	// Rewind runs it again from the start to one record before.
	Step(step string)
	Rewind()
	// SetChart picks the chart view's kind (state.ChartAuto, ChartLine or
	// ChartBar); SetChartY takes the measure select's change event.
	SetChart(kind string)
	SetChartY(event vugu.DOMEvent)
}

// Actions are what the playground's controls do.
type Actions interface {
	ResultActions
	RunAll()
	// OpenScript opens a .py, .sql or .txt file (the #open-input's change
	// event) in the editor's place, keeping the script in History.
	OpenScript(event vugu.DOMEvent)
	// OpenExamples opens the gallery; Example loads one of its entries
	// (an index into state.Examples), keeping the script in History.
	OpenExamples()
	Example(index string)
	// OpenHistory opens the History dialog: the statements run (searchable)
	// and the kept scripts. ShowHistory switches between the two lists;
	// SearchHistory takes the search box's input event; PickStatement adds
	// a statement run (an index into Root.Statements) to the end of the
	// script; RestoreRecent brings a script back (an index into
	// Root.Recent), keeping the script it replaces.
	OpenHistory()
	// ShowCell shows the results of the script ("script") or of a cell
	// (its number); StopCell stops that run.
	ShowCell(id string)
	StopCell(id string)
	ShowHistory(tab string)
	SearchHistory(event vugu.DOMEvent)
	PickStatement(index string)
	RestoreRecent(index string)
	Reset()
	// FollowTail scrolls the results to their newest rows and keeps them
	// in view (#new-below).
	FollowTail()
	// Share, EmbedSnippet and Export open their dialogs; ExportFormat
	// switches the export dialog between the PyFlink program and the SQL
	// client script.
	Share()
	EmbedSnippet()
	Export()
	ExportFormat(format string)
	// Copy copies the open dialog's text to the clipboard; SaveExport
	// downloads the export dialog's file.
	Copy()
	SaveExport()
	CloseDialog()
	// Download saves the result buffer as state.FormatCSV or FormatJSONL.
	Download(format string)
	// RestoreScript brings back the script that an example, Reset or a
	// share link replaced last.
	RestoreScript()
	// ToggleMenu opens or closes the toolbar's More menu; CloseMenu closes
	// it (a click on one of its actions).
	ToggleMenu()
	CloseMenu()
	// OpenHelp lists the keyboard shortcuts (#help, or ? outside the editor).
	OpenHelp()
	// ToggleTheme switches between the light and the dark theme and
	// remembers the choice in this browser.
	ToggleTheme()
	FileActions
	JobActions
}

// Chrome is what both pages show around the editor and the results: the
// status line, the notice, the error box and the view switch.
type Chrome struct {
	Model *state.Model

	Notice      string // "The engine stopped and was restarted; ...", "" when none
	EngineReady bool
	// Lazy is set while an embed has not loaded its engine: it loads only
	// when the reader asks for a run.
	Lazy bool
	// Language is what the editor holds (protocol.LanguagePython or
	// LanguageSQL); PythonLoading is set while the Python engine
	// (python.wasm) starts for a program.
	Language      string
	PythonLoading bool
	// Chart is the chart view's last data (its measures feed the select).
	Chart state.ChartData
	// WhyOn: "why this change" is on (the run's trace records, and a
	// click on a change explains it); Why is what the panel says, about
	// change WhyRow.
	WhyOn  bool
	Why    []string
	WhyRow int64
	// ProgramRun: the last run is a Python program's, which needs no SQL
	// engine (an embed may never start one).
	ProgramRun bool
	Now        func() time.Time // time.Now unless a test sets it
}

func (c *Chrome) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// Status is the status line.
func (c *Chrome) Status() string {
	if c.PythonLoading && c.Model.Running {
		return "Loading Python (about 3.5 MB the first time, then kept by the browser)… the program runs as soon as it is ready."
	}
	if c.ProgramRun {
		return c.Model.Status(c.now())
	}
	if c.Lazy {
		return "Press Run: the engine loads and runs the example in this page."
	}
	if !c.EngineReady {
		if c.Model.Running {
			return "Starting the engine… the statement runs as soon as it is ready."
		}
		return "Starting the engine…"
	}
	return c.Model.Status(c.now())
}

// Dialogs of the playground.
const (
	DialogShare    = "share"
	DialogEmbed    = "embed"
	DialogExport   = "export"
	DialogExamples = "examples"
	DialogHistory  = "history"
	DialogHelp     = "help"
)

// CellTab is a result tab of a notebook script: "script" or a cell's.
type CellTab struct {
	ID, Name               string
	Running, Shown, Failed bool
}

// CellTabClass styles a result tab: shown, running, failed.
func CellTabClass(t CellTab) string {
	c := "tab cell-tab"
	if t.Shown {
		c += " active"
	}
	if t.Running {
		c += " running"
	} else if t.Failed {
		c += " failed"
	}
	return c
}

// CellTabState says how a tab's run goes, for its title and screen readers.
func CellTabState(t CellTab) string {
	switch {
	case t.Running:
		return "running"
	case t.Failed:
		return "failed"
	}
	return ""
}

// The History dialog's lists.
const (
	HistoryStatements = "statements"
	HistoryScripts    = "scripts"
)

// HistoryClass marks the History dialog's active list.
func (c *Root) HistoryClass(tab string) string {
	if c.HistoryTab == tab || c.HistoryTab == "" && tab == HistoryStatements {
		return "tab active"
	}
	return "tab"
}

// ShowsStatements reports whether the History dialog lists statements.
func (c *Root) ShowsStatements() bool {
	return c.Dialog == DialogHistory && c.HistoryTab != HistoryScripts
}

// ShowsScripts reports whether the History dialog lists scripts.
func (c *Root) ShowsScripts() bool {
	return c.Dialog == DialogHistory && c.HistoryTab == HistoryScripts
}

// StatementsHint is the statement list's line when it is empty.
func (c *Root) StatementsHint() string {
	if c.HistoryQuery != "" {
		return "No statement you ran contains all of: " + c.HistoryQuery
	}
	return "Nothing yet: every statement you run is recorded here, with its time, how long it ran and how it ended."
}

// OutcomeClass styles a statement run's summary by how it ended.
func OutcomeClass(r state.StatementRun) string {
	return "pick-desc outcome-" + r.Outcome
}

// Shortcut is one line of the keyboard shortcuts dialog (?).
type Shortcut struct {
	Keys string // "Ctrl/Cmd+Enter"; "Esc, then Tab" for keys pressed one after the other
	Does string
}

// KeyPart is a key of a shortcut, or the text between two keys.
type KeyPart struct {
	Key, Sep string
}

// Parts splits the keys for display: each key in a kbd, with "+" between
// keys pressed together and "then" between keys pressed in turn.
func (s Shortcut) Parts() []KeyPart {
	var parts []KeyPart
	for i, step := range strings.Split(s.Keys, ", then ") {
		if i > 0 {
			parts = append(parts, KeyPart{Sep: " then "})
		}
		// "+" alone is a key, not a separator.
		keys := []string{step}
		if step != "+" {
			keys = strings.Split(step, "+")
		}
		for j, k := range keys {
			if j > 0 {
				parts = append(parts, KeyPart{Sep: "+"})
			}
			parts = append(parts, KeyPart{Key: k})
		}
	}
	return parts
}

// Shortcuts are the page's keyboard shortcuts, as the help dialog lists
// them. The editor's keys are CodeMirror's (web/editor/editor.js); the
// page's own are handled in wasm/app and static/dom.js.
var Shortcuts = []Shortcut{
	{"Ctrl/Cmd+Shift+Enter", "Run the whole script (or the PyFlink program) in a fresh session"},
	{"Ctrl/Cmd+Enter", "Run the statement at the cursor, or the selection, in the current session"},
	{"Alt+Enter", "Run the cell at the cursor (cells begin at lines that start with -- %%), beside the cells that run"},
	{"↑", "In an empty editor: bring back the statement run before (↓ goes forward again)"},
	{"Ctrl+R", "In the editor: search the statements you ran (History)"},
	{"Ctrl+Space", "In the editor: complete a keyword, table, column, function or option"},
	{"Ctrl/Cmd+F", "In the editor: find and replace"},
	{"Ctrl/Cmd+Z", "In the editor: undo (Ctrl/Cmd+Shift+Z redoes)"},
	{"Esc, then Tab", "Leave the editor: Tab then moves on to the results and the controls"},
	{"Esc", "Close the open dialog or menu"},
	{"?", "Show these shortcuts (outside the editor)"},
}

// Root is the whole playground page.
type Root struct {
	Chrome
	Act Actions

	// Dialog is the open dialog (DialogShare, ...), "" when none.
	Dialog string
	// DialogText is what the open dialog shows and copies: the share link,
	// the iframe snippet, or the exported program.
	DialogText string
	// DialogNote says how the copy went, or what the export is waiting for.
	DialogNote string
	// ExportAs is the export dialog's format (protocol.ExportPyFlink or
	// ExportSQL); ExportErr its error, "" when none.
	ExportAs  string
	ExportErr string
	// Restorable is set when an example, Reset or a share link replaced
	// a script that the reader can bring back; NoticeRunAll when the
	// notice offers Run script (a statement run on its own missed what
	// the script defines above it).
	Restorable   bool
	NoticeRunAll bool
	// Recent is the History dialog's list of scripts, newest first.
	Recent []state.Recent
	// HistoryTab is the History dialog's list: HistoryStatements (""
	// too) or HistoryScripts. HistoryQuery is its search; Statements the
	// statement runs that match it, newest first.
	HistoryTab   string
	HistoryQuery string
	Statements   []state.StatementRun

	// CellTabs are the result tabs of a notebook script: the script's,
	// then each cell's that ran (none until a cell runs).
	CellTabs []CellTab

	// Menu is set while the toolbar's More menu is open (narrow windows
	// show the rarer actions there).
	Menu bool

	// Dark is set while the page shows its dark theme: the one chosen
	// with the theme button, else the system's.
	Dark bool

	// sorted is the catalog panel's order of sortedFor (Catalogs).
	sortedFor *protocol.Catalog
	sorted    []protocol.CatalogInfo

	// Side is the side panel shown: SideCatalog ("" too) or SideFiles.
	Side string
	// Files is the Files panel; Upload the upload wizard's file, while
	// DialogUpload is open.
	Files  *state.Files
	Upload *state.Upload
}

// EngineText says whether the engine worker is up.
// LanguageClass styles #language.
// SQL, the default, takes no room in the toolbar: at 1280 px it would
// push the engine state onto a second row.
func (c *Chrome) LanguageClass() string {
	if c.IsPython() {
		return "lang python"
	}
	return "lang hidden"
}

// IsPython reports whether the editor holds a PyFlink program.
func (c *Chrome) IsPython() bool { return c.Language == protocol.LanguagePython }

// LanguageText names the editor's language, in the toolbar.
func (c *Chrome) LanguageText() string {
	if c.IsPython() {
		return "PyFlink program"
	}
	return "Flink SQL"
}

// RunAllText is the label of #run-all: a program runs whole.
func (c *Root) RunAllText() string {
	if c.IsPython() {
		return "Run program"
	}
	return "Run script"
}

// RunAllTitle is #run-all's title.
func (c *Root) RunAllTitle() string {
	if c.IsPython() {
		return "Run the PyFlink program, as flink run -py does: its TableEnvironments are sessions of their own (Ctrl/Cmd+Shift+Enter)"
	}
	return "Run the whole script in a fresh session, as sql-client.sh -f does (Ctrl/Cmd+Shift+Enter)"
}

func (c *Root) EngineText() string {
	if c.EngineReady {
		return "engine ready"
	}
	return "engine starting…"
}

// DialogTitle is the open dialog's heading.
func (c *Root) DialogTitle() string {
	switch c.Dialog {
	case DialogShare:
		return "Share this script"
	case DialogEmbed:
		return "Embed this script in a web page"
	case DialogExport:
		return "Run on Flink"
	case DialogUpload:
		return "Create a table for the uploaded file"
	case DialogExamples:
		return "Examples"
	case DialogHistory:
		return "History"
	case DialogHelp:
		return "Keyboard shortcuts"
	}
	return ""
}

// MenuClass styles the toolbar's More menu: in a wide window its actions
// sit in the toolbar and the class changes nothing; in a narrow one they
// drop down from #more while it is open.
func (c *Root) MenuClass() string {
	if c.Menu {
		return "more-menu open"
	}
	return "more-menu"
}

// MenuExpanded is #more's aria-expanded.
func (c *Root) MenuExpanded() string {
	if c.Menu {
		return "true"
	}
	return "false"
}

// ShowsText reports whether the open dialog shows a text to copy (not a
// list to pick from).
func (c *Root) ShowsText() bool {
	return c.Dialog != DialogExamples && c.Dialog != DialogHistory && c.Dialog != DialogHelp
}

// NewBelowClass shows #new-below while the reader looks at earlier rows
// and newer ones came.
func (c *Chrome) NewBelowClass() string {
	if c.Model.NewBelow() {
		return "new-below"
	}
	return "new-below hidden"
}

// PaceClass hides the throttling note when no source is held back.
func (c *Chrome) PaceClass() string {
	if c.Model.PaceNote() == "" {
		return "pace hidden"
	}
	return "pace"
}

// DialogHint explains the open dialog.
func (c *Root) DialogHint() string {
	switch c.Dialog {
	case DialogShare:
		return "The link holds the whole script (compressed, in the part after #, which is never sent to a server). Opening it loads the script; nothing runs until the reader asks."
	case DialogEmbed:
		return "Paste this into a documentation page. The example loads its engine only when the reader presses Run; see docs/embed.md for autorun, seed, start time, read-only and size events."
	case DialogExport:
		if c.IsPython() {
			return "This is a PyFlink program already: it runs on a cluster as it is, with ./bin/flink run -py program.py (pip install apache-flink for a local run)."
		}
		if c.ExportAs == protocol.ExportSQL {
			return "Run it with: ./bin/sql-client.sh -f script.sql. Playground-only settings are removed, with a comment."
		}
		return "A PyFlink program: pip install apache-flink, then python3 flink_job.py. Playground-only settings are removed, with a comment."
	case DialogUpload:
		return c.UploadSummary()
	case DialogExamples:
		return "Each example runs as it is, with Run script. Opening one keeps your script in History."
	case DialogHelp:
		return "On a Mac, Ctrl/Cmd is Cmd and Ctrl is Ctrl."
	case DialogHistory:
		if c.HistoryTab == HistoryScripts {
			return "The scripts you ran, and those an example, Reset or a share link replaced, newest first. They are kept in this browser; restoring one keeps the current script here too."
		}
		return "Every statement you ran, newest first, kept in this browser. Pick one to add it to the end of the script. In the editor, Ctrl+R opens this list, and ↑ in an empty editor brings statements back one by one."
	}
	return ""
}

// ExportClass marks the export dialog's active format.
func (c *Root) ExportClass(format string) string {
	if c.ExportAs == format || c.ExportAs == "" && format == protocol.ExportPyFlink {
		return "tab active"
	}
	return "tab"
}

// DialogClass hides the dialog when none is open.
func (c *Root) DialogClass() string {
	if c.Dialog == "" {
		return "dialog-backdrop hidden"
	}
	return "dialog-backdrop"
}

// StopClass greys Stop out when nothing runs.
func (c *Chrome) StopClass() string {
	if c.Model.Running {
		return "danger"
	}
	return "danger idle"
}

// ViewClass marks the active view's button.
func (c *Chrome) ViewClass(view string) string {
	if c.Model.View == view {
		return "tab active"
	}
	return "tab"
}

// PaneClass hides the pane (tableau or grid) of the other views; both stay
// in the DOM because JS owns their contents.
func (c *Chrome) PaneClass(pane string) string {
	want := "grid"
	switch c.Model.View {
	case state.ViewTableau:
		want = "tableau"
	case state.ViewChart:
		want = "chart"
	case state.ViewGraph:
		want = "graph"
	case state.ViewTimeline:
		want = "timeline"
	}
	if pane == want {
		return pane
	}
	return pane + " hidden"
}

// ShowsStepBar reports whether the step bar shows: a query runs (or waits
// for a step) while a view of its inside shows.
func (c *Chrome) ShowsStepBar() bool {
	m := c.Model
	inside := m.View == state.ViewGraph || m.View == state.ViewTimeline || c.WhyOn
	return m.Running && (inside || c.Paused())
}

// Paused reports whether the running query waits for a step.
func (c *Chrome) Paused() bool { return c.Model.Query != nil && c.Model.Query.Paused }

// StepText says where a paused query is.
func (c *Chrome) StepText() string {
	q := c.Model.Query
	if q == nil || !q.Paused {
		return "Pause to step through the records one at a time."
	}
	return "Paused after record " + state.Count(q.Stepped) + "."
}

// WhyPressed is the Why button's aria-pressed.
func (c *Chrome) WhyPressed() string { return fmt.Sprint(c.WhyOn) }

// WhyClass hides the Why panel when Why is off.
func (c *Chrome) WhyClass() string {
	if c.WhyOn && len(c.Why) > 0 {
		return "why"
	}
	return "why hidden"
}

// ShowsChart reports whether the chart view is shown.
func (c *Chrome) ShowsChart() bool { return c.Model.View == state.ViewChart }

// ChartKindClass marks the chart's kind button that is chosen.
func (c *Chrome) ChartKindClass(kind string) string {
	if c.Model.ChartKind == kind {
		return "tab active"
	}
	return "tab"
}

// ChartKindPressed is a chart kind button's aria-pressed.
func (c *Chrome) ChartKindPressed(kind string) string {
	if c.Model.ChartKind == kind {
		return "true"
	}
	return "false"
}

// ChartMeasures are the measures the chart's select offers (the last
// chart's), and ChartY the one it shows.
func (c *Chrome) ChartMeasures() []string { return c.Chart.Measures }
func (c *Chrome) ChartY() string          { return c.Chart.Y }

// ChartLabel is the chart's text alternative: what it draws.
func (c *Chrome) ChartLabel() string {
	d := c.Chart
	if len(d.Series) == 0 {
		if d.Note != "" {
			return "Chart: " + d.Note
		}
		return "Chart of the query's result (none yet)"
	}
	what := "Line chart"
	n := len(d.X)
	count := state.Count(int64(n)) + " points"
	if d.Kind == state.ChartBar {
		what, count = "Bar chart", state.Count(int64(n))+" bars"
	}
	names := make([]string, len(d.Series))
	for i, s := range d.Series {
		names[i] = s.Name
	}
	return what + " of " + strings.Join(names, ", ") + " by " + d.XName + ": " + count + ". The Table view lists the same rows."
}

// NoColumns is the text of the grid's header when no query's columns are
// there: a no-break space, so that the cell that held the last query's
// first column is rewritten (Vugu leaves the old text of a cell whose
// content became empty).
func (c *Chrome) NoColumns() string { return "\u00a0" }

// HeadClass styles the op column header.
func (c *Chrome) HeadClass(h string) string {
	if h == "op" && c.Model.View == state.ViewChangelog {
		return "op"
	}
	return ""
}

// DroppedText says that the bounded buffer dropped changes, and how many
// it keeps (the views and downloads hold those).
func (c *Chrome) DroppedText() string {
	n := c.Model.Dropped()
	if n == 0 {
		return ""
	}
	return "last " + state.Count(int64(c.Model.MaxRows)) + " changes kept"
}

// DroppedTitle is DroppedText in full, for the notice's tooltip (the bar
// may cut the notice short).
func (c *Chrome) DroppedTitle() string {
	if c.Model.Dropped() == 0 {
		return ""
	}
	return "The page keeps the last " + state.Count(int64(c.Model.MaxRows)) + " changes of this query: the views and the downloads hold those, and the query runs on"
}

// GridColCount and GridRowCount are the result grid's ARIA counts (the
// header is a row): the page's fast path (flinkplayDOM.setRows) writes
// them as rows stream, and each render writes them too, which would
// otherwise drop the attributes it does not know of.
func (c *Chrome) GridColCount() string { return strconv.Itoa(max(len(c.Model.Columns()), 1)) }

// GridRowCount: see GridColCount.
func (c *Chrome) GridRowCount() string { return strconv.Itoa(c.Model.GridLen() + 1) }

// DroppedClass hides #dropped when nothing was dropped.
func (c *Chrome) DroppedClass() string {
	if c.Model.Dropped() == 0 {
		return "dropped hidden"
	}
	return "dropped"
}

// NoticeClass hides an empty notice.
func (c *Chrome) NoticeClass() string {
	if c.Notice == "" {
		return "notice hidden"
	}
	return "notice"
}

// ErrorClass hides the error box when there is no error, and in the
// tableau view, whose transcript prints the error where the SQL client
// does: each error is shown once.
func (c *Chrome) ErrorClass() string {
	if c.Model.Err == nil || c.Model.View == state.ViewTableau {
		return "error hidden"
	}
	return "error"
}

// Catalogs returns the catalog snapshot's catalogs, their databases and
// objects in natural order (T2 before T10), sorted once per snapshot.
func (c *Root) Catalogs() []protocol.CatalogInfo {
	if c.Model.Catalog == nil {
		return nil
	}
	if c.sortedFor != c.Model.Catalog {
		c.sortedFor, c.sorted = c.Model.Catalog, state.SortCatalog(c.Model.Catalog)
	}
	return c.sorted
}

// IsCurrent reports whether catalog.db is the session's current database.
func (c *Root) IsCurrent(catalog, db string) bool {
	cat := c.Model.Catalog
	return cat != nil && cat.CurrentCatalog == catalog && cat.CurrentDatabase == db
}

// Kind names a catalog object: table or view, temporary or not.
func (c *Root) Kind(t protocol.TableInfo) string {
	k := "table"
	if t.View {
		k = "view"
	}
	if t.Temporary {
		k = "temporary " + k
	}
	return k
}

// ColType is a column's type with its extras (computed, metadata).
func (c *Root) ColType(col protocol.ColumnInfo) string {
	if col.Extras != "" {
		return col.Type + " " + col.Extras
	}
	return col.Type
}

// Metadata says where a catalog keeps its tables' definitions.
func (c *Root) Metadata(ci protocol.CatalogInfo) string {
	where := ci.Storage
	if where == "" {
		where = "this tab's memory"
	}
	return "metadata: " + ci.Name + " (in " + where + ")"
}

// Data says where a table's rows live.
func (c *Root) Data(t protocol.TableInfo) string {
	switch {
	case t.Data != "" && t.Connector != "":
		return "data: " + t.Connector + ", " + t.Data
	case t.Data != "":
		return "data: " + t.Data
	case t.Connector != "":
		return "data: " + t.Connector
	}
	return "data: unknown"
}

// DialogRows sizes the dialog's text box: a line for a link, more for a
// snippet or a program.
func (c *Root) DialogRows() string {
	switch c.Dialog {
	case DialogShare:
		return "3"
	case DialogEmbed:
		return "6"
	}
	return "18"
}

// SaveLabel names the export dialog's download button after its file.
func (c *Root) SaveLabel() string {
	if c.ExportAs == protocol.ExportSQL {
		return "Download .sql"
	}
	return "Download .py"
}

// ThemeText is the theme button's label, a sun or a moon for the theme
// it switches to (aria-label and the title say it in words).
func (c *Root) ThemeText() string {
	if c.Dark {
		return "☀"
	}
	return "☾"
}

// ThemeTitle is the theme button's tooltip.
func (c *Root) ThemeTitle() string {
	if c.Dark {
		return "Switch to the light theme (kept in this browser)"
	}
	return "Switch to the dark theme (kept in this browser)"
}

// ThemePressed is the theme button's aria-pressed: the dark theme is on.
func (c *Root) ThemePressed() string {
	if c.Dark {
		return "true"
	}
	return "false"
}

// TableauLabel is the tableau's text alternative: what it shows, in
// words, and where a screen reader reads the rows one by one.
func (c *Chrome) TableauLabel() string {
	cols := c.Model.Columns()
	if len(cols) == 0 {
		return "Results in the SQL client's text format; the Table view lists them as a table."
	}
	return fmt.Sprintf("Results in the SQL client's text format: %d columns (%s), %s received; the Table and Changelog views list them as a table.",
		len(cols), strings.Join(cols, ", "), state.RowsText(c.Model.Received()))
}
