// The gateway's console in a real browser: playwright-core drives Debian's
// chromium at a phone's width (390 px). The page asks for the admin key,
// refuses a wrong one, then shows the backends and keeps refreshing: a
// breaker opening after upstream failures and a key's request count rising
// appear without a reload. A screenshot is kept under .artifacts/ (git
// ignores it). Without a browser the test is skipped outside CI and fails
// under CI=true (tests/_programs.ts).
import assert from "node:assert/strict";
import { needs } from "../_programs.ts";
import { launchChromium } from "../_chromium.ts";
import { hashKey } from "../../src/gateway/mod.ts";
import {
  createEchoAdapter,
  createFailingAdapter,
} from "../../src/models/testing.ts";
import { serveGateway } from "../gateway/_serve.ts";
import { withTimeout } from "../_timeout.ts";

const ADMIN = "sk-console-admin";
const WAIT = { timeout: 15_000 };
const HOSTILE = '<img src="x" id="injected">';
const NAME =
  "console: asks for the admin key, shows backends, a breaker opening, a key's requests rising and its budget running down (390 px)";

Deno.test({
  name: NAME,
  ...needs(NAME, "chromium"),
  async fn() {
    const served = serveGateway({
      backends: [
        ["echo", createEchoAdapter()],
        ["down", createFailingAdapter()],
        // A name is data: it must show as text, never become markup.
        [HOSTILE, createEchoAdapter()],
      ],
      routerConfig: {
        enableCircuitBreaker: true,
        circuitBreakerThreshold: 2,
        circuitBreakerTimeout: 600_000,
      },
      admin: { sha256: await hashKey(ADMIN) },
      // Priced, so each answer spends some of the key's budget.
      prices: { echo: { input: 1_000, output: 1_000 } },
    });
    const fetchBounded = (input: string, init: RequestInit) =>
      withTimeout(fetch(input, init), 10_000, `fetch ${input}`);
    const created = await fetchBounded(`${served.origin}/admin/keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN}` },
      body: JSON.stringify({
        id: "team-web",
        budget: { usd: 1, period: "day" },
      }),
    });
    assert.equal(created.status, 201);
    const secret: string = (await created.json()).key;
    const chat = async (model: string) => {
      const response = await fetchBounded(
        `${served.origin}/v1/chat/completions`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${secret}` },
          body: JSON.stringify({
            model,
            messages: [{ role: "user", content: "hi" }],
          }),
        },
      );
      await response.body?.cancel();
      return response.status;
    };
    try {
      const browser = await launchChromium();
      try {
        const page = await browser.newPage({
          viewport: { width: 390, height: 844 },
        });
        const problems: string[] = [];
        page.on("pageerror", (error) => problems.push(String(error)));
        page.on("console", (message) => {
          if (/Content Security Policy/i.test(message.text())) {
            problems.push(message.text());
          }
        });
        await page.goto(`${served.origin}/console`);
        // It asks for the key first.
        await page.waitForSelector("#admin-key", { state: "visible", ...WAIT });
        assert.equal(await page.isHidden("#board"), true);

        await page.fill("#admin-key", "sk-wrong");
        await page.click("button[type=submit]");
        // A locator, not waitForFunction: its string predicate is eval'd
        // in the page, which the console's CSP (rightly) forbids.
        await page.locator("#login-error", { hasText: "refused" }).waitFor(
          WAIT,
        );

        await page.fill("#admin-key", ADMIN);
        await page.click("button[type=submit]");
        await page.waitForSelector('tr[data-backend="down"]', WAIT);
        // The form goes away once the key is taken (a display rule must
        // not override the hidden attribute).
        assert.equal(await page.isHidden("#login"), true);
        assert.equal(await page.isVisible("#board"), true);
        assert.equal(
          await page.getAttribute('tr[data-backend="down"]', "data-breaker"),
          "closed",
        );
        assert.equal(
          await page.getAttribute('tr[data-backend="echo"]', "data-breaker"),
          "closed",
        );
        assert.equal(
          await page.getAttribute('tr[data-key="team-web"]', "data-requests"),
          "0",
        );
        assert.equal(await page.$("#injected"), null);
        const names = await page.$$eval(
          "#backends tbody tr td:first-child",
          (cells) => cells.map((cell) => cell.textContent),
        );
        assert.deepEqual(names, ["echo", "down", HOSTILE]);
        // No shared store: the backends' counts are said to be this
        // instance's, the keys' always are.
        assert.equal(
          await page.textContent("#backends-scope"),
          "This instance.",
        );
        assert.match(
          await page.$$eval(
            ".scope",
            (notes) => notes.map((note) => note.textContent).join(" "),
          ),
          /Requests, tokens and spend: this instance/,
        );
        // No cache is configured: its hit rate shows as "—".
        assert.equal(
          (await page.textContent("#cache-hit-rate"))?.trim(),
          "\u2014",
        );

        // Two failures on "down" open its breaker (fallback answers them).
        assert.equal(await chat("down"), 200);
        assert.equal(await chat("down"), 200);
        await page.waitForSelector(
          'tr[data-backend="down"][data-breaker="open"]',
          WAIT,
        );
        await page.waitForSelector(
          'tr[data-key="team-web"][data-requests="2"]',
          WAIT,
        );
        assert.equal(await chat("echo"), 200);
        await page.waitForSelector(
          'tr[data-key="team-web"][data-requests="3"]',
          WAIT,
        );
        // The budget runs down by what the answers cost.
        const budgetLeft = async () =>
          Number(
            await page.getAttribute(
              'tr[data-key="team-web"]',
              "data-budget-left",
            ),
          );
        const before = await budgetLeft();
        assert.ok(before < 1 && before > 0, `budget left ${before}`);
        assert.equal(await chat("echo"), 200);
        await page.waitForSelector(
          'tr[data-key="team-web"][data-requests="4"]',
          WAIT,
        );
        assert.ok(await budgetLeft() < before, "the budget ran down");
        assert.equal(
          await page.textContent('tr[data-backend="down"] td:nth-child(2)'),
          "open",
        );

        // Readable on a phone: rows are cards, nothing wider than the
        // viewport, each value labelled with its column.
        const overflow = await page.evaluate(
          "document.documentElement.scrollWidth",
        );
        assert.ok(
          (overflow as number) <= 390,
          `page is ${overflow}px wide`,
        );
        assert.equal(
          await page.getAttribute(
            'tr[data-backend="down"] td:nth-child(2)',
            "data-label",
          ),
          "Breaker",
        );
        const tableWidth = await page.evaluate(
          'document.getElementById("backends").scrollWidth',
        );
        assert.ok((tableWidth as number) <= 390, `table is ${tableWidth}px`);
        // The key is kept for the tab only.
        assert.equal(
          await page.evaluate(
            'sessionStorage.getItem("switchyard-admin-key")',
          ),
          ADMIN,
        );
        await Deno.mkdir(".artifacts", { recursive: true });
        const path = ".artifacts/console-390.png";
        await page.screenshot({ path, fullPage: true });
        console.log(`console screenshot: ${await Deno.realPath(path)}`);
        assert.deepEqual(problems, []);
      } finally {
        await browser.close();
      }
    } finally {
      await served.close();
    }
  },
});
