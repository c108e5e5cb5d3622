// Deno-only (npm:fast-check): the matcher with maxParamLength or
// caseSensitive: false picks the route a plain matcher picks from the routes
// that qualify — the reference is built per path, the compiled table once.
import fc from "npm:fast-check@4.10.2";
import assert from "node:assert/strict";
import { Matcher } from "../../src/router/_matcher.ts";
import { parsePattern, type Pattern } from "../../src/router/_pattern.ts";

// Every segment kind, several routes able to match one path.
const PATTERNS = [
  "/a/:x",
  "/a/:x/:y",
  "/a/*",
  "/a/:x.:ext",
  "/a/me",
  "/a/Me/q/:y",
  "/:p+",
  "/a/:x{[0-9]+}",
  "/b/:x?",
  "/:any/c",
  "/B/:x/c",
  "/a/v:version",
  // A capitalized literal branch that sorts first and holds a param route:
  // "/a" must join it, or that param takes "me" from "/a/me/:tab".
  "/A/z/:x",
  "/A/:id/:tab{[0-9]+}",
  "/a/me/:tab",
];
const LIMIT = 3;
const patterns = PATTERNS.map(parsePattern);

const segmentArb = fc.oneof(
  {
    arbitrary: fc.constantFrom("a", "A", "b", "B", "c", "me", "Me", "7", "v1"),
    weight: 6,
  },
  { arbitrary: fc.stringMatching(/^[0-9a-zA-Z.]{1,6}$/), weight: 1 },
);
const pathArb = fc.array(segmentArb, { minLength: 1, maxLength: 3 }).map((
  segments,
) => "/" + segments.join("/"));

function build(list: Pattern[], options = {}): Matcher<string> {
  const matcher = new Matcher<string>(options);
  for (const pattern of list) matcher.add("GET", pattern, pattern.source);
  return matcher;
}

/** True when `pattern` matches `path` with every one-segment param ≤ LIMIT. */
function qualifies(pattern: Pattern, path: string): boolean {
  const captures = new RegExp(`^${pattern.regexSource}$`).exec(path);
  if (captures === null) return false;
  return pattern.params.every((name, i) =>
    name === pattern.wildcard || !(captures[i + 1]?.length > LIMIT)
  );
}

Deno.test("maxParamLength: the best route among those whose params fit", async () => {
  const limited = build(patterns, { maxParamLength: LIMIT });
  await fc.assert(
    fc.property(pathArb, (path) => {
      const reference = build(patterns.filter((p) => qualifies(p, path)));
      assert.equal(
        limited.match("GET", path)?.route.value,
        reference.match("GET", path)?.route.value,
        path,
      );
    }),
    { numRuns: 3000 },
  );
});

Deno.test("caseSensitive: false picks the route the lower-cased table picks for the lower-cased path", async () => {
  const insensitive = build(patterns, { caseSensitive: false });
  // These patterns name no param or constraint in capitals, so lower-casing
  // their text lower-cases their literals only. Duplicates once lower-cased
  // ("/a/me" and "/a/Me/:y" are not) keep the first, as DUPLICATE_ROUTE would.
  const lowered = build(
    patterns.map((p) => parsePattern(p.source.toLowerCase())),
  );
  const byLowered = new Map(
    PATTERNS.map((source) => [source.toLowerCase(), source]),
  );
  await fc.assert(
    fc.property(pathArb, (path) => {
      const found = lowered.match("GET", path.toLowerCase())?.route.value;
      assert.equal(
        insensitive.match("GET", path)?.route.value,
        found === undefined ? undefined : byLowered.get(found),
        path,
      );
    }),
    { numRuns: 3000 },
  );
});
