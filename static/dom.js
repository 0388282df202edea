"use strict";
// DOM helpers of the playground and the embed page, called by wasm/app, for
// the JS-owned result elements: Go renders only the visible
// rows and hands them over once per flush; they reach the DOM in the next
// animation frame, where the browser lays the page out anyway, so a flush
// forces no layout of its own and updates between two frames coalesce.
window.flinkplayDOM = {
  pending: null,
  frame: 0,
  cost: 0, // ms the last frame's DOM update took, for Go to pace itself
  stats: { n: 0, totalMs: 0, maxMs: 0 }, // the frames' DOM updates, for window.flinkplay.stats()
  setPre(pre, top, text, bottom, head) {
    pre.replaceChildren();
    if (head) {
      const h = document.createElement("div");
      h.className = "sticky-head";
      const inner = document.createElement("div");
      inner.textContent = head;
      h.append(inner);
      pre.append(h);
    }
    const a = document.createElement("div");
    a.className = "spacer";
    a.style.height = top + "px";
    const b = document.createElement("div");
    b.className = "spacer";
    b.style.height = bottom + "px";
    pre.append(a, document.createTextNode(text), b);
  },
  // setRows shows grid rows; total is how many the grid has, for its ARIA
  // row count (the header is row 1, so the rows are 2 and up).
  setRows(tbody, top, html, bottom, cols, total) {
    const sp = (h) => '<tr class="spacer" aria-hidden="true" style="height:' + h + 'px"><td colspan="' + cols + '"></td></tr>';
    tbody.innerHTML = (top > 0 ? sp(top) : "") + html + (bottom > 0 ? sp(bottom) : "");
    const table = tbody.parentElement;
    if (table && total !== undefined) {
      table.setAttribute("aria-rowcount", String(total + 1));
      table.setAttribute("aria-colcount", String(cols));
    }
  },
  toBottom(el) {
    el.scrollTop = el.scrollHeight;
  },
  // schedule replaces the pending update: el is #tableau or the tbody,
  // follow scrolls box to the bottom after it.
  // A timer backs the frame up: a page that produces no frames (a
  // background tab, a headless browser after a reload) still gets its
  // rows, at most 200 ms late.
  // head, for the tableau, is the header lines to keep in view ("" when
  // they are on screen).
  schedule(pre, el, top, text, bottom, cols, box, follow, head, total) {
    this.pending = [pre, el, top, text, bottom, cols, box, follow, head, total];
    if (!this.frame) {
      this.frame = requestAnimationFrame(() => this.flush());
      this.timer = setTimeout(() => this.flush(), 200);
    }
  },
  // unfollow keeps a pending update from scrolling to the bottom: the
  // user scrolled away after it was scheduled.
  unfollow() {
    if (this.pending) this.pending[7] = false;
  },
  timer: 0,
  flush() {
    if (this.frame) cancelAnimationFrame(this.frame);
    clearTimeout(this.timer);
    this.frame = 0;
    const p = this.pending;
    this.pending = null;
    if (!p) return;
    const t0 = performance.now();
    const [pre, el, top, text, bottom, cols, box, follow, head, total] = p;
    if (pre) this.setPre(el, top, text, bottom, head);
    else this.setRows(el, top, text, bottom, cols, total);
    if (follow) this.toBottom(box);
    this.cost = performance.now() - t0;
    const st = this.stats;
    st.n++;
    st.totalMs += this.cost;
    st.maxMs = Math.max(st.maxMs, this.cost);
  },
  // yieldTo calls fn in a task of its own (a MessageChannel message, which,
  // unlike setTimeout, is not clamped to 4 ms): Go's scheduler runs every
  // ready goroutine before it returns to the browser, so a Go loop that
  // wants to give the thread back must wait for an event like this one.
  yieldQ: [],
  chan: null,
  yieldTo(fn) {
    if (!this.chan) {
      this.chan = new MessageChannel();
      this.chan.port1.onmessage = () => {
        const f = this.yieldQ.shift();
        if (this.yieldQ.length) this.chan.port2.postMessage(0);
        if (f) f();
      };
    }
    this.yieldQ.push(fn);
    if (this.yieldQ.length === 1) this.chan.port2.postMessage(0);
  },
  // utf8 encodes a worker message for Go to copy once (js.Value.String
  // would copy it twice).
  enc: new TextEncoder(),
  utf8(s) { return this.enc.encode(s); },
  // chart draws the chart view's data (JSON, web/state.ChartData) in el
  // with chart.js (uPlot), which loads the first time: only the last data
  // given while it loads is drawn.
  chartData: null,
  chartLoading: null,
  chart(el, json) {
    this.chartData = [el, json];
    if (window.flinkChart) {
      this.chartFlush();
      return;
    }
    if (!this.chartLoading) {
      this.chartLoading = new Promise((resolve, reject) => {
        const s = document.createElement("script");
        s.src = "chart.js";
        s.onload = resolve;
        s.onerror = () => reject(new Error("chart.js did not load"));
        document.head.appendChild(s);
      });
      this.chartLoading.then(() => this.chartFlush(), (e) => {
        this.chartLoading = null;
        const [host] = this.chartData || [];
        if (host) host.textContent = "The chart could not load (" + e.message + "); the Table view shows the same rows.";
      });
    }
  },
  chartFlush() {
    const p = this.chartData;
    this.chartData = null;
    if (!p) return;
    try {
      window.flinkChart.render(p[0], JSON.parse(p[1]));
    } catch (e) {
      console.warn("flinkplay chart:", e);
    }
  },
  // graph and timeline draw the graph and timeline views' data (JSON,
  // web/state.GraphData and TimelineData) in el with graph.js (dagre),
  // which loads the first time: only the last data given to each while
  // it loads is drawn.
  insideData: {},
  insideLoading: null,
  graph(el, json) { this.inside("render", el, json); },
  // loadInside loads graph.js ahead of a why(); why words "why this
  // change" (web/state.Model.WhyJSON) as lines, or returns null while
  // graph.js loads.
  loadInside() { if (!window.flinkGraph) this.inside("noop", null, "null"); },
  why(json) {
    if (!window.flinkGraph) {
      this.loadInside();
      return null;
    }
    return window.flinkGraph.why(JSON.parse(json));
  },
  timeline(el, json) { this.inside("timeline", el, json); },
  inside(fn, el, json) {
    this.insideData[fn] = [el, json];
    if (window.flinkGraph) {
      this.insideFlush();
      return;
    }
    if (!this.insideLoading) {
      this.insideLoading = new Promise((resolve, reject) => {
        const s = document.createElement("script");
        s.src = "graph.js";
        s.onload = resolve;
        s.onerror = () => reject(new Error("graph.js did not load"));
        document.head.appendChild(s);
      });
      this.insideLoading.then(() => this.insideFlush(), (e) => {
        this.insideLoading = null;
        for (const [host] of Object.values(this.insideData)) {
          if (host) host.textContent = "The view could not load (" + e.message + "); EXPLAIN prints the same plan.";
        }
        this.insideData = {};
      });
    }
  },
  insideFlush() {
    const todo = this.insideData;
    this.insideData = {};
    for (const [fn, [el, json]] of Object.entries(todo)) {
      if (fn === "noop") continue;
      try {
        window.flinkGraph[fn](el, JSON.parse(json));
      } catch (e) {
        console.warn("flinkplay " + fn + ":", e);
      }
    }
  },
  // setText sets an element's text, class and title when they changed,
  // for the status line while rows stream (no Vugu render for it).
  setText(id, text, cls, title) {
    const e = document.getElementById(id);
    if (!e) return;
    if (e.textContent !== text) e.textContent = text;
    if (cls !== undefined && e.className !== cls) e.className = cls;
    if (title !== undefined && e.title !== title) e.title = title;
  },
};

