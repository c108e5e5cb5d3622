// The playground in a real browser: playwright-core drives Debian's chromium
// (`apt-get install -y chromium`). Deno only. A missing browser FAILS the test.
import assert from "node:assert/strict";
import { startServer } from "./_server.ts";
import {
  CHROMIUM,
  chromiumMissing,
  INSTALL_CHROMIUM,
  launchChromium,
} from "../_chromium.ts";

function requireChromium(): void {
  if (chromiumMissing()) {
    throw new Error(
      `${CHROMIUM} is missing: install it with \`${INSTALL_CHROMIUM}\` (CI does this).`,
    );
  }
}

Deno.test({
  name: "playground: pasting curl shows the HAR entry and fetch() code",
  async fn() {
    requireChromium();
    const server = startServer();
    const browser = await launchChromium();
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
