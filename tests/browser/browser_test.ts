// Browser support: every entry point bundles for the browser with esbuild,
// and a page using the conversion modules and the template router runs in
// Debian's headless Chromium (driven by playwright-core). Deno only.
//
// Without chromium the Chromium test is skipped outside CI (with the install
// command) and fails under CI (CI=true), where .ci/run installs it
// (tests/_programs.ts).
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  bundleForBrowser,
  stopBundler,
} from "../../scripts/_browser_bundle.ts";
import { readExports } from "../../scripts/_entry_points.ts";
import { launchChromium } from "../_chromium.ts";
import { needs } from "../_programs.ts";
import { shutdownBounded } from "../_bounded.ts";

const root = new URL("../../", import.meta.url);

// esbuild runs as a child process that `stop()` ends without waiting for its
// exit, so the op and resource sanitizers would blame these tests for it.
const ESBUILD_SANITIZERS = { sanitizeOps: false, sanitizeResources: false };

Deno.test({
  name: "every entry point bundles for the browser without built-ins",
  ...ESBUILD_SANITIZERS,
}, async () => {
  const failures: string[] = [];
  try {
    for (const [subpath, file] of Object.entries(readExports(root))) {
      try {
        const bundle = await bundleForBrowser(
          fileURLToPath(new URL(file, root)),
        );
        assert.ok(bundle.code.length > 0, subpath);
        // What a bundle leaves unresolved may only be loaded on demand, never
        // by a static import that would fail the page at load time.
        for (const { path, kind } of bundle.external) {
          if (kind !== "dynamic-import") {
            failures.push(`${subpath}: static ${kind} of ${path}`);
          }
        }
      } catch (error) {
        failures.push(`${subpath}: ${(error as Error).message}`);
      }
    }
  } finally {
    await stopBundler();
  }
  assert.deepEqual(failures, []);
});

/** A rejection after `ms`, so no wait on the browser is unbounded. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer within ${ms} ms`)),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const IN_CHROMIUM =
  "the conversion modules and the template router run in Chromium";
Deno.test({
  name: IN_CHROMIUM,
  ...needs(IN_CHROMIUM, "chromium"),
  ...ESBUILD_SANITIZERS,
  async fn() {
    let script: string;
    try {
      script = (await bundleForBrowser(
        fileURLToPath(new URL("./_page.ts", import.meta.url)),
      )).code;
    } finally {
      await stopBundler();
    }
    const html =
      `<!doctype html><meta charset="utf-8"><script type="module" src="/page.js"></script>`;
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen() {} },
      (request) => {
        const { pathname } = new URL(request.url);
        if (pathname === "/") {
          return new Response(html, {
            headers: { "content-type": "text/html; charset=utf-8" },
          });
        }
        if (pathname === "/page.js") {
          return new Response(script, {
            headers: { "content-type": "text/javascript; charset=utf-8" },
          });
        }
        return new Response("Not Found", { status: 404 });
      },
    );
    const origin = `http://127.0.0.1:${server.addr.port}`;
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const pageErrors: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(String(error)));
      const outcome = page.waitForEvent("console", {
        predicate: (message) => /^(RESULT|ERROR) /.test(message.text()),
        timeout: 20_000,
      });
      await page.goto(`${origin}/`, { timeout: 20_000 });
      const line = (await within(outcome, 25_000, "the page")).text();
      assert.deepEqual(pageErrors, []);
      assert.ok(line.startsWith("RESULT "), line);
      const result = JSON.parse(line.slice("RESULT ".length));

      // Expected values written by hand from docs/convert.md's rules (raw HTTP:
      // CRLF, lowercase names, host from the url, UTF-8 content-length).
      const body = `{"name":"it's Ada"}`;
      assert.equal(result.detected, "curl");
      assert.equal(
        result.http,
        "POST https://api.example.com/users?team=core HTTP/1.1\r\n" +
          "host: api.example.com\r\n" +
          "content-type: application/json\r\n" +
          "content-length: 19\r\n" +
          "\r\n" +
          body,
      );
      assert.equal(result.harMethod, "POST");
      assert.equal(result.harUrl, "https://api.example.com/users?team=core");
      assert.deepEqual(result.harPostData, {
        mimeType: "application/json",
        text: body,
      });
      assert.equal(
        result.curl,
        "curl 'https://api.example.com/users?team=core'" +
          " -H 'host: api.example.com'" +
          " -H 'content-type: application/json'" +
          " -H 'content-length: 19'" +
          ` --data-raw '{"name":"it'\\''s Ada"}'`,
      );
      assert.ok(
        result.fetchCode.startsWith(
          'fetch("https://api.example.com/users?team=core", {\n  method: "POST",',
        ),
        result.fetchCode,
      );
      assert.ok(
        result.fetchCode.includes(`body: ${JSON.stringify(body)},`),
        result.fetchCode,
      );
      assert.deepEqual(result.hello, [200, "text/plain", "Hello, Ada L!"]);
      assert.deepEqual(result.wrongMethod, [405, "GET, HEAD, OPTIONS"]);
      assert.equal(result.missing, 404);
      assert.equal(result.fsRouter, "INVALID_ROUTE_MODULE");
      assert.match(result.fsRouterMessage, /needs a file system/);
    } finally {
      await browser.close();
      await shutdownBounded(server);
    }
  },
});
