// Deno-only: the requests every target is run on — the curl corpus
// (tests/fixtures/curl: the hand corpus and browser "Copy as cURL" exports),
// the HAR cases of the httpsnippet differential test, and hostile values —
// each moved to ORIGIN so that a run can point it at its capture server.
import { parseCurl } from "../../../src/convert/curl.ts";
import { toRequest as harToRequest } from "../../../src/convert/har.ts";
import type { HttpRequest } from "../../../src/convert/types.ts";
import { HAR_CASES } from "../_har_cases.ts";
import { HOSTILE } from "../_hostile.ts";
import { ORIGIN, type WireCase } from "./_suite.ts";

const SCHEME_AND_AUTHORITY = /^[a-z][a-z0-9+.\-]*:\/\/[^/?#]*/i;

/** `request` with its scheme and authority replaced by ORIGIN. */
function moved(request: HttpRequest): HttpRequest {
  const url = SCHEME_AND_AUTHORITY.test(request.url)
    ? request.url.replace(SCHEME_AND_AUTHORITY, ORIGIN)
    : ORIGIN + (request.url.startsWith("/") ? "" : "/") + request.url;
  // A host header of the original server would be sent to ours as is.
  const headers = { ...request.headers };
  delete headers.host;
  return { ...request, url, headers };
}

const fixtures = new URL("../../fixtures/curl/", import.meta.url);

function curlCases(): WireCase[] {
  const cases: WireCase[] = [];
  const lines = Deno.readTextFileSync(new URL("corpus.txt", fixtures))
    .split("\n").filter((line) => line.trim() !== "");
  const commands = [...lines.map((line) => [line, line])];
  for (const entry of Deno.readDirSync(new URL("browser/", fixtures))) {
    if (!entry.name.endsWith(".sh")) continue;
    commands.push([
      `browser/${entry.name}`,
      Deno.readTextFileSync(new URL(`browser/${entry.name}`, fixtures)),
    ]);
  }
  commands.sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
  for (const [name, command] of commands) {
    const { request, warnings } = parseCurl(command);
    // A body read from a file names the file, not what curl would send.
    if (warnings.some((warning) => warning.code === "FILE_REFERENCE")) continue;
    cases.push({ name: `curl corpus: ${name}`, request: moved(request) });
  }
  return cases;
}

function harCases(): WireCase[] {
  return HAR_CASES.map(({ name, request }) => ({
    name: `HAR: ${name}`,
    request: moved(harToRequest(request)),
  }));
}

/** Quotes and interpolation of every target language, and the shell's. */
export const QUOTES: readonly string[] = [
  ...HOSTILE,
  '"""',
  "'''",
  "`${x}`",
  "${x}",
  "#{x}",
  // Ruby interpolates a global or an instance variable after # too.
  "#$0 #@x #@@y",
  // Java turns \uXXXX (any number of u) into the character before it reads
  // a literal: a quote, a line feed, a backslash.
  "\\u0022 \\u000a \\uuu005c",
  "%s %d %(x)s {x} {{x}}",
  "%",
  "%%",
  "%0",
  "$x $$ $",
  "\\x41 \\u0041 \\N{DASH}",
  "\\",
  "\\\\\\",
  // A backslash beside a control character: curl's $'…' quoting.
  "\\\x01\\'",
  "\t\\\r\\n",
  "a\\:b \\= \\@ \\;",
  "<?php echo 1; ?>",
  "</script><!--",
  "\u2029\u0085\ufeff\u200e",
  "Zoë 😀 ü",
  "\x00",
];

/** Whether `piece` can be part of a header value (no control but TAB). */
function fieldSafe(piece: string): boolean {
  // deno-lint-ignore no-control-regex
  return !/[\x00-\x08\x0a-\x1f\x7f]/.test(piece);
}

function hostileCases(): WireCase[] {
  const cases: WireCase[] = [];
  for (const [i, piece] of QUOTES.entries()) {
    // ASCII names, so that a test can list them.
    const label = JSON.stringify(piece).replace(
      /[^\x20-\x7e]/g,
      (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"),
    );
    cases.push({
      name: `hostile body ${label}`,
      request: {
        method: "POST",
        url: `${ORIGIN}/body/${i}`,
        headers: { "content-type": "text/plain" },
        body: `a${piece}b`,
      },
    });
    if (fieldSafe(piece)) {
      cases.push({
        name: `hostile header value ${label}`,
        request: {
          method: "GET",
          url: `${ORIGIN}/header/${i}`,
          headers: { "x-value": `a${piece}b` },
        },
      });
      cases.push({
        name: `hostile query ${label}`,
        request: {
          method: "GET",
          url: `${ORIGIN}/query/${i}?q=${encodeURIComponent(piece)}&raw=a${
            piece.replace(/[#%]/g, (c) => encodeURIComponent(c))
              // deno-lint-ignore no-control-regex
              .replace(/[\x00-\x20\x7f]/g, "")
          }b`,
          headers: {},
        },
      });
    }
  }
  // Values that start with what a command-line client reads as syntax
  // (HTTPie's := :@ ; separators, an option's dash).
  for (
    const value of ["=x", "@/etc/hostname", "=@x", ":x", ";x", "-x", "--x"]
  ) {
    cases.push({
      name: `hostile header value starting ${JSON.stringify(value)}`,
      request: {
        method: "GET",
        url: `${ORIGIN}/start/${encodeURIComponent(value)}`,
        headers: { "x-value": value },
      },
    });
  }
  return cases;
}

/** The whole corpus, in a fixed order. */
export function corpus(): WireCase[] {
  return [...curlCases(), ...harCases(), ...hostileCases()];
}
