// The graph view: a job's operator graph (web/state.GraphData, as JSON),
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
  const svg = el("svg", { class: "graph-svg", width: Math.ceil(width * scale), height: Math.ceil(h * scale),
    viewBox: `0 0 ${Math.ceil(width)} ${Math.ceil(h)}`, "aria-hidden": "true", "data-dir": dir }, host);
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
  return { key: data.key, dir, room, svg, nodes };
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
  } else {
    host.classList.remove("graph-empty");
    let st = host.flinkGraph;
    const room = space(host);
    const moved = st && (Math.abs(st.room[0] - room[0]) > 16 || Math.abs(st.room[1] - room[1]) > 16);
    if (!st || st.key !== data.key || moved || !host.contains(st.svg)) st = host.flinkGraph = build(host, data, room);
    update(st, data);
  }
  if (host.getAttribute("aria-label") !== data.label) host.setAttribute("aria-label", data.label);
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
  }
}) : null;

window.flinkGraph = { render };
