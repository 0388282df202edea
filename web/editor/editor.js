// The playground's editor: CodeMirror 6 with a Flink SQL dialect,
// completions fed by the Go page (keywords, functions, catalog tables and
// columns, connector option keys) and error underlines; or, for a PyFlink
// program, Python (@codemirror/lang-python, which the page switches to with
// setLanguage). A .py or .sql file dropped on it opens in its place. Bundled by esbuild
// into one iife file that sets window.flinkEditor (see the browser
// contract). Offsets in this API are UTF-16 code units (JS string indices).

import {
  EditorView, keymap, lineNumbers, highlightActiveLineGutter, highlightSpecialChars, drawSelection, dropCursor,
  highlightActiveLine, ViewPlugin, Decoration, WidgetType,
} from "@codemirror/view";
import { EditorState, Prec, Compartment } from "@codemirror/state";
import { sql, SQLDialect } from "@codemirror/lang-sql";
// What editor-python.js (@codemirror/lang-python and @lezer/python)
// imports from the modules it shares with this bundle (see build.mjs);
// named, so that the rest of each module is left out. The e2e test of a
// Python program fails when an upgrade needs one more.
import { snippetCompletion, ifNotIn, completeFromList } from "@codemirror/autocomplete";
import {
  syntaxTree, LRLanguage, indentNodeProp, delimitedIndent, foldNodeProp, foldInside, LanguageSupport,
} from "@codemirror/language";
import { NodeWeakMap, IterMode } from "@lezer/common";
import { ExternalTokenizer, ContextTracker, LRParser } from "@lezer/lr";
import { styleTags, tags } from "@lezer/highlight";
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from "@codemirror/autocomplete";
import { setDiagnostics, lintGutter, lintKeymap } from "@codemirror/lint";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { indentOnInput, syntaxHighlighting, HighlightStyle, bracketMatching } from "@codemirror/language";
import { searchKeymap } from "@codemirror/search";

window.__flinkEditorModules = {
  "@codemirror/autocomplete": { snippetCompletion, ifNotIn, completeFromList },
  "@codemirror/language": {
    syntaxTree, LRLanguage, indentNodeProp, delimitedIndent, foldNodeProp, foldInside, LanguageSupport,
  },
  "@lezer/common": { NodeWeakMap, IterMode },
  "@lezer/lr": { ExternalTokenizer, ContextTracker, LRParser },
  "@lezer/highlight": { styleTags, tags },
};

// loadPython loads editor-python.js once and resolves to lang-python's
// python(); the SQL playground never downloads it.
let pythonLoading = null;
function loadPython() {
  if (window.flinkEditorPython) return Promise.resolve(window.flinkEditorPython);
  if (!pythonLoading) {
    pythonLoading = new Promise((resolve, reject) => {
      window.__flinkEditorPythonLoaded = () => resolve(window.flinkEditorPython);
      const s = document.createElement("script");
      s.src = "editor-python.js";
      s.onerror = () => {
        pythonLoading = null;
        reject(new Error("editor-python.js did not load"));
      };
      document.head.appendChild(s);
    });
  }
  return pythonLoading;
}

// highlight colours the syntax as CodeMirror's default style does, through
// the page's CSS variables (--syn-*, static/app.css), so that the light and
// the dark theme each have their own, readable colours.
const highlight = HighlightStyle.define([
  { tag: tags.meta, color: "var(--syn-meta)" },
  { tag: tags.link, textDecoration: "underline" },
  { tag: tags.heading, textDecoration: "underline", fontWeight: "bold" },
  { tag: tags.emphasis, fontStyle: "italic" },
  { tag: tags.strong, fontWeight: "bold" },
  { tag: tags.strikethrough, textDecoration: "line-through" },
  { tag: tags.keyword, color: "var(--syn-keyword)" },
  { tag: [tags.atom, tags.bool, tags.url, tags.contentSeparator, tags.labelName], color: "var(--syn-atom)" },
  { tag: [tags.literal, tags.inserted], color: "var(--syn-literal)" },
  { tag: [tags.string, tags.deleted], color: "var(--syn-string)" },
  { tag: [tags.regexp, tags.escape, tags.special(tags.string)], color: "var(--syn-regexp)" },
  { tag: tags.definition(tags.variableName), color: "var(--syn-variable)" },
  { tag: tags.local(tags.variableName), color: "var(--syn-variable)" },
  { tag: [tags.typeName, tags.namespace], color: "var(--syn-type)" },
  { tag: tags.className, color: "var(--syn-type)" },
  { tag: [tags.special(tags.variableName), tags.macroName], color: "var(--syn-variable)" },
  { tag: tags.definition(tags.propertyName), color: "var(--syn-variable)" },
  { tag: tags.comment, color: "var(--syn-comment)" },
  { tag: tags.invalid, color: "var(--syn-invalid)" },
]);

