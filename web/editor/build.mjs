// Bundles the editor (esbuild's API; scripts/build-web.sh runs it):
//   editor.js         CodeMirror 6 with Flink SQL, loaded by every page;
//   chart.js          the chart view (uPlot), loaded when it is first shown;
//   graph.js          the graph view (dagre), loaded when it is first shown;
//   editor-python.js  Python highlighting and completion
//                     (@codemirror/lang-python), which editor.js loads only
//                     when the editor first holds a PyFlink program.
// Then it minifies the files named after OUTDIR (see the end).
// editor-python.js shares editor.js's copies of the CodeMirror and Lezer
// modules it imports (two copies would not work together: CodeMirror
// tells its own objects by identity). editor.js puts them on
// window.__flinkEditorModules; here they resolve to that object.
import * as esbuild from "esbuild";
import { readFile, writeFile } from "node:fs/promises";

const out = process.argv[2];
if (!out) {
  console.error("usage: node build.mjs OUTDIR [SOURCE MINIFIED]...");
  process.exit(2);
}

const shared = ["@codemirror/autocomplete", "@codemirror/language", "@lezer/common", "@lezer/lr", "@lezer/highlight"];

const fromEditor = {
  name: "shared-modules",
  setup(build) {
    const filter = new RegExp("^(" + shared.map((s) => s.replace(/[/]/g, "\\/")).join("|") + ")$");
    build.onResolve({ filter }, (args) => ({ path: args.path, namespace: "flink-shared" }));
    build.onLoad({ filter: /.*/, namespace: "flink-shared" }, (args) => ({
      contents: "module.exports = window.__flinkEditorModules[" + JSON.stringify(args.path) + "];",
      loader: "js",
    }));
  },
};

const common = { bundle: true, format: "iife", minify: true, target: "es2020", logLevel: "warning" };
await esbuild.build({ ...common, entryPoints: ["editor.js"], outfile: out + "/editor.js" });
await esbuild.build({ ...common, entryPoints: ["python.js"], outfile: out + "/editor-python.js", plugins: [fromEditor] });
// chart.js: uPlot and the chart view, loaded when the chart view is first
// shown (its stylesheet inlined as text, for a page or a shadow root).
await esbuild.build({ ...common, entryPoints: ["chart.js"], outfile: out + "/chart.js", loader: { ".css": "text" } });
// graph.js: dagre and the graph view, loaded when the graph view is first
// shown.
await esbuild.build({ ...common, entryPoints: ["graph.js"], outfile: out + "/graph.js" });

// The page's own scripts and stylesheet (static/) and Go's wasm_exec.js,
// minified one by one: they stay plain scripts (no bundling, no format),
// whose top-level names are the globals the page and the workers share.
// Pairs of paths follow OUTDIR: source, then where the minified copy goes.
const loaders = { js: "js", css: "css" };
for (let i = 3; i + 1 < process.argv.length; i += 2) {
  const [src, dst] = [process.argv[i], process.argv[i + 1]];
  const loader = loaders[src.split(".").pop()];
  if (!loader) {
    console.error("build.mjs: cannot minify " + src);
    process.exit(2);
  }
  const res = await esbuild.transform(await readFile(src, "utf8"), { loader, minify: true, target: loader === "js" ? "es2020" : undefined, logLevel: "warning" });
  await writeFile(dst, res.code);
}
