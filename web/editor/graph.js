// The graph and timeline views. The graph view: a job's operator graph (web/state.GraphData, as JSON),
// laid out by dagre (@dagrejs/dagre) and drawn as SVG. The page loads this
// file the first time the view shows (static/dom.js), and calls
// window.flinkGraph.render(host, data) with each progress report, four
// times a second: a graph whose shape (data.key) is the one drawn only
// gets its figures rewritten, so an update costs a few text changes.
import { graphlib, layout } from "@dagrejs/dagre";

const NS = "http://www.w3.org/2000/svg";
const WIDTH = 216; // an operator's box
const EX_WIDTH = 150; // an Exchange's
const LINE = 16;
const PAD = 8;

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

function height(n) {
  if (n.exchange) return PAD * 2 + LINE * 3 - 4;
  return PAD * 2 + LINE * (2 + Math.max(n.lines.length, 1)) - 4;
}

// space is the room the drawing has: the view's width, and the height
// of the results pane it scrolls in.
function space(host) {
  const box = host.parentElement || host;
  return [Math.max(host.clientWidth - 24, 100), Math.max(box.clientHeight - 20, 100)];
}

// laid lays the graph out in one direction: TB (top down) or LR (left to
// right, sources first, as Flink's web UI draws a job).
function laid(data, dir) {
  const g = new graphlib.Graph();
  g.setGraph({ rankdir: dir, nodesep: dir === "LR" ? 16 : 24, ranksep: dir === "LR" ? 28 : 30, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of data.nodes) g.setNode(String(n.id), { width: n.exchange ? EX_WIDTH : WIDTH, height: height(n) });
  for (const n of data.nodes) for (const i of n.inputs) g.setEdge(String(i), String(n.id));
  layout(g);
  return g;
}

// MIN_SCALE is the least a drawing shrinks to fit the view (its text stays
// legible); a larger one scrolls.
const MIN_SCALE = 0.8;

// build lays the graph out in the direction that fits the view best and
// draws it; it returns what update needs.
function build(host, data, room) {
  host.textContent = "";
  let best = null;
  for (const dir of room[0] < 560 ? ["TB"] : ["LR", "TB"]) {
    const g = laid(data, dir);
    const { width, height: h } = g.graph();
    const fit = Math.min(1, room[0] / width, room[1] / h);
    if (!best || fit > best.fit + 0.05) best = { g, dir, fit, width, h };
  }
  const { g, dir, width, h } = best;
  const scale = Math.max(best.fit, MIN_SCALE);
  // The drawing's text alternative sits on an element of its own: the
  // page's renders own the host's attributes.
  const fig = document.createElement("div");
  fig.setAttribute("role", "img");
  fig.className = "graph-figure";
  host.appendChild(fig);
  const svg = el("svg", { class: "graph-svg", width: Math.ceil(width * scale), height: Math.ceil(h * scale),
    viewBox: `0 0 ${Math.ceil(width)} ${Math.ceil(h)}`, "aria-hidden": "true", "data-dir": dir }, fig);
  const defs = el("defs", {}, svg);
  const marker = el("marker", { id: "graph-arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" }, defs);
  el("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "graph-arrow" }, marker);
  for (const e of g.edges()) {
    const pts = g.edge(e).points;
    const d = pts.map((p, i) => (i ? "L" : "M") + p.x.toFixed(1) + " " + p.y.toFixed(1)).join(" ");
    el("path", { d, class: "graph-edge", "marker-end": "url(#graph-arrow)", "data-from": e.v, "data-to": e.w }, svg);
  }
  const nodes = new Map();
  for (const n of data.nodes) {
    const box = g.node(String(n.id));
    const w = box.width, hh = box.height;
    const grp = el("g", { class: n.exchange ? "graph-node exchange" : "graph-node", transform: `translate(${(box.x - w / 2).toFixed(1)},${(box.y - hh / 2).toFixed(1)})`, "data-id": n.id, "data-kind": n.kind }, svg);
    const tip = el("title", {}, grp);
    tip.textContent = n.text;
    const rect = el("rect", { width: w, height: hh, rx: 6, class: "graph-box" }, grp);
    const title = el("text", { x: PAD, y: PAD + 12, class: "graph-kind" }, grp);
    title.textContent = n.kind;
    const detail = el("text", { x: PAD, y: PAD + 12 + LINE, class: "graph-detail" }, grp);
    detail.textContent = n.detail;
    const lines = [];
    for (let i = 0; i < Math.max(n.lines.length, 1); i++) {
      lines.push(el("text", { x: PAD, y: PAD + 12 + LINE * (2 + i), class: "graph-line" }, grp));
    }
    nodes.set(n.id, { grp, rect, lines, detail });
  }
  return { key: data.key, dir, room, svg, fig, nodes };
}

// update rewrites the figures of a drawn graph.
function update(st, data) {
  for (const n of data.nodes) {
    const d = st.nodes.get(n.id);
    if (!d) continue;
    for (let i = 0; i < d.lines.length; i++) {
      const text = n.lines[i] || "";
      if (d.lines[i].textContent !== text) d.lines[i].textContent = text;
    }
    if (d.detail.textContent !== n.detail) d.detail.textContent = n.detail;
    const busy = Math.max(0, Math.min(1, n.busy || 0)).toFixed(2);
    if (d.grp.style.getPropertyValue("--busy") !== busy) d.grp.style.setProperty("--busy", busy);
  }
}

function render(host, data, again) {
  if (resized && !host.flinkGraphObserved) {
    host.flinkGraphObserved = true;
    resized.observe(host);
  }
  if (!data.nodes.length) {
    host.flinkGraph = null;
    if (host.textContent !== data.note) host.textContent = data.note || "";
    host.classList.add("graph-empty");
    host.flinkGraphData = data;
    host.flinkGraphDraws = (host.flinkGraphDraws || 0) + 1;
    return;
  } else {
    host.classList.remove("graph-empty");
    let st = host.flinkGraph;
    const room = space(host);
    const moved = st && (Math.abs(st.room[0] - room[0]) > 16 || Math.abs(st.room[1] - room[1]) > 16);
    if (!st || st.key !== data.key || moved || !host.contains(st.svg)) st = host.flinkGraph = build(host, data, room);
    update(st, data);
  }
  const fig = host.flinkGraph ? host.flinkGraph.fig : host;
  if (fig.getAttribute("aria-label") !== data.label) fig.setAttribute("aria-label", data.label);
  // For tests: the data drawn, and how many times.
  host.flinkGraphData = data;
  if (!again) host.flinkGraphDraws = (host.flinkGraphDraws || 0) + 1;
}

// A drawing is fitted to its view again when the view changes size (a
// window resized, a phone turned) with no update coming.
const resized = typeof ResizeObserver === "function" ? new ResizeObserver((entries) => {
  for (const e of entries) {
    const host = e.target;
    if (host.flinkGraph && host.flinkGraphData && host.clientWidth > 0) render(host, host.flinkGraphData, true);
    if (host.flinkTimelineRaw && host.clientWidth > 0 && Math.abs(host.clientWidth - host.flinkTimelineWidth) > 16) timeline(host, host.flinkTimelineRaw, true);
  }
}) : null;

// ---- Words for event time (the timeline and "why this change").

const END = 9e18; // the end-of-input watermark (Long.MAX_VALUE, as a JS number)
const pad = (n, w) => String(n).padStart(w, "0");

// clock prints event time (ms, a TIMESTAMP's wall clock read as UTC) as a
// time of day, with milliseconds when it has them.
function clock(ms) {
  const t = new Date(ms);
  const s = pad(t.getUTCHours(), 2) + ":" + pad(t.getUTCMinutes(), 2) + ":" + pad(t.getUTCSeconds(), 2);
  return ms % 1000 !== 0 ? s + "." + pad(((ms % 1000) + 1000) % 1000, 3) : s;
}

// duration prints a lateness: 13 s, 1.5 s, 250 ms, 2 min 5 s.
function duration(ms) {
  if (ms < 1000) return ms + " ms";
  if (ms < 60000) return ms % 1000 === 0 ? ms / 1000 + " s" : (ms / 1000).toFixed(1) + " s";
  return Math.floor(ms / 60000) + " min " + Math.floor((ms % 60000) / 1000) + " s";
}

const count = (n) => n.toLocaleString("en-US");
const plural = (n, one, many) => (n === 1 ? one : many);

// windowText says what became of a window.
function windowText(w) {
  let s = "window [" + clock(w.start) + ", " + clock(w.end) + ")";
  if (w.fired && w.fireWm >= END) s += " fired when the input ended";
  else if (w.fired) s += " fired when the watermark passed " + clock(w.end - 1) + " (it reached " + clock(w.fireWm) + ")";
  else if (w.dropped > 0) s += " had closed before any of its records came: the watermark had passed " + clock(w.end - 1);
  else s += " is open: it fires when the watermark passes " + clock(w.end - 1);
  if (w.fired) s += ", " + count(w.rows) + " " + plural(w.rows, "row", "rows");
  if (w.dropped > 0) s += "; " + count(w.dropped) + " late " + plural(w.dropped, "record", "records") + " dropped";
  return s;
}

// lateText says how late a record was and what became of it: dropped
// when every window it falls in had fired before it came.
function lateText(a, windows) {
  const s = "late by " + duration(a.wm - a.time) + " (event time " + clock(a.time) + ", watermark " + clock(a.wm) + ")";
  const within = windows.filter((w) => w.start <= a.time && a.time < w.end);
  if (!within.length) return s;
  // A window takes a record until the watermark passes its end.
  const open = within.find((w) => a.wm < w.end - 1);
  if (open) return s + ": its window [" + clock(open.start) + ", " + clock(open.end) + ") was still open, so it counts";
  const w = within[within.length - 1];
  return "dropped: " + s + "; its window [" + clock(w.start) + ", " + clock(w.end) + ") had " + (w.fired ? "fired" : "closed") +
    " when the watermark passed " + clock(w.end - 1);
}

// ticks picks about six round instants over [x0, x1].
function ticks(x0, x1) {
  const steps = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 15e3, 3e4, 6e4, 12e4, 3e5, 6e5, 9e5, 18e5, 36e5, 72e5, 216e5, 432e5, 864e5];
  const step = steps.find((s) => (x1 - x0) / s <= 6) || steps[steps.length - 1];
  const out = [];
  for (let at = Math.ceil(x0 / step) * step; at <= x1; at += step) out.push({ at, text: clock(at) });
  return out;
}

// timelineData lays out the recorded event time (web/state.Model's
// TimelineJSON) for drawing: the ranges, the watermark's steps, the
// windows in view and the late records, each with its words.
function timelineData(raw) {
  const d = { points: [], steps: [], windows: [], lates: [], ticks: [], note: "", label: "", title: "Event time →, records in the order they arrived ↓",
    legend: ["● a record at its event time", "✕ a late record (behind the watermark)", "— the watermark", "▭ a window: open, then fired"] };
  const arr = raw.arrivals;
  if (!raw.query) {
    d.note = "Run a query over a table with a WATERMARK: each record shows here at its event time as it arrives, with the watermark, the windows and the late records.";
  } else if (!arr.length && !raw.windows.length) {
    d.note = raw.done
      ? "This query's records had no event time to show: the timeline needs a table with a WATERMARK (a time attribute), and records that arrived while it was open."
      : "Waiting for records with an event time (a table with a WATERMARK)…";
  }
  if (d.note) {
    d.label = "Timeline: " + d.note;
    return d;
  }
  d.n0 = arr.length ? arr[0].n : 0;
  d.n1 = arr.length ? arr[arr.length - 1].n : 0;
  let x0 = Infinity, x1 = -Infinity;
  // A query over several sources (a join) shows each source's records
  // and watermark in a colour of its own.
  d.sources = raw.sources && raw.sources.length > 1 ? raw.sources : [];
  if (d.sources.length) {
    d.legend = d.sources.map((name, i) => ({ text: "● " + name + "'s records, — its watermark", src: i }))
      .concat(d.legend.slice(1).filter((l) => !l.startsWith("—")))
      .concat(["An operator over several inputs (a join) goes by the lowest of their watermarks."]);
  }
  for (const a of arr) {
    d.points.push([a.time, a.n, a.late ? 1 : 0, a.src || 0]);
    x0 = Math.min(x0, a.time);
    x1 = Math.max(x1, a.time);
  }
  for (const w of raw.windows) {
    if (arr.length && ((w.end <= x0 && w.fireN < d.n0) || w.start > x1)) continue;
    // A window whose records all came after the watermark passed its
    // end never opened: it closed at its first (dropped) record.
    const closed = !w.fired && w.dropped > 0;
    d.windows.push({ start: w.start, end: w.end, open: w.openN, fired: w.fired, closed, fire: closed ? w.dropN + 1 : w.fireN, text: windowText(w) });
  }
  for (const w of d.windows) {
    x0 = Math.min(x0, w.start);
    x1 = Math.max(x1, w.end);
  }
  if (!(x1 > x0)) x1 = x0 + 1000;
  d.x0 = x0;
  d.x1 = x1;
  for (const s of raw.watermarks) if (s.wm < END) d.steps.push([s.n, s.wm, s.src || 0]);
  const last = raw.watermarks.length ? raw.watermarks[raw.watermarks.length - 1].wm : null;
  for (const a of arr) if (a.late) d.lates.push({ time: a.time, n: a.n, text: lateText(a, raw.windows) });
  d.ticks = ticks(x0, x1);
  if (raw.lost > 0) d.note = "The stream is faster than the timeline can follow: " + count(raw.lost) + " events were left out.";
  else if (d.n0 > 0) d.note = "The newest " + arr.length + " records.";
  const fired = d.windows.filter((w) => w.fired).length;
  const perSource = d.sources.map((name, i) => d.points.filter((p) => p[3] === i).length + " from " + name);
  d.label = "Timeline of " + d.points.length + " records by event time" + (perSource.length ? " (" + perSource.join(", ") + ")" : "") +
    ", from " + clock(x0) + " to " + clock(x1) + ": " + d.lates.length + " late; " +
    d.windows.length + " windows, " + fired + " fired." +
    (last === null ? "" : last >= END ? " The input has ended." : " The watermark is at " + clock(last) + ".") +
    d.lates.map((l) => " A record at " + clock(l.time) + ": " + l.text + ".").join("");
  return d;
}

// describe prints a record with its columns' names: +I[id = 17, product = pear].
function describe(r, fields, side) {
  const names = fields && fields[side];
  let s = r.cells && names && names.length === r.cells.length
    ? r.op + "[" + r.cells.map((c, i) => names[i] + " = " + c).join(", ") + "]"
    : rowText(r);
  if (fields && fields.length === 2) s += side ? " from the right input" : " from the left input";
  return s;
}

const rowText = (r) => r.op + "[" + (r.cells ? r.cells.join(", ") : "…") + "]";

// why words "why this change" (web/state.Model.WhyJSON): the record or
// the watermark that made the operator that keeps state send the change,
// what it changed, and for a window, when it fired.
function why(d) {
  const e = d.event, node = d.node || {};
  const kind = node.kind || "The operator";
  // An operator may carry columns past its output's (a Top-N's rank
  // when the query does not select it): show the output's.
  const width = (node.fields || []).length;
  const shown = (x) => width && x.cells && x.cells.length > width ? { ...x, cells: x.cells.slice(0, width) } : x;
  e.rows = (e.rows || []).map(shown);
  const rows = e.rows.map(rowText);
  const lines = [];
  if (!e.input) {
    const wm = e.wm || 0;
    lines.push(wm >= END
      ? kind + " sent " + rows.join(" ") + " when the input ended: the end of input is a last watermark, which fires every window still open and flushes what waits for time."
      : kind + " sent " + rows.join(" ") + " when the watermark reached " + clock(wm) + ".");
    for (const w of d.windows) lines.push(windowText(w).replace(/^w/, "W") + ".");
    return lines;
  }
  const input = describe(e.input, node.inFields, e.side || 0);
  const r = e.rows || [];
  if (r.length === 2 && r[0].op === "-U" && r[1].op === "+U") {
    const fields = node.fields || [];
    const same = [], changed = [];
    const n = Math.min((r[0].cells || []).length, (r[1].cells || []).length);
    for (let i = 0; i < n; i++) {
      const name = fields[i] || "column " + (i + 1);
      if (r[0].cells[i] === r[1].cells[i]) same.push(name + " = " + r[0].cells[i]);
      else changed.push(name + " went " + r[0].cells[i] + " → " + r[1].cells[i]);
    }
    let what = changed.join(", ") || "its result";
    if (same.length) what += " for " + same.join(", ");
    lines.push(kind + ": " + what + ", because of the record " + input + ".");
    lines.push("It retracts the old result (-U) and sends the new one (+U): " + rows[0] + " then " + rows[1] + ".");
  } else if (r.length === 0) {
    lines.push(kind + " took the record " + input + " and sent nothing on.");
  } else {
    lines.push(kind + " sent " + rows.join(" ") + " because of the record " + input + ".");
    const more = whyMore(kind, r, node);
    if (more) lines.push(more);
  }
  const c = e.count || 0;
  if (c > 1) lines.push("Together they are the result's changes " + count((e.outFrom || 0) + 1) + " to " + count((e.outFrom || 0) + c) + ".");
  return lines;
}

// whyMore says what a Top-N's or a join's changes mean, beyond which
// rows they are.
function whyMore(kind, r, node) {
  const ops = r.map((x) => x.op);
  // An outer join's padding: every field of one input NULL.
  const left = node.inFields && node.inFields.length === 2 ? node.inFields[0].length : -1;
  const padded = (x) => {
    const c = x.cells || [];
    if (left < 0 || c.length <= left) return false;
    const isNull = (v) => v === "NULL";
    return c.slice(left).every(isNull) || c.slice(0, left).every(isNull);
  };
  if (/Rank$/.test(kind)) {
    if (ops.length === 2 && ops[0] === "-D" && ops[1] === "+I")
      return "The record ranks within the top rows of its partition: it enters them (+I), and the row that ranked last is pushed out (-D).";
    if (ops.every((o) => o === "+I"))
      return "The record ranks within the top rows of its partition, which had room, so it enters them.";
  }
  if (/Join$/.test(kind)) {
    if (ops.length >= 2 && ops[0] === "-D" && padded(r[0]) && ops.slice(1).every((o) => o === "+I"))
      return "The record is the match a row was waiting for: the outer join retracts the row it had sent padded with NULLs (-D) and sends the joined row (+I).";
    if (ops.every((o) => o === "+I") && !r.some(padded))
      return "The record matched " + (r.length === 1 ? "a row" : r.length + " rows") + " of the other input, kept in the join's state.";
    if (ops.every((o) => o === "+I") && r.every(padded))
      return "No row of the other input matches it yet: the outer join sends it padded with NULLs, and retracts that row if a match arrives.";
  }
  return "";
}

// timeline draws the timeline view (web/state.Model.TimelineJSON): event time
// across, arrival order down; each record a dot where its event time
// falls (a cross when it came late), the watermark as a line that steps
// right as it advances, and each window as a band over its time, from the
// record that opened it down to where it fired. The windows and the late
// records are listed below it in words.
function timeline(host, raw, again) {
  const d = timelineData(raw);
  host.flinkTimelineRaw = raw;
  if (resized && !host.flinkGraphObserved) {
    host.flinkGraphObserved = true;
    resized.observe(host);
  }
  host.textContent = "";
  const head = document.createElement("div");
  head.className = "timeline-head";
  head.textContent = d.points.length ? d.title : d.note;
  host.appendChild(head);
  host.flinkTimelineData = d;
  host.flinkTimelineWidth = host.clientWidth;
  if (!again) host.flinkTimelineDraws = (host.flinkTimelineDraws || 0) + 1;
  if (!d.points.length && !d.windows.length) {
    host.classList.add("graph-empty");
    return;
  }
  host.classList.remove("graph-empty");
  const W = Math.max(host.clientWidth - 24, 280);
  const rows = Math.max(d.n1 - d.n0 + 1, 1);
  const rowH = Math.max(4, Math.min(18, 360 / rows));
  const top = 34, left = 30, right = 30, bottom = 14;
  const H = top + rows * rowH + bottom;
  const x = (t) => left + ((t - d.x0) / (d.x1 - d.x0)) * (W - left - right);
  const y = (n) => top + (n - d.n0 + 0.5) * rowH;
  const fig = document.createElement("div");
  fig.setAttribute("role", "img");
  fig.setAttribute("aria-label", d.label);
  fig.className = "timeline-figure";
  host.appendChild(fig);
  const svg = el("svg", { class: "timeline-svg", width: W, height: H, viewBox: `0 0 ${W} ${H}`, "aria-hidden": "true" }, fig);
  // Ticks of event time.
  for (const t of d.ticks) {
    const tx = x(t.at);
    el("line", { x1: tx, x2: tx, y1: top - 6, y2: H - bottom, class: "timeline-grid" }, svg);
    const label = el("text", { x: tx, y: 12, class: "timeline-tick", "text-anchor": "middle" }, svg);
    label.textContent = t.text;
  }
  // Windows: open from the record that opened them, fired where they fired.
  d.windows.forEach((w) => {
    const x1 = x(Math.max(w.start, d.x0)), x2 = x(Math.min(w.end, d.x1));
    const y1 = y(Math.max(w.open, d.n0)) - rowH / 2;
    const ends = w.fired || w.closed;
    const y2 = ends ? y(Math.min(w.fire, d.n1 + 1)) - rowH / 2 : H - bottom;
    const state = w.fired ? "fired" : w.closed ? "closed" : "open";
    const g = el("g", { class: "timeline-window " + state, "data-start": w.start, "data-end": w.end }, svg);
    const tip = el("title", {}, g);
    tip.textContent = w.text;
    el("rect", { x: x1 + 1, y: y1, width: Math.max(x2 - x1 - 2, 1), height: Math.max(y2 - y1, 2), rx: 3, class: "timeline-band" }, g);
    if (w.fired) {
      el("line", { x1: x1 + 1, x2: x2 - 1, y1: y2, y2: y2, class: "timeline-fire" }, g);
    }
    const lab = el("text", { x: x1 + 4, y: 26, class: "timeline-wlabel" }, g);
    lab.textContent = state;
  });
  // The watermark, stepping right as it advances: one line a source.
  const sources = Math.max(d.sources.length, 1);
  for (let src = 0; src < sources; src++) {
    const steps = d.steps.filter((s) => (s[2] || 0) === src || sources === 1);
    if (!steps.length) continue;
    let path = "";
    steps.forEach((s, i) => {
      const sx = x(Math.max(Math.min(s[1], d.x1), d.x0));
      const sy = y(s[0]) - rowH / 2;
      const ny = i + 1 < steps.length ? y(steps[i + 1][0]) - rowH / 2 : H - bottom;
      path += (i ? " L" : "M") + sx.toFixed(1) + " " + sy.toFixed(1) + " L" + sx.toFixed(1) + " " + ny.toFixed(1);
    });
    el("path", { d: path, class: "timeline-watermark" + (d.sources.length ? " src-" + (src % 4) : ""), "data-src": src }, svg);
  }
  // The records.
  const r = Math.max(2, Math.min(5, rowH / 2 - 1));
  for (const [t, n, late, src] of d.points) {
    const px = x(t), py = y(n);
    const cls = d.sources.length ? " src-" + (src % 4) : "";
    if (late) {
      const g = el("g", { class: "timeline-late" + cls, "data-time": t, "data-src": src }, svg);
      el("path", { d: `M${px - r} ${py - r} L${px + r} ${py + r} M${px - r} ${py + r} L${px + r} ${py - r}` }, g);
    } else {
      el("circle", { cx: px, cy: py, r, class: "timeline-point" + cls, "data-src": src }, svg);
    }
  }
  for (const l of d.lates) {
    const g = [...svg.querySelectorAll(".timeline-late")].find((e) => +e.dataset.time === l.time && !e.querySelector("title"));
    if (g) {
      const tip = el("title", {}, g);
      tip.textContent = l.text;
    }
  }
  // In words: the legend, the windows, the late records.
  const legend = document.createElement("div");
  legend.className = "timeline-legend";
  d.legend.forEach((l, i) => {
    const item = document.createElement("span");
    if (typeof l === "string") {
      item.textContent = l;
    } else {
      item.textContent = l.text;
      item.className = "src-" + (l.src % 4);
    }
    legend.appendChild(item);
    if (i + 1 < d.legend.length) legend.appendChild(document.createTextNode("   "));
  });
  host.appendChild(legend);
  if (d.note) {
    const note = document.createElement("div");
    note.className = "timeline-note";
    note.textContent = d.note;
    host.appendChild(note);
  }
  const list = document.createElement("ul");
  list.className = "timeline-list";
  for (const l of d.lates) {
    const li = document.createElement("li");
    li.className = "late";
    li.textContent = "✕ " + l.text;
    list.appendChild(li);
  }
  for (const w of d.windows) {
    const li = document.createElement("li");
    li.textContent = "▭ " + w.text;
    list.appendChild(li);
  }
  host.appendChild(list);
}

window.flinkGraph = { render, timeline, why, timelineData };