// theme gives the editor's surfaces the page's colours (CSS variables), so
// that it follows the light and the dark theme.
const theme = EditorView.theme({
  "&": { height: "100%", fontSize: "14px", backgroundColor: "var(--panel)", color: "var(--text)" },
  ".cm-scroller": { fontFamily: "var(--mono, ui-monospace, monospace)" },
  ".cm-content": { caretColor: "var(--cm-cursor)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--cm-cursor)" },
  ".cm-gutters": { backgroundColor: "var(--cm-gutter-bg)", color: "var(--cm-gutter-text)", borderRight: "1px solid var(--border)" },
  ".cm-activeLine": { backgroundColor: "var(--cm-active-line)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--cm-active-gutter)" },
  ".cm-selectionBackground": { background: "var(--cm-selection)" },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground": { background: "var(--cm-selection-focused)" },
  "&.cm-focused .cm-matchingBracket": { backgroundColor: "var(--cm-match)" },
  ".cm-tooltip": { backgroundColor: "var(--panel)", color: "var(--text)", border: "1px solid var(--border)" },
  ".cm-tooltip-autocomplete > ul > li[aria-selected]": { backgroundColor: "var(--selected)", color: "var(--text)" },
  ".cm-panels": { backgroundColor: "var(--bar-bg)", color: "var(--text)" },
});

// The editor's features: codemirror's basicSetup without the fold gutter,
// rectangular selection and selection-match highlighting, which a short
// SQL script has little use for and which cost the page's start (every
// line's fold marker is computed when the editor mounts).
const setup = [
  lineNumbers(),
  highlightActiveLineGutter(),
  highlightSpecialChars(),
  history(),
  drawSelection(),
  dropCursor(),
  EditorState.allowMultipleSelections.of(true),
  indentOnInput(),
  syntaxHighlighting(highlight, { fallback: true }),
  bracketMatching(),
  closeBrackets(),
  highlightActiveLine(),
  keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap]),
];

// Flink's reserved and common non-reserved words, enough for highlighting;
// completion uses the list the engine reports.
const flinkKeywords =
  "add after all alter analyze and any as asc at avg begin between both by cascade case cast catalog catalogs " +
  "column columns comment compile compute constraint create cross cube current current_catalog current_database " +
  "database databases default delete desc describe distinct drop else end enforced escape except exists explain " +
  "extended false fetch filter first following for from full function functions generated group grouping having " +
  "hop if ignore ilike in inner insert intersect interval into is jar jars join key last lateral leading left like " +
  "limit load local match_recognize metadata minus module modules natural not null nulls of offset on only option " +
  "options or order outer over overwrite overwriting partition partitioned partitions preceding primary range " +
  "rename replace reset restrict right rollup row rows select session set show statement table tables tablesample " +
  "temporary then tumble cumulate session to trailing true truncate union unload unnest update use user using " +
  "values view views virtual watermark watermarks when where window with within without";

const flinkTypes =
  "array bigint binary boolean bytes char character date dec decimal double float int integer map multiset " +
  "numeric raw real smallint string time timestamp timestamp_ltz tinyint varbinary varchar variant";

const dialect = SQLDialect.define({
  keywords: flinkKeywords,
  types: flinkTypes,
  builtin: "",
  backslashEscapes: false,
  doubleQuotedStrings: false,
  identifierQuotes: "`",
  hashComments: false,
  slashComments: false,
  spaceAfterDashes: false,
});

// debounce calls fn at most once per ms after the last call.
function debounce(fn, ms) {
  let t = 0;
  return (arg) => {
    clearTimeout(t);
    t = setTimeout(() => fn(arg), ms);
  };
}