// Modal dialogs (#dialog, rendered by Go) as a keyboard and a screen
// reader expect them: opening one moves the focus into it, Tab and
// Shift+Tab stay inside it, Escape closes it (through its Close button, so
// Go closes it), and closing it gives the focus back to the control that
// opened it.
(() => {
  let opener = null;
  const focusables = (root) => [...root.querySelectorAll(
    'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])')]
    .filter((e) => !e.disabled && e.getClientRects().length > 0);
  const open = () => {
    const d = document.getElementById("dialog");
    return d && !d.classList.contains("hidden") ? d : null;
  };
  let wasOpen = false;
  const sync = () => {
    const d = open();
    if (d && !wasOpen) {
      wasOpen = true;
      opener = document.activeElement;
      const box = d.querySelector(".dialog");
      const first = box.querySelector("[data-autofocus]") || focusables(box).find((e) => e.tagName !== "TEXTAREA") || focusables(box)[0];
      if (first) first.focus();
    } else if (!d && wasOpen) {
      wasOpen = false;
      if (opener && document.contains(opener)) opener.focus();
      opener = null;
    }
  };
  const watch = () => {
    const d = document.getElementById("dialog");
    if (!d) return false;
    new MutationObserver(sync).observe(d, { attributes: true, attributeFilter: ["class"] });
    sync();
    return true;
  };
  if (!watch()) {
    // The app mounts after this script: watch for #dialog to appear.
    const mo = new MutationObserver(() => { if (watch()) mo.disconnect(); });
    document.addEventListener("DOMContentLoaded", () => mo.observe(document.body, { childList: true, subtree: true }));
  }
  document.addEventListener("keydown", (e) => {
    const d = open();
    if (!d) return;
    if (e.key === "Escape") {
      e.preventDefault();
      document.getElementById("dialog-close")?.click();
      return;
    }
    if (e.key !== "Tab") return;
    const f = focusables(d.querySelector(".dialog"));
    if (f.length === 0) return;
    const i = f.indexOf(document.activeElement);
    if (e.shiftKey && (i <= 0)) {
      e.preventDefault();
      f[f.length - 1].focus();
    } else if (!e.shiftKey && (i === -1 || i === f.length - 1)) {
      e.preventDefault();
      f[0].focus();
    }
  }, true);
})();
