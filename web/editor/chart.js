// The chart view (chart.js): uPlot draws the materialized result of a
// query, bars over its groups or lines over time, and follows every
// change. The page loads this bundle only when the chart view is first
// shown (static/dom.js, flinkplayDOM.chart), so it costs nothing on a cold
// load. uPlot 1.6.32 was chosen for its size (21 KB brotli, Chart.js 4.6.1
// tree-shaken is 53 KB) and because it is made for streaming data:
// setData redraws thousands of points within a frame.
import uPlot from "uplot";
import css from "uplot/dist/uPlot.min.css";

// Style sheets to put uPlot's rules in: the page's head, or a shadow root.
const styled = new WeakSet();
function addStyle(root) {
  if (styled.has(root)) return;
  styled.add(root);
  const st = document.createElement("style");
  st.textContent = css + CHART_CSS;
  (root === document ? document.head : root).appendChild(st);
}

// The chart's own rules: the legend in the page's font and colours.
const CHART_CSS = `
.flink-chart .u-legend { font: 12px var(--sans, sans-serif); color: var(--text, #1d2330); }
.flink-chart .u-legend th { font-weight: 500; }
.flink-chart .u-legend .u-marker { border-radius: 2px; }
.flink-chart .u-select { background: rgba(110, 162, 255, 0.15); }
`;

const charts = new Map(); // host element -> { plot, shape, data, labels }

// color resolves a colour variable of the page (light-dark() included)
// to rgb(), which a canvas takes: a custom property's computed value is
// the text it was given, so a probe element's computed colour resolves it.
function color(el, name, fallback) {
  const probe = document.createElement("span");
  probe.style.color = "var(" + name + ", " + fallback + ")";
  probe.style.display = "none";
  el.appendChild(probe);
  const c = getComputedStyle(probe).color || fallback;
  probe.remove();
  return c;
}

function alpha(rgb, a) {
  const m = rgb.match(/rgba?\(([^)]+)\)/);
  if (!m) return rgb;
  const p = m[1].split(",").map((x) => x.trim());
  return "rgba(" + p[0] + ", " + p[1] + ", " + p[2] + ", " + a + ")";
}

const FALLBACK = ["#2f6fde", "#c93b58", "#187a41", "#9a6516", "#7b4fd6", "#0e7c86", "#b35c00", "#5b6b8c"];

function theme(el) {
  return {
    text: color(el, "--muted", "#646c7e"),
    grid: color(el, "--border", "#e2e5ea"),
    colors: FALLBACK.map((f, i) => color(el, "--chart-" + (i + 1), f)),
  };
}

function size(el) {
  const legend = el.querySelector(".u-legend");
  const lh = legend ? legend.getBoundingClientRect().height : 28;
  return { width: Math.max(el.clientWidth - 8, 120), height: Math.max(el.clientHeight - lh - 12, 80) };
}