// createTableColumns finds the column names of the CREATE TABLE that
// encloses pos (its column list comes before WITH), so per-field option keys
// ('fields.#.kind') can be offered for each column.
function createTableColumns(text, pos) {
  const before = text.slice(0, pos);
  const start = before.search(/create\s+(temporary\s+)?table\s+[^(]*\((?![^]*create\s)/i);
  if (start < 0) return [];
  const open = text.indexOf("(", start);
  let depth = 0;
  let cur = "";
  const parts = [];
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "(") depth++;
    if (c === ")") {
      if (depth === 0) break;
      depth--;
    }
    if (c === "," && depth === 0) {
      parts.push(cur);
      cur = "";
    } else {
      cur += c;
    }
  }
  parts.push(cur);
  const cols = [];
  for (const p of parts) {
    const m = /^\s*(`[^`]+`|[A-Za-z_][A-Za-z0-9_$]*)/.exec(p);
    if (!m) continue;
    const name = m[1].replace(/`/g, "");
    if (/^(watermark|primary|constraint|like|period)$/i.test(name)) continue;
    cols.push(name);
  }
  return cols;
}

// insideWith reports whether pos is within the WITH ( ... ) of a statement.
function insideWith(text, pos) {
  const before = text.slice(0, pos);
  const stmt = before.slice(before.lastIndexOf(";") + 1);
  const w = stmt.search(/\bwith\s*\((?![^]*\))/i);
  return w >= 0;
}

