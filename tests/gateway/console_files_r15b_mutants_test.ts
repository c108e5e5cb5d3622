// The console's script and style, fetched as a browser fetches them: at the
// console's own path (moved here), each with its content type (a browser
// refuses a script or a style sheet of another type under `nosniff`) and the
// page's security headers, without the admin key, and each for GET alone.
// The gateway's other tests read the page only; its script and style were
// left to the browser tests, which the gateway's mutation draw does not run.
import assert from "node:assert/strict";
import { createGateway, hashKey } from "../../src/gateway/mod.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";

Deno.test("console: its script and style come at the console's path with their types and the page's headers", async () => {
  // Bugs (`_console_page.ts`: the script's content-type header emptied, the
  // style's branch inverted; `_admin.ts`: either file's path not routed).
  const gateway = createGateway({
    backends: [["echo", createEchoAdapter()]],
    admin: {
      sha256: await hashKey("sk-admin-secret"),
      path: "/ops",
      consolePath: "/ui",
    },
  });
  try {
    const files = [
      ["/ui", "text/html; charset=utf-8", /^<!doctype html>/],
      ["/ui/console.js", "text/javascript; charset=utf-8", /addEventListener/],
      ["/ui/console.css", "text/css; charset=utf-8", /\{[^}]*:[^}]*\}/],
    ] as const;
    for (const [path, type, text] of files) {
      const response = await gateway(new Request(`http://localhost${path}`));
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get("content-type"), type, path);
      assert.equal(response.headers.get("x-content-type-options"), "nosniff");
      assert.equal(response.headers.get("cache-control"), "no-store", path);
      assert.equal(response.headers.get("referrer-policy"), "no-referrer");
      assert.match(
        response.headers.get("content-security-policy") ?? "",
        /default-src 'none'/,
        path,
      );
      assert.match(await response.text(), text, path);
      const posted = await gateway(
        new Request(`http://localhost${path}`, { method: "POST", body: "x" }),
      );
      assert.equal(posted.status, 405, path);
      assert.equal(posted.headers.get("allow"), "GET", path);
      await posted.body?.cancel();
    }
    // The default console path no longer serves them.
    const old = await gateway(
      new Request("http://localhost/console/console.js"),
    );
    assert.equal(old.status, 404);
    await old.body?.cancel();
  } finally {
    gateway.dispose();
  }
});