function build(el, d, c) {
  const t = theme(el);
  const axis = { stroke: t.text, grid: { stroke: t.grid, width: 1 }, ticks: { stroke: t.grid, width: 1 } };
  const bars = d.kind === "bar";
  const series = [{ label: d.xName || "x" }];
  d.series.forEach((s, i) => {
    const color = t.colors[i % t.colors.length];
    series.push(bars
      ? { label: s.name, stroke: color, fill: alpha(color, 0.8), width: 0, paths: uPlot.paths.bars({ size: [0.7, 64] }), points: { show: false } }
      : { label: s.name, stroke: color, width: 2, spanGaps: true, points: { show: d.x.length <= 60, size: 5 } });
  });
  const xAxis = { ...axis, label: d.xName || "", labelSize: 18, labelFont: "12px sans-serif" };
  if (d.xTime) {
    // The result's own clock, as Flink prints it (24 hours, ISO dates):
    // the date where it changes, the time of day under it.
    xAxis.values = (u, splits) => {
      const span = splits.length > 1 ? splits[splits.length - 1] - splits[0] : 0;
      let day = "";
      return splits.map((ts) => {
        const iso = new Date(ts * 1e3).toISOString();
        if (span >= 3 * 86400) return iso.slice(0, 10);
        const time = span < 600 && splits.some((s) => s % 60 !== 0) ? iso.slice(11, 19) : iso.slice(11, 16);
        const d = iso.slice(0, 10);
        const out = d !== day ? time + "\n" + d : time;
        day = d;
        return out;
      });
    };
    series[0].value = (u, ts) => ts == null ? "--" : new Date(ts * 1e3).toISOString().replace("T", " ").replace(/\.000Z$|Z$/, "");
  }
  if (bars) {
    // One tick per group, thinned to what fits; the tick's text is the
    // group's name (the labels of the latest data: c.labels).
    xAxis.splits = (u) => {
      const n = c.labels.length;
      const every = Math.max(1, Math.ceil(n / Math.max(1, Math.floor(u.bbox.width / devicePixelRatio / 70))));
      const out = [];
      for (let i = 0; i < n; i += every) out.push(i);
      return out;
    };
    xAxis.values = (u, splits) => splits.map((v) => {
      const s = c.labels[v] ?? "";
      return s.length > 14 ? s.slice(0, 13) + "…" : s;
    });
  }
  const opts = {
    ...size(el),
    series,
    axes: [xAxis, { ...axis }],
    scales: {
      x: bars
        ? { time: false, range: (u, min, max) => [-0.5, Math.max(c.labels.length - 0.5, 0.5)] }
        : { time: !!d.xTime },
      y: { range: (u, min, max) => bars ? [Math.min(0, min ?? 0), Math.max(0, max ?? 1) * 1.05 || 1] : uPlot.rangeNum(min ?? 0, max ?? 1, 0.1, true) },
    },
    legend: { live: !bars },
    cursor: { points: { show: !bars } },
  };
  if (d.xTime) opts.tzDate = (ts) => uPlot.tzDate(new Date(ts * 1e3), "Etc/UTC");
  el.querySelector(".flink-chart-plot").replaceChildren();
  c.plot = new uPlot(opts, c.data, el.querySelector(".flink-chart-plot"));
  // The legend takes its height once laid out (a new one measures
  // anything in between): the plot gets the rest, a frame later.
  const plot = c.plot;
  requestAnimationFrame(() => { if (c.plot === plot) plot.setSize(size(el)); });
}

// render draws d (ChartData, web/state/chart.go) in el, updating the chart
// it holds when the series are the same ones, else making a new one.
function render(el, d) {
  d.x = d.x || [];
  d.series = d.series || [];
  addStyle(el.getRootNode());
  let c = charts.get(el);
  if (!c) {
    el.classList.add("flink-chart");
    el.innerHTML = '<div class="flink-chart-note"></div><div class="flink-chart-plot"></div>';
    c = { plot: null, shape: "", labels: [], data: null, d: null };
    charts.set(el, c);
    new ResizeObserver(() => { if (c.plot && el.clientWidth > 0) c.plot.setSize(size(el)); }).observe(el);
  }
  el.querySelector(".flink-chart-note").textContent = d.note || "";
  c.d = d;
  el.flinkChartData = d; // what the chart shows, for tests and tools
  el.flinkChartDraws = (el.flinkChartDraws || 0) + 1;
  c.labels = d.labels || [];
  c.data = [d.x, ...d.series.map((s) => s.values)];
  const t = theme(el);
  const shape = [d.kind, d.xTime, d.xName, t.text, t.grid, t.colors.join(), d.x.length <= 60, ...d.series.map((s) => s.name)].join("\u0001");
  if (c.plot && c.shape === shape) {
    c.plot.setData(c.data);
    return;
  }
  if (c.plot) c.plot.destroy();
  c.plot = null;
  c.shape = shape;
  if (d.series.length === 0 || el.clientWidth === 0) return;
  build(el, d, c);
}

// A theme switch redraws every chart in its colours.
function redrawAll() {
  for (const [el, c] of charts) {
    if (!el.isConnected) { charts.delete(el); continue; }
    if (c.d) { c.shape = ""; render(el, c.d); }
  }
}
new MutationObserver(redrawAll).observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", redrawAll);

window.flinkChart = { render, version: uPlot.version || "1.6.32" };
