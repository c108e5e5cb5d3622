// Deno-only: a seeded property test of every target. Random requests
// (src/convert/random.ts) get hostile pieces — each language's quotes and
// interpolations, the shell's, backslashes, `%`, control characters,
// non-ASCII — in header values, the query and the body; each target's code
// is run by its real interpreter and what arrives must equal what real curl
// sends. A value that broke out of its literal or quoting would change the
// wire (or the program), so the comparison fails.
import assert from "node:assert/strict";
import { createRng, randomRequest } from "../../../src/convert/random.ts";
import type { HttpRequest } from "../../../src/convert/types.ts";
import { QUOTES } from "./_corpus.ts";
import { ORIGIN, testEveryTarget, type WireCase } from "./_suite.ts";

const SEED = 20261128;
const COUNT = 60;

// deno-lint-ignore no-control-regex
const IN_FIELD = (piece: string) => !/[\x00-\x08\x0a-\x1f\x7f]/.test(piece);
const FIELD_PIECES = QUOTES.filter(IN_FIELD);

function cases(): WireCase[] {
  const rng = createRng(SEED);
  const pieces = (list: readonly string[]) =>
    Array.from({ length: rng.int(1, 4) }, () => rng.pick(list)).join("");
  const requests = randomRequest({ seed: SEED, baseUrl: ORIGIN, count: COUNT });
  return requests.map((random, i): WireCase => {
    const headers = { ...random.headers };
    headers[`x-hostile-${i % 3}`] = `v${pieces(FIELD_PIECES)}v`;
    // A repeated header (beyond some clients) in every fourth request only,
    // so that each client still runs most of them.
    if (i % 4 === 3) {
      headers["x-hostile-list"] = ["a", `b${pieces(FIELD_PIECES)}b`];
    }
    const query = pieces(FIELD_PIECES);
    const url = random.url + (random.url.includes("?") ? "&" : "?") +
      `q=${encodeURIComponent(query)}`;
    const request: HttpRequest = { ...random, url, headers };
    if (random.body !== undefined) {
      // Any character but NUL (no command line carries it; curl is the
      // reference), line breaks included.
      request.body = random.body + pieces(QUOTES.filter((p) => p !== "\x00")) +
        rng.pick(["\r\n", "\r", "\n"]);
    }
    return { name: `seed ${SEED} request ${i}`, request };
  });
}

await testEveryTarget(
  (target) =>
    `${target.id}: random hostile requests (seed ${SEED}) arrive as curl sends them`,
  cases(),
  (_, outcome) => {
    for (const [caseName, reason] of outcome.refused) {
      // What a client cannot send is refused with the target's code.
      assert.match(
        reason,
        /^UNSUPPORTED_BY_TARGET: /,
        `${caseName}: ${reason}`,
      );
    }
    // fetch() refuses every non-Latin-1 header value: a third at least runs.
    assert.ok(
      outcome.checked >= COUNT / 3,
      `${outcome.checked} of ${COUNT} checked`,
    );
  },
);
