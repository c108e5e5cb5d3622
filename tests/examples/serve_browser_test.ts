// The playground in a real browser: playwright-core drives Debian's chromium
// (`apt-get install -y chromium`). Deno only. Without a browser the test is
// skipped outside CI and fails under CI=true (tests/_programs.ts).
import assert from "node:assert/strict";
import { chromium } from "npm:playwright-core@1.65.1";
import { needs, programPath } from "../_programs.ts";
import { startServer } from "./_server.ts";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const NAME = "playground: pasting curl shows the HAR entry and fetch() code";

Deno.test({
  name: NAME,
  ...needs(NAME, "chromium"),
  async fn() {
    const executablePath = programPath("chromium");
    const server = startServer();
    const browser = await chromium.launch({
      executablePath,
      args: ARGS,
      timeout: 30_000,
    });
    try {
      const page = await browser.newPage();
      const pageErrors: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(String(error)));
      await page.goto(`${server.origin}/`);
      const curl = `curl -X POST 'https://api.example.com/users?team=core' \\
  -H 'Content-Type: application/json' \\
  -H 'Authorization: Bearer token-123' \\
  --data-raw '{"name":"it'\\''s Ada"}'`;
      await page.fill("#input", curl);
      await page.click("#convert");
      // A string predicate: it runs in the page, whose DOM types Deno does not load.
      await page.waitForFunction(
        'document.getElementById("out-har").textContent !== ""',
        null,
        { timeout: 10_000 },
      );

      assert.equal((await page.textContent("#detected"))?.trim(), "curl");
      const har = JSON.parse((await page.textContent("#out-har")) ?? "");
      assert.equal(har.request.method, "POST");
      assert.equal(har.request.url, "https://api.example.com/users?team=core");
      assert.deepEqual(har.request.queryString, [{
        name: "team",
        value: "core",
      }]);
      const headers = Object.fromEntries(
        har.request.headers.map((
          h: { name: string; value: string },
        ) => [h.name.toLowerCase(), h.value]),
      );
      assert.equal(headers["authorization"], "Bearer token-123");
      assert.equal(har.request.postData.mimeType, "application/json");
      assert.equal(har.request.postData.text, `{"name":"it's Ada"}`);

      const fetchCode = (await page.textContent("#out-fetch")) ?? "";
      assert.match(
        fetchCode,
        /^fetch\("https:\/\/api\.example\.com\/users\?team=core", \{/,
      );
      assert.ok(fetchCode.includes('method: "POST"'), fetchCode);
      assert.ok(
        fetchCode.includes('"authorization": "Bearer token-123"'),
        fetchCode,
      );
      assert.ok(
        fetchCode.includes(JSON.stringify(`{"name":"it's Ada"}`)),
        fetchCode,
      );

      // An error shows the ConversionError code and where it is.
      await page.fill("#input", "curl 'https://unterminated");
      await page.click("#convert");
      await page.waitForSelector("#error.visible", { timeout: 10_000 });
      const error = (await page.textContent("#error")) ?? "";
      assert.ok(error.includes("UNTERMINATED_QUOTE"), error);
      assert.ok(error.includes("offset 5"), error);
      assert.equal(await page.textContent("#out-har"), "");
      assert.deepEqual(pageErrors, []);
    } finally {
      await browser.close();
      await server.close();
    }
  },
});
