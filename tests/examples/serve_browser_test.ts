// The playground in a real browser: playwright-core drives Debian's chromium
// (`apt-get install -y chromium`). Deno only. Without a browser the tests are
// skipped outside CI and fail under CI=true (tests/_programs.ts).
import assert from "node:assert/strict";
import { startServer } from "./_server.ts";
import { needs } from "../_programs.ts";
import { launchChromium } from "../_chromium.ts";

type Page = Awaited<
  ReturnType<Awaited<ReturnType<typeof launchChromium>>["newPage"]>
>;

/**
 * Runs `test` against the demo server in headless Chromium, then closes
 * both. `open(url)` opens a page (default: the playground); an uncaught error
 * in any page fails the test.
 */
async function withPlayground(
  test: (
    open: (url?: string) => Promise<Page>,
    origin: string,
  ) => Promise<void>,
): Promise<void> {
  const server = startServer();
  try {
    const browser = await launchChromium();
    const pageErrors: string[] = [];
    const open = async (url = `${server.origin}/`) => {
      const page = await browser.newPage();
      page.on("pageerror", (error) => pageErrors.push(String(error)));
      await page.goto(url);
      return page;
    };
    try {
      await test(open, server.origin);
      assert.deepEqual(pageErrors, []);
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
}

const HAR_LOG_TEST =
  "playground: pasting curl shows the HAR log and fetch() code";
Deno.test({
  name: HAR_LOG_TEST,
  ...needs(HAR_LOG_TEST, "chromium"),
  async fn() {
    await withPlayground(async (open) => {
      const page = await open();
      const curl = `curl -X POST 'https://api.example.com/users?team=core' \\
  -H 'Content-Type: application/json' \\
  -H 'Authorization: Bearer token-123' \\
  --data-raw '{"name":"it'\\''s Ada"}'`;
      await page.fill("#input", curl);
      await page.click("#convert");
      // Not page.waitForFunction: when its first check is false it evals the
      // predicate again from the page's own frames, which the playground's
      // CSP refuses (an EvalError, seen when the answer came late under load).
      await until(
        page,
        'document.getElementById("out-har").textContent !== ""',
      );

      assert.equal((await page.textContent("#detected"))?.trim(), "curl");
      const har = JSON.parse((await page.textContent("#out-har")) ?? "")
        .log.entries[0];
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
    });
  },
});

interface Evaluator {
  evaluate(expression: string): Promise<unknown>;
}

/** Evaluates an expression in the page (a string: Deno has no DOM types). */
async function inPage<T>(page: Evaluator, expression: string): Promise<T> {
  return await page.evaluate(expression) as T;
}

/**
 * Waits until `expression` is true in the page: at most 100 polls 100 ms
 * apart. (page.waitForFunction evaluates its predicate with eval inside the
 * page, which the playground's Content-Security-Policy forbids.)
 */
async function until(page: Evaluator, expression: string): Promise<void> {
  for (let poll = 0; poll < 100; poll++) {
    if (await page.evaluate(expression)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`still false after 100 polls: ${expression}`);
}

const WARNINGS_TEST =
  "playground: warnings with the option marked, the HAR log, picking a HAR entry, a share link";
Deno.test({
  name: WARNINGS_TEST,
  ...needs(WARNINGS_TEST, "chromium"),
  async fn() {
    await withPlayground(async (open, origin) => {
      const page = await open();

      // Warnings: code, message, and the word holding the option marked.
      const command = "curl -sL -d @payload.json https://example.com/upload";
      await page.fill("#input", command);
      await page.click("#convert");
      await until(
        page,
        'document.querySelectorAll("#warnings li").length === 3',
      );
      const warnings = await inPage<
        Array<{ code: string; text: string; mark: string; line: string }>
      >(
        page,
        `Array.from(document.querySelectorAll("#warnings li")).map((li) => ({
          code: li.dataset.code,
          text: li.textContent,
          mark: li.querySelector("mark").textContent,
          line: li.querySelector("pre").textContent,
        }))`,
      );
      assert.deepEqual(warnings.map((w) => [w.code, w.mark, w.line]), [
        ["IGNORED_OPTION", "-sL", command],
        ["IGNORED_OPTION", "-sL", command],
        ["FILE_REFERENCE", "-d", command],
      ]);
      assert.ok(warnings[0].text.includes("-s does not change the request"));
      assert.ok(warnings[2].text.includes("@payload.json"), warnings[2].text);
      // The body is still shown as curl's text, next to the warning.
      assert.ok(
        ((await page.textContent("#out-curl")) ?? "").includes("@payload.json"),
      );
      await page.click("#warnings li:nth-child(3)");
      assert.deepEqual(
        await inPage(
          page,
          '[document.getElementById("input").selectionStart, document.getElementById("input").selectionEnd]',
        ),
        [9, 11],
      );

      // The HAR panel holds a whole HAR 1.2 log.
      const har = JSON.parse((await page.textContent("#out-har")) ?? "");
      assert.equal(har.log.version, "1.2");
      assert.equal(har.log.creator.name.length > 0, true);
      assert.equal(har.log.entries.length, 1);
      assert.equal(har.log.entries[0].request.postData.text, "@payload.json");

      // A log of several entries: say so, and convert the one picked.
      const hostile = "<img src=x onerror=window.__pwned=1>";
      const log = JSON.stringify({
        log: {
          entries: ["GET", "DELETE", "PUT"].map((method, i) => ({
            request: {
              method,
              url: `https://a.example/${i}`,
              headers: [{ name: "x-note", value: hostile }],
            },
          })),
        },
      }).replace("https://a.example/2", `https://a.example/2#${hostile}`);
      await page.fill("#input", log);
      await page.click("#convert");
      await until(page, '!document.getElementById("entries").hidden');
      const note = (await page.textContent("#entries-note")) ?? "";
      assert.match(note, /3 entries/);
      assert.match(note, /entry 1\b/);
      const labels = await inPage<string[]>(
        page,
        'Array.from(document.querySelectorAll("#entry option")).map((o) => o.textContent)',
      );
      assert.deepEqual(labels.slice(0, 2), [
        "1. GET https://a.example/0",
        "2. DELETE https://a.example/1",
      ]);
      assert.ok(labels[2].includes(hostile), labels[2]);
      await page.selectOption("#entry", "1");
      await until(
        page,
        'document.getElementById("out-curl").textContent.includes("https://a.example/1")',
      );
      const picked = JSON.parse((await page.textContent("#out-har")) ?? "");
      assert.equal(picked.log.entries[0].request.method, "DELETE");
      assert.equal(await page.inputValue("#entry"), "1");
      assert.match((await page.textContent("#out-fetch")) ?? "", /"DELETE"/);

      // A share link restores input, options and the picked entry.
      const shared = await open("about:blank");
      /** Shares `page`'s state, opens the link in `shared`, waits for `ready`. */
      const openShared = async (ready: string) => {
        await page.click("#share");
        const link = await page.inputValue("#share-url");
        assert.ok(link.startsWith(`${origin}/#`), link);
        await shared.goto(link);
        await until(shared, ready);
      };
      await openShared(
        'document.getElementById("out-curl").textContent.includes("https://a.example/1")',
      );
      assert.equal(await shared.inputValue("#input"), log);
      assert.equal(await shared.inputValue("#entry"), "1");

      const multiline = `curl 'https://example.com/it'\\''s?q=é&x=1#frag' \\
  -H 'X-A: b%20c' -d 'a=1&b=2'`;
      await page.fill("#input", multiline);
      await page.selectOption("#from", "curl");
      await page.uncheck("#pretty");
      await openShared(
        'document.getElementById("out-curl").textContent.startsWith("curl ")',
      );
      assert.equal(await shared.inputValue("#input"), multiline);
      assert.equal(await shared.inputValue("#from"), "curl");
      assert.equal(await shared.isChecked("#pretty"), false);
      // Not pretty: the curl command is on one line.
      assert.ok(
        !((await shared.textContent("#out-curl")) ?? "").includes("\n"),
      );

      // Untrusted text was rendered as text: no element, no script ran.
      for (const p of [page, shared]) {
        assert.equal(
          await inPage(p, "document.querySelectorAll('img').length"),
          0,
        );
        assert.equal(await inPage(p, "typeof window.__pwned"), "undefined");
      }
    });
  },
});

const CODE_TEST =
  "playground: the code target picker shows each target's code, or why it refuses, and copies it";
Deno.test({
  name: CODE_TEST,
  ...needs(CODE_TEST, "chromium"),
  async fn() {
    await withPlayground(async (open) => {
      const page = await open();
      // The clipboard, for the copy button (headless Chromium grants it).
      await page.context().grantPermissions([
        "clipboard-read",
        "clipboard-write",
      ]);
      await page.fill(
        "#input",
        `curl -X PUT 'https://api.example.com/notes/1' -H 'X-Note: it'\\''s' -d 'a "b"'`,
      );
      await page.click("#convert");
      await until(
        page,
        'document.getElementById("out-code").textContent !== ""',
      );
      // Python requests is the first choice; every target of the table is offered.
      const python = (await page.textContent("#out-code")) ?? "";
      assert.ok(
        python.includes("requests.put(url, headers=headers, data=data)"),
        python,
      );
      assert.ok(python.includes(`data = "a \\"b\\""`), python);
      const ids = await inPage<string[]>(
        page,
        'Array.from(document.querySelectorAll("#target option"), (o) => o.value)',
      );
      for (
        const id of [
          "curl",
          "httpie",
          "wget",
          "fetch",
          "node-http",
          "node-axios",
          "python-httpx",
        ]
      ) {
        assert.ok(ids.includes(id), `${id} in ${ids}`);
      }

      // Another target: its code replaces the first without a new conversion.
      await page.selectOption("#target", "wget");
      const wget = (await page.textContent("#out-code")) ?? "";
      assert.ok(wget.startsWith("wget --quiet"), wget);
      assert.ok(wget.includes(`--body-data='a "b"'`), wget);

      // Copy puts exactly the shown code on the clipboard.
      await page.click('[data-copy="out-code"]');
      await until(
        page,
        'document.querySelector(\'[data-copy="out-code"]\').textContent === "copied"',
      );
      assert.equal(
        await inPage<string>(page, "navigator.clipboard.readText()"),
        wget,
      );

      // A request the chosen client cannot send shows the refusal's code.
      await page.fill(
        "#input",
        "curl -H 'X-M: 1' -H 'X-M: 2' https://a.example/",
      );
      await page.click("#convert");
      await until(
        page,
        'document.getElementById("out-code").textContent.startsWith("UNSUPPORTED_BY_TARGET")',
      );
      // The picker keeps the choice across conversions.
      assert.equal(
        await inPage<string>(page, 'document.getElementById("target").value'),
        "wget",
      );
    });
  },
});
