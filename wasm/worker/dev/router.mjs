// Local stand-in for Cloudflare's static-asset routing in front of the Go
// Worker, for `make worker-dev` and the end-to-end test (workerd has no
// asset server of its own). It does what wrangler.toml asks of Cloudflare:
//   - /api/* always goes to the Go Worker (run_worker_first);
//   - GET/HEAD of an asset is served from the asset directory with its
//     content type, at the URLs html_handling "auto-trailing-slash" uses
//     (/ and /embed serve index.html and embed.html; /embed.html redirects);
//   - the rules of the generated _headers file are applied to assets;
//   - everything else goes to the Go Worker, which answers 404.
// Unlike Cloudflare it does not compress; see docs/worker.md.

const types = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  wasm: "application/wasm",
  json: "application/json",
  webmanifest: "application/manifest+json",
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  txt: "text/plain; charset=utf-8",
};

let rules; // [{pattern, headers: [[name, value]]}], from _headers

// parseHeaders reads Cloudflare's _headers format: a URL pattern on its own
// line, then indented "Name: value" lines; "#" starts a comment.
function parseHeaders(text) {
  const out = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      out.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const i = line.indexOf(":");
    if (out.length && i > 0) out[out.length - 1].headers.push([line.slice(0, i).trim(), line.slice(i + 1).trim()]);
  }
  return out;
}

// matches applies a pattern with at most one "*" splat.
function matches(pattern, path) {
  const star = pattern.indexOf("*");
  if (star < 0) return pattern === path;
  const pre = pattern.slice(0, star);
  const post = pattern.slice(star + 1);
  return path.length >= pre.length + post.length && path.startsWith(pre) && path.endsWith(post);
}

async function loadRules(env) {
  if (!rules) {
    const r = await env.ASSETS.fetch("http://assets/_headers");
    rules = r.ok ? parseHeaders(await r.text()) : [];
  }
  return rules;
}

async function asset(env, file) {
  const r = await env.ASSETS.fetch("http://assets" + file);
  return r.ok ? r : null;
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const path = url.pathname;
    if (path.startsWith("/api/") || (request.method !== "GET" && request.method !== "HEAD")) {
      return env.API.fetch(request);
    }
    const base = path.slice(path.lastIndexOf("/") + 1);
    if (base.startsWith(".") || base.startsWith("_")) return env.API.fetch(request);
    if (base.endsWith(".html")) {
      // auto-trailing-slash: /embed.html -> /embed, /index.html -> /
      const to = path.slice(0, -".html".length).replace(/(^|\/)index$/, "$1");
      if (await asset(env, path)) return Response.redirect(new URL(to + url.search, url), 307);
    }
    let file = path;
    if (path.endsWith("/")) file = path + "index.html";
    else if (!base.includes(".")) file = path + ".html";
    const found = await asset(env, file);
    if (!found) return env.API.fetch(request);
    const headers = new Headers();
    const ext = file.slice(file.lastIndexOf(".") + 1);
    headers.set("Content-Type", types[ext] || "application/octet-stream");
    headers.set("Cache-Control", "public, max-age=0, must-revalidate");
    for (const rule of await loadRules(env)) {
      if (!matches(rule.pattern, path)) continue;
      for (const [name, value] of rule.headers) {
        const had = headers.get(name);
        // Repeated headers are joined with a comma, as Cloudflare does.
        headers.set(name, had && name !== "Content-Type" && name !== "Cache-Control" ? had + ", " + value : value);
      }
    }
    return new Response(request.method === "HEAD" ? null : found.body, { status: 200, headers });
  },
};
