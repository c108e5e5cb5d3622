// The console: one page, its script and its style, written with the
// platform alone (no framework, no build step). The script and style are
// files of their own so the Content-Security-Policy can forbid every inline
// script and style; every value reaches the page through textContent.

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const HEADERS = {
  "content-security-policy": CSP,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;");
}

const HTML = (base: string, data: string) =>
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Switchyard console</title>
<link rel="stylesheet" href="${base}/console.css">
<script src="${base}/console.js" defer></script>
</head>
<body data-source="${data}">
<header><h1>Switchyard</h1><span id="status" role="status"></span></header>
<form id="login" hidden>
  <label for="admin-key">Admin key</label>
  <input id="admin-key" name="key" type="password" autocomplete="off" required>
  <button type="submit">Open console</button>
  <p id="login-error" class="error"></p>
</form>
<main id="board" hidden>
  <section>
    <h2>Backends</h2>
    <p class="scope" id="backends-scope"></p>
    <div class="wrap"><table id="backends">
      <thead><tr><th>Backend</th><th>Breaker</th><th>p50 ms</th><th>p95 ms</th><th>p99 ms</th><th>Errors</th><th>Req/s</th></tr></thead>
      <tbody></tbody>
    </table></div>
  </section>
  <section>
    <h2>Keys</h2>
    <p class="scope">Requests, tokens and spend: this instance. Budget left: the fleet.</p>
    <div class="wrap"><table id="keys">
      <thead><tr><th>Key</th><th>Requests</th><th>Tokens</th><th>Spend</th><th>Budget left</th></tr></thead>
      <tbody></tbody>
    </table></div>
  </section>
  <section>
    <h2>Cache</h2>
    <p>Hit rate: <strong id="cache-hit-rate">—</strong></p>
  </section>
  <button id="logout" type="button">Forget key</button>
</main>
</body>
</html>
`;

const CSS = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
[hidden] { display: none !important; }
body { margin: 0 auto; padding: 0.75rem; max-width: 60rem; }
header { display: flex; align-items: baseline; gap: 1rem; flex-wrap: wrap; }
h1 { font-size: 1.3rem; margin: 0.25rem 0; }
h2 { font-size: 1.05rem; margin: 1.25rem 0 0.5rem; }
.wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { text-align: right; padding: 0.35rem 0.5rem; border-bottom: 1px solid #8884; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
.breaker-closed { color: #187a2f; }
.breaker-open { color: #c01c28; font-weight: 600; }
.breaker-half-open { color: #b26b00; }
.error { color: #c01c28; }
.scope { margin: 0 0 .5rem; font-size: .85rem; opacity: .8; }
form { display: grid; gap: 0.5rem; max-width: 24rem; }
input, button { font: inherit; padding: 0.5rem; }
/* A phone: each row becomes a card of label: value lines. */
@media (max-width: 36rem) {
  table, tbody, tr, td { display: block; }
  thead { display: none; }
  tr { border: 1px solid #8884; border-radius: 0.4rem; margin-bottom: 0.5rem; padding: 0.25rem 0.5rem; }
  td { display: flex; justify-content: space-between; border: 0; padding: 0.15rem 0; text-align: right; }
  td:first-child { font-weight: 600; }
  td::before { content: attr(data-label); font-weight: normal; color: #888; padding-right: 1rem; }
}
`;