function makeCompletionSource(data) {
  return (ctx) => {
    const text = ctx.state.doc.toString();
    // An option key inside a quoted string of WITH ( ... ).
    const str = ctx.matchBefore(/'[A-Za-z0-9_.#-]*/);
    if (str) {
      const quotesBefore = (text.slice(0, str.from).split("\n").join(" ").match(/'/g) || []).length;
      if (quotesBefore % 2 === 0 && insideWith(text, ctx.pos)) {
        const cols = createTableColumns(text, ctx.pos);
        const seen = new Set();
        const options = [];
        for (const o of data.options || []) {
          const keys = o.key.includes("#") ? cols.map((c) => o.key.replace("#", c)) : [o.key];
          for (const k of keys) {
            if (seen.has(k)) continue;
            seen.add(k);
            options.push({ label: k, type: "property", info: o.description || undefined });
          }
        }
        return { from: str.from + 1, options, validFor: /^[A-Za-z0-9_.#-]*$/ };
      }
      return null;
    }
    // table.column
    const dotted = ctx.matchBefore(/[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z0-9_]*/);
    if (dotted) {
      const [t] = dotted.text.split(".");
      const table = (data.tables || []).find((x) => x.name.toLowerCase() === t.toLowerCase());
      if (table) {
        return {
          from: dotted.from + t.length + 1,
          options: (table.columns || []).map((c) => ({ label: c, type: "property" })),
          validFor: /^[A-Za-z0-9_]*$/,
        };
      }
    }
    const word = ctx.matchBefore(/[A-Za-z_][A-Za-z0-9_]*/);
    if (!word && !ctx.explicit) return null;
    const options = [];
    for (const k of data.keywords || []) options.push({ label: k, type: "keyword" });
    for (const f of data.functions || []) options.push({ label: f, type: "function", apply: f + "(" });
    const cols = new Set();
    for (const t of data.tables || []) {
      options.push({ label: t.name, type: "type" });
      for (const c of t.columns || []) cols.add(c);
    }
    for (const c of cols) options.push({ label: c, type: "property", boost: -1 });
    return { from: word ? word.from : ctx.pos, options, validFor: /^[A-Za-z0-9_]*$/ };
  };
}

// Notebook cells: a line that starts with "-- %%" begins a cell (the
// page's web/state.Cells). Its line is drawn as a divider with a "▶ Run
// cell" button; the button, and Alt+Enter in a cell, run that cell.
const CELL_MARKER = /^[ \t]*-- %%/;
class RunCellWidget extends WidgetType {
  constructor(pos) { super(); this.pos = pos; }
  eq(other) { return other.pos === this.pos; }
  toDOM(view) {
    const b = document.createElement("button");
    b.className = "cm-run-cell";
    b.textContent = "▶ Run cell";
    b.title = "Run this cell on its own, beside the others (Alt+Enter in the cell)";
    b.setAttribute("aria-label", "Run cell at line " + view.state.doc.lineAt(this.pos).number);
    b.onmousedown = (e) => e.preventDefault();
    b.onclick = (e) => {
      e.preventDefault();
      const run = view.flinkRunCell;
      if (run) run(this.pos);
    };
    return b;
  }
  ignoreEvent() { return true; }
}
const cellMarkers = ViewPlugin.fromClass(class {
  constructor(view) { this.decorations = this.build(view); }
  update(u) { if (u.docChanged || u.viewportChanged) this.decorations = this.build(u.view); }
  build(view) {
    const ds = [];
    for (const { from, to } of view.visibleRanges) {
      for (let pos = from; pos <= to;) {
        const line = view.state.doc.lineAt(pos);
        if (CELL_MARKER.test(line.text)) {
          ds.push(Decoration.line({ class: "cm-cell-marker" }).range(line.from));
          ds.push(Decoration.widget({ widget: new RunCellWidget(line.from), side: 1 }).range(line.to));
        }
        pos = line.to + 1;
      }
    }
    return Decoration.set(ds, true);
  }
}, { decorations: (v) => v.decorations });

function mount(host, opts) {
  opts = opts || {};
  if (host.__flinkEditor) return host.__flinkEditor;
  const data = { keywords: [], functions: [], tables: [], options: [] };
  const onChange = debounce((t) => opts.onChange && opts.onChange(t), 200);
  const run = (view) => {
    const s = view.state.selection.main;
    if (opts.onRun) opts.onRun(s.from, s.to);
    return true;
  };
  const runAll = () => {
    if (opts.onRunAll) opts.onRunAll();
    return true;
  };
  const completion = new Compartment();
  const language = new Compartment();
  let lang = opts.language === "python" ? "python" : "sql";
  // languageExtensions: Python completes from its own syntax tree (names
  // in scope, builtins), SQL from the engine's lists. Until
  // editor-python.js is there, a program is plain text.
  const languageExtensions = (l) => l === "python"
    ? (window.flinkEditorPython ? [window.flinkEditorPython(), completion.of(autocompletion())] : [])
    : [sql({ dialect, upperCaseKeywords: true }), completion.of(autocompletion({ override: [makeCompletionSource(data)] }))];
  // A dropped .py, .sql or .txt file opens in the editor's place (the
  // page keeps the script it replaces in History); other drops, and text,
  // are CodeMirror's.
  const dropFile = EditorView.domEventHandlers({
    drop(event) {
      const files = event.dataTransfer && event.dataTransfer.files;
      if (!files || files.length !== 1 || !opts.onOpenFile || !/\.(py|sql|txt)$/i.test(files[0].name)) return false;
      event.preventDefault();
      const f = files[0];
      f.text().then((text) => opts.onOpenFile(f.name, text), (err) => opts.onOpenFile(f.name, null, String(err)));
      return true;
    },
  });
  const applyLanguage = () => view.dispatch({ effects: language.reconfigure(languageExtensions(lang)) });
  const wantPython = () => loadPython().then(() => {
    if (lang === "python") applyLanguage();
  }, (err) => console.warn("flinkplay editor:", err));
  // The statement history, oldest first (setHistory): ↑ in an empty
  // editor brings back the statement run before, as a shell does, and ↑
  // again the one before that; ↓ goes forward, past the newest to an empty
  // editor. A recalled statement that is edited is the reader's text, and
  // the arrows move the cursor again; so they do inside a recalled
  // statement of several lines, until the cursor is on its first (↑) or
  // last (↓) line.
  let recall = [];
  let recalled = null; // { text, at } while the editor holds recall[at] unchanged
  const recallKey = (dir) => (v) => {
    if (opts.readOnly || recall.length === 0) return false;
    const doc = v.state.doc.toString();
    const holds = recalled !== null && doc === recalled.text;
    if (!holds && doc.trim() !== "") return false;
    if (holds) {
      const line = v.state.doc.lineAt(v.state.selection.main.head).number;
      if (dir < 0 ? line !== 1 : line !== v.state.doc.lines) return false;
    }
    const i = (holds ? recalled.at : recall.length) + dir;
    if (i < 0) return true; // the oldest: stay
    if (i >= recall.length) {
      if (!holds) return false;
      recalled = null;
      v.dispatch({ changes: { from: 0, to: doc.length, insert: "" } });
      return true;
    }
    const text = recall[i];
    recalled = { text, at: i };
    v.dispatch({ changes: { from: 0, to: doc.length, insert: text }, selection: { anchor: dir < 0 ? 0 : text.length }, scrollIntoView: true });
    return true;
  };
  const view = new EditorView({
    parent: host,
    state: EditorState.create({
      doc: opts.doc || "",
      extensions: [
        Prec.highest(keymap.of([
          { key: "Mod-Enter", run }, { key: "Shift-Mod-Enter", run: runAll },
          { key: "ArrowUp", run: recallKey(-1) }, { key: "ArrowDown", run: recallKey(1) },
          { key: "Alt-Enter", run: (v) => { if (!opts.onRunCell || opts.readOnly) return false; opts.onRunCell(v.state.selection.main.head); return true; } },
          { key: "Ctrl-r", run: () => { if (!opts.onSearchHistory) return false; opts.onSearchHistory(); return true; }, preventDefault: true },
        ])),
        setup,
        language.of(languageExtensions(lang)),
        dropFile,
        lintGutter(),
        opts.readOnly || opts.noCells ? [] : cellMarkers,
        // An embed's read-only listing: selectable and runnable, not editable.
        opts.readOnly ? [EditorState.readOnly.of(true), EditorView.editable.of(false)] : [],
        EditorView.updateListener.of((u) => {
          if (u.docChanged) onChange(u.state.doc.toString());
        }),
        theme,
        // tabindex: the text box is in the Tab order anyway (contenteditable),
        // and says so, for checkers (axe-core) that ask whether the scrolled
        // editor can be reached by keyboard; a read-only listing needs it.
        EditorView.contentAttributes.of({ "aria-label": opts.readOnly ? "Script (read-only)" : "Script", tabindex: "0" }),
      ],
    }),
  });
  view.flinkRunCell = (pos) => { if (opts.onRunCell) opts.onRunCell(pos); };
  let shown = false; // diagnostics are shown
  const api = {
    view,
    getText: () => view.state.doc.toString(),
    setText: (text) => {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    // insert puts text at pos and the cursor at pos + cursor, in view,
    // as one undoable change.
    insert: (pos, text, cursor) => {
      pos = Math.max(0, Math.min(pos, view.state.doc.length));
      view.dispatch({
        changes: { from: pos, insert: text },
        selection: { anchor: pos + Math.max(0, Math.min(cursor, text.length)) },
        scrollIntoView: true,
      });
      view.focus();
    },
    setCursor: (pos) => {
      pos = Math.max(0, Math.min(pos, view.state.doc.length));
      view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
    },
    getSelection: () => {
      const s = view.state.selection.main;
      return { from: s.from, to: s.to };
    },
    setDiagnostics: (list) => {
      const len = view.state.doc.length;
      const ds = (list || []).map((d) => {
        const from = Math.max(0, Math.min(d.from, len));
        const to = Math.max(from, Math.min(d.to, len));
        return { from, to, severity: "error", message: d.message };
      });
      // Clearing nothing would still update (and measure) the editor, on
      // every run.
      if (ds.length === 0 && !shown) return;
      shown = ds.length > 0;
      view.dispatch(setDiagnostics(view.state, ds));
    },
    setCompletions: (c) => {
      c = c || {};
      data.keywords = c.keywords || [];
      data.functions = c.functions || [];
      data.tables = c.tables || [];
      data.options = c.options || [];
    },
    focus: () => view.focus(),
    // setLanguage highlights and completes the text as "python" or "sql".
    setLanguage: (l) => {
      l = l === "python" ? "python" : "sql";
      if (l === lang) return;
      lang = l;
      applyLanguage();
      if (l === "python" && !window.flinkEditorPython) wantPython();
    },
    getLanguage: () => lang,
    setHistory: (list) => {
      recall = Array.isArray(list) ? list : [];
      if (recalled !== null) {
        const at = recall.lastIndexOf(recalled.text);
        recalled = at < 0 ? null : { text: recalled.text, at };
      }
    },
  };
  if (lang === "python" && !window.flinkEditorPython) wantPython();
  host.__flinkEditor = api;
  return api;
}

window.flinkEditor = { mount };
