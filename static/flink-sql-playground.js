// <flink-sql-playground>: a runnable Flink SQL example for any web page
// (docs/embed.md). A page includes this one script, from the playground's
// origin, and writes
//
//   <script src="https://playground.example/flink-sql-playground.js" defer></script>
//   <flink-sql-playground mode="batch" view="table" seed="42" read-only>
//     SELECT 'hello' AS greeting;
//   </flink-sql-playground>
//
// The element takes the iframe embed's parameters as attributes: script
// (else its text, or a child <script type="text/x-flink-sql">), mode, seed,
// start, view, chart, autorun, read-only, max-rows and height. It draws the
// embed (embed.html) inside a shadow root, so neither the page's styles
// nor its own leak across, and fits its height to the content. The engine
// loads only when the reader presses Run (or with autorun), and all the
// elements of a page share one engine (a SharedWorker), each with a
// session of its own.
(() => {
  "use strict";
  if (customElements.get("flink-sql-playground")) return;
  const script = document.currentScript;
  const base = new URL(".", script ? script.src : location.href).href;
  const origin = new URL(base).origin;
  const embedURL = base + "embed.html";

  // The attributes and the embed parameters they become (flags take no
  // value: present means on).
  const params = { mode: "mode", seed: "seed", start: "start", view: "view", chart: "chart", "max-rows": "maxrows", height: "height" };
  const flags = { autorun: "autorun", "read-only": "readonly" };

  // dedent removes the indentation the page's HTML gave the script.
  function dedent(text) {
    const lines = text.replace(/^\s*\n/, "").replace(/\s+$/, "").split("\n");
    let indent = Infinity;
    for (const l of lines) {
      if (l.trim() === "") continue;
      indent = Math.min(indent, l.match(/^[ \t]*/)[0].length);
    }
    return lines.map((l) => l.slice(Math.min(indent, l.length))).join("\n") + "\n";
  }

  const enc = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());

  class FlinkSqlPlayground extends HTMLElement {
    static get observedAttributes() {
      return ["script", "title", ...Object.keys(params), ...Object.keys(flags)];
    }

    constructor() {
      super();
      const root = this.attachShadow({ mode: "open" });
      root.innerHTML =
        "<style>" +
        ":host { display: block; contain: content; }" +
        ":host([hidden]) { display: none; }" +
        "iframe { display: block; box-sizing: border-box; width: 100%; border: 1px solid #d5d9e0; border-radius: 6px; background: transparent; color-scheme: normal; transition: height .15s; }" +
        "</style>";
      this.frame = document.createElement("iframe");
      this.frame.setAttribute("part", "frame");
      this.frame.loading = "lazy";
      this.frame.referrerPolicy = "strict-origin-when-cross-origin";
      this.frame.title = this.getAttribute("title") || "Flink SQL example";
      root.appendChild(this.frame);
      this.state = "";
      this.onMessage = (ev) => this.message(ev);
    }

    connectedCallback() {
      window.addEventListener("message", this.onMessage);
      if (!this.frame.src) {
        // The element's text is read once its children are parsed.
        if (document.readyState === "loading" && !this.hasAttribute("script")) {
          document.addEventListener("DOMContentLoaded", () => this.load(), { once: true });
        } else {
          this.load();
        }
      }
    }

    disconnectedCallback() {
      window.removeEventListener("message", this.onMessage);
    }

    attributeChangedCallback(name, before, after) {
      if (name === "title") this.frame.title = after || "Flink SQL example";
      else if (this.frame.src && before !== after) this.load();
    }

    // sql is the example's script: the script attribute, a child
    // <script type="text/x-flink-sql">, or the element's own text.
    get sql() {
      if (this.hasAttribute("script")) return this.getAttribute("script");
      const child = this.querySelector('script[type="text/x-flink-sql"], script[type="text/plain"]');
      return dedent(child ? child.textContent : this.textContent);
    }

    // fragment is the embed's URL fragment for the attributes.
    fragment() {
      const parts = ["script=" + enc(this.sql), "origin=" + enc(location.origin)];
      for (const [attr, p] of Object.entries(params)) {
        if (this.hasAttribute(attr)) parts.push(p + "=" + enc(this.getAttribute(attr)));
      }
      for (const [attr, p] of Object.entries(flags)) {
        const v = this.getAttribute(attr);
        if (v !== null && v !== "false" && v !== "0") parts.push(p + "=1");
      }
      return "#" + parts.join("&");
    }

    load() {
      const h = parseInt(this.getAttribute("height") || "240", 10);
      // Until the embed says how tall it is: its bar, the editor, the results.
      this.frame.style.height = (isFinite(h) ? h : 240) + 160 + "px";
      this.frame.src = embedURL + this.fragment();
    }

    // message takes the embed's size and status events.
    message(ev) {
      if (ev.origin !== origin || ev.source !== this.frame.contentWindow || !ev.data || ev.data.source !== "flinkplay-embed") return;
      if (ev.data.type === "size" && ev.data.height > 0) {
        this.frame.style.height = ev.data.height + "px";
      } else if (ev.data.type === "status") {
        this.state = ev.data.state || "";
        this.dispatchEvent(new CustomEvent("flinkplay-status", { detail: ev.data, bubbles: true, composed: true }));
      }
    }

    // run and stop press the example's buttons, for a page's own controls.
    run() { this.command("run"); }
    stop() { this.command("stop"); }
    command(type) {
      if (this.frame.contentWindow) this.frame.contentWindow.postMessage({ source: "flinkplay-host", type }, origin);
    }
  }

  customElements.define("flink-sql-playground", FlinkSqlPlayground);
})();