// Plain browser JavaScript: the key is kept in sessionStorage (gone when
// the tab closes), every value is set with textContent, the data is one
// JSON document polled every REFRESH_MS.
const JS = `"use strict";
const REFRESH_MS = 2000;
const STORE = "switchyard-admin-key";
const source = document.body.dataset.source;
const $ = (id) => document.getElementById(id);
let timer;
let previous;

function cell(row, text, className) {
  const td = document.createElement("td");
  td.textContent = text;
  // The column's name, shown before the value when rows are cards.
  const head = row.closest("table").tHead.rows[0].cells[row.cells.length];
  td.dataset.label = head ? head.textContent : "";
  if (className) td.className = className;
  row.append(td);
  return td;
}
const dash = (value, digits) =>
  typeof value === "number" ? value.toFixed(digits) : "\\u2014";

function rates(data) {
  const now = Date.parse(data.time);
  const out = {};
  for (const b of data.backends) {
    const before = previous && previous.requests[b.name];
    out[b.name] = before === undefined || now <= previous.at
      ? null
      : (b.requests - before) * 1000 / (now - previous.at);
  }
  previous = { at: now, requests: {} };
  for (const b of data.backends) previous.requests[b.name] = b.requests;
  return out;
}

function render(data) {
  const perSecond = rates(data);
  $("backends-scope").textContent = data.backendCounts === "fleet"
    ? "Errors and Req/s: the fleet. Latency: this instance."
    : "This instance.";
  const backends = $("backends").tBodies[0];
  backends.replaceChildren();
  for (const b of data.backends) {
    const row = backends.insertRow();
    row.dataset.backend = b.name;
    row.dataset.breaker = b.breaker;
    cell(row, b.name);
    cell(row, b.breaker, "breaker-" + b.breaker);
    cell(row, dash(b.p50Ms, 0));
    cell(row, dash(b.p95Ms, 0));
    cell(row, dash(b.p99Ms, 0));
    cell(row, (b.errorRate * 100).toFixed(1) + "%");
    cell(row, dash(perSecond[b.name], 2));
  }
  const keys = $("keys").tBodies[0];
  keys.replaceChildren();
  for (const k of data.keys) {
    const row = keys.insertRow();
    row.dataset.key = k.id;
    row.dataset.requests = String(k.requests);
    if (typeof k.budgetLeftUsd === "number") row.dataset.budgetLeft = k.budgetLeftUsd.toFixed(4);
    cell(row, k.id);
    cell(row, String(k.requests));
    cell(row, String(k.tokensIn + k.tokensOut));
    cell(row, typeof k.spendUsd === "number" ? "$" + k.spendUsd.toFixed(4) : "\\u2014");
    cell(row, typeof k.budgetLeftUsd === "number" ? "$" + k.budgetLeftUsd.toFixed(4) : "\\u2014");
  }
  const hit = data.cache && data.cache.hitRate;
  $("cache-hit-rate").textContent = typeof hit === "number" ? (hit * 100).toFixed(1) + "%" : "\\u2014";
  $("status").textContent = "updated " + new Date(data.time).toLocaleTimeString();
}

function ask(message) {
  clearTimeout(timer);
  sessionStorage.removeItem(STORE);
  $("board").hidden = true;
  $("login").hidden = false;
  $("login-error").textContent = message || "";
  $("admin-key").focus();
}

async function refresh() {
  const key = sessionStorage.getItem(STORE);
  if (!key) return ask();
  try {
    const response = await fetch(source, { headers: { authorization: "Bearer " + key }, cache: "no-store" });
    if (response.status === 401) return ask("That admin key was refused.");
    if (!response.ok) throw new Error("HTTP " + response.status);
    render(await response.json());
    $("login").hidden = true;
    $("board").hidden = false;
  } catch (error) {
    $("status").textContent = "not updated: " + error.message;
  }
  timer = setTimeout(refresh, REFRESH_MS);
}

$("login").addEventListener("submit", (event) => {
  event.preventDefault();
  sessionStorage.setItem(STORE, $("admin-key").value);
  $("admin-key").value = "";
  refresh();
});
$("logout").addEventListener("click", () => ask());
refresh();
`;

/** The console page, or its script or style, by the path's last part. */
export function consoleFile(
  consolePath: string,
  adminPath: string,
  file: "page" | "js" | "css",
): Response {
  if (file === "js") {
    return new Response(JS, {
      headers: { ...HEADERS, "content-type": "text/javascript; charset=utf-8" },
    });
  }
  if (file === "css") {
    return new Response(CSS, {
      headers: { ...HEADERS, "content-type": "text/css; charset=utf-8" },
    });
  }
  return new Response(
    HTML(
      escapeAttribute(consolePath),
      escapeAttribute(`${adminPath}/console.json`),
    ),
    { headers: { ...HEADERS, "content-type": "text/html; charset=utf-8" } },
  );
}
