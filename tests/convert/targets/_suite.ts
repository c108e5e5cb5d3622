// Deno-only: the behavioural suite every code-generation target runs. For a
// list of requests, each target's generated program is run by the real
// interpreter against a capture server; what arrives must equal what real
// curl sends for the same request (curl's own command from the table), apart
// from the headers each client adds by itself (the runner's `defaults`).
import assert from "node:assert/strict";
import { ConversionError } from "../../../src/convert/errors.ts";
import type { HttpRequest } from "../../../src/convert/types.ts";
import type { CodeTarget } from "../../../src/convert/targets/target.ts";
import { findTarget, targets } from "../../../src/convert/code.ts";
import { needs } from "../../_programs.ts";
import type { WireRequest } from "../_curl_wire.ts";
import { captureEach } from "./_capture.ts";
import { RUNNERS, skipReason } from "./_runners.ts";

/** The origin the cases are written for; each run puts its own there. */
export const ORIGIN = "http://origin.invalid";

/** One request of a corpus. */
export interface WireCase {
  name: string;
  /** Its URL starts with {@linkcode ORIGIN}. */
  request: HttpRequest;
}

/** A GET of each path (with its query) at {@linkcode ORIGIN}, named by it. */
export function pathCases(paths: readonly string[]): WireCase[] {
  return paths.map((path) => ({
    name: path,
    request: { method: "GET", url: `${ORIGIN}${path}`, headers: {} },
  }));
}

/** The request for the server at `origin`. */
export function at(request: HttpRequest, origin: string): HttpRequest {
  if (!request.url.startsWith(ORIGIN)) {
    throw new Error(`case URL ${request.url} does not start with ${ORIGIN}`);
  }
  return { ...request, url: origin + request.url.slice(ORIGIN.length) };
}

/** What one target did with a batch of cases. */
export interface TargetRun {
  /** Per case: the one request that arrived, or why there is none. */
  sent: Array<WireRequest | { refused: ConversionError } | { error: string }>;
  /** Per case: the headers the target warned it does not send as given. */
  warned: Array<Set<string>>;
  /** The interpreter's output, for failure messages. */
  stdout: string;
  stderr: string;
}

/** Generates every case with `target`, runs the programs, captures the wire. */
export async function runTarget(
  target: CodeTarget,
  cases: readonly WireCase[],
): Promise<TargetRun> {
  const runner = RUNNERS[target.id];
  if (runner === undefined) {
    throw new Error(
      `target ${target.id} has no runner in tests/convert/targets/_runners.ts`,
    );
  }
  const refusals = new Map<number, ConversionError>();
  const warned = cases.map(() => new Set<string>());
  const { result, requests } = await captureEach(cases.length, (origins) => {
    const programs: string[] = [];
    for (const [i, wireCase] of cases.entries()) {
      try {
        const { code, warnings } = target.generate(
          at(wireCase.request, origins[i]),
          { pretty: i % 2 === 1 },
        );
        programs.push(code);
        for (const warning of warnings) {
          if (warning.header) warned[i].add(warning.header);
        }
      } catch (error) {
        if (!(error instanceof ConversionError)) throw error;
        refusals.set(i, error);
      }
    }
    return runner.run(programs);
  });
  const sent = cases.map((_, i): TargetRun["sent"][number] => {
    const refused = refusals.get(i);
    if (refused !== undefined) return { refused };
    if (requests[i].length !== 1) {
      return { error: `${requests[i].length} requests arrived` };
    }
    return requests[i][0];
  });
  return { sent, warned, stdout: result.out, stderr: result.err };
}

/** What curl sends for each case (curl's command from the same table). */
export function curlReference(
  cases: readonly WireCase[],
): Promise<TargetRun> {
  return runTarget(findTarget("curl"), cases);
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
// Without [ and ]: outside an IP-literal host a URI cannot hold them raw, so
// a client that encodes them in a path or query is right.
const RESERVED = /[:/?#@!$&'()*+,;=]/;

/**
 * A request target in RFC 3986's normal form: escapes of unreserved
 * characters decoded, other escapes upper-cased, characters a URI cannot
 * hold percent-encoded as UTF-8. Clients differ only in these spellings
 * (curl keeps `|` raw, Python quotes it; Node encodes non-ASCII, curl keeps
 * it in the query), and each names the same resource.
 */
export function normalTarget(target: string): string {
  let out = "";
  const bytes = new TextEncoder();
  for (let i = 0; i < target.length; i++) {
    const c = target[i];
    if (c === "%" && /^[0-9a-fA-F]{2}$/.test(target.slice(i + 1, i + 3))) {
      const decoded = String.fromCharCode(
        parseInt(target.slice(i + 1, i + 3), 16),
      );
      // WHATWG URL (fetch, node:http, axios) writes ' in a query as %27.
      out += UNRESERVED.test(decoded) || decoded === "'"
        ? decoded
        : "%" + target.slice(i + 1, i + 3).toUpperCase();
      i += 2;
    } else if (UNRESERVED.test(c) || RESERVED.test(c)) {
      out += c;
    } else {
      const code = target.codePointAt(i)!;
      const char = String.fromCodePoint(code);
      if (code > 0xffff) i++;
      for (const byte of bytes.encode(char)) {
        out += "%" + byte.toString(16).toUpperCase().padStart(2, "0");
      }
    }
  }
  return out;
}

function byName(request: WireRequest): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const [name, value] of request.headers) {
    const key = name.toLowerCase();
    map.set(key, [...(map.get(key) ?? []), value]);
  }
  return map;
}

/**
 * The differences between what a target sent and what curl sent for
 * `request`; empty when they agree. `defaults` are the target's own headers.
 */
export function wireDifferences(
  got: WireRequest,
  curl: WireRequest,
  request: HttpRequest,
  defaults: readonly string[],
  warned: ReadonlySet<string> = new Set(),
): string[] {
  const differences: string[] = [];
  if (got.method !== curl.method) {
    differences.push(`method ${got.method} ≠ curl's ${curl.method}`);
  }
  if (normalTarget(got.target) !== normalTarget(curl.target)) {
    differences.push(`target ${got.target} ≠ curl's ${curl.target}`);
  }
  const own = new Set(
    Object.keys(request.headers).map((name) => name.toLowerCase()),
  );
  const ignored = new Set(
    [
      ...[...defaults, ...RUNNERS.curl.defaults, "host"].filter((name) =>
        !own.has(name)
      ),
      ...warned,
    ],
  );
  const ours = byName(got);
  const theirs = byName(curl);
  for (const name of new Set([...ours.keys(), ...theirs.keys()])) {
    if (ignored.has(name)) continue;
    const a = ours.get(name) ?? [];
    const b = theirs.get(name) ?? [];
    if (name === "content-length" && !own.has(name)) {
      // A client may state an empty body's length where curl does not.
      const zero = (values: string[]) =>
        values.length === 0 || (values.length === 1 && values[0] === "0");
      if (
        a.length === 0 || b.length === 0 ? zero(a) && zero(b) : a[0] === b[0]
      ) {
        continue;
      }
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      differences.push(
        `header ${name}: ${JSON.stringify(a)} ≠ curl's ${JSON.stringify(b)}`,
      );
    }
  }
  const body = new TextDecoder().decode(got.body);
  const curlBody = new TextDecoder().decode(curl.body);
  if (
    got.body.length !== curl.body.length ||
    got.body.some((byte, i) => byte !== curl.body[i])
  ) {
    differences.push(
      `body ${JSON.stringify(body.slice(0, 200))} ≠ curl's ${
        JSON.stringify(curlBody.slice(0, 200))
      }`,
    );
  }
  return differences;
}

/**
 * How what arrived differs from `request` itself: the method, each header the
 * request sets (values in order, without outer blanks) and the body bytes.
 * Checked for the reference run, so that curl is held to the request and not
 * only to itself.
 */
export function requestDifferences(
  got: WireRequest,
  request: HttpRequest,
): string[] {
  const differences: string[] = [];
  if (got.method !== request.method) {
    differences.push(`method ${got.method} ≠ the request's ${request.method}`);
  }
  const sent = byName(got);
  const wanted = new Map<string, string[]>();
  for (const [name, value] of Object.entries(request.headers)) {
    const key = name.toLowerCase();
    const values = (Array.isArray(value) ? value : [value]).map((v) =>
      v.replace(/^[ \t]+|[ \t]+$/g, "")
    );
    wanted.set(key, [...(wanted.get(key) ?? []), ...values]);
  }
  for (const [name, values] of wanted) {
    const arrived = sent.get(name) ?? [];
    if (JSON.stringify(arrived) !== JSON.stringify(values)) {
      differences.push(
        `header ${name}: ${JSON.stringify(arrived)} ≠ the request's ${
          JSON.stringify(values)
        }`,
      );
    }
  }
  const body = new TextEncoder().encode(request.body ?? "");
  if (
    got.body.length !== body.length || got.body.some((b, i) => b !== body[i])
  ) {
    differences.push("body bytes ≠ the request's UTF-8 body");
  }
  return differences;
}

/** The outcome of a target over a corpus: failures, and the refused cases. */
export interface SuiteOutcome {
  failures: string[];
  refused: Map<string, string>;
  checked: number;
}

/**
 * Runs `target` over `cases` and compares each wire with `reference`
 * (curl's). A case curl itself refused is skipped; a target's refusal must be
 * a ConversionError and is returned for the caller to check.
 */
export async function checkTarget(
  target: CodeTarget,
  cases: readonly WireCase[],
  reference: TargetRun,
): Promise<SuiteOutcome> {
  const runner = RUNNERS[target.id];
  // curl is the reference: its run is the reference run.
  const outcome = target.id === "curl"
    ? reference
    : await runTarget(target, cases);
  const failures: string[] = [];
  const refused = new Map<string, string>();
  let checked = 0;
  for (const [i, wireCase] of cases.entries()) {
    const curl = reference.sent[i];
    const got = outcome.sent[i];
    // A case curl refuses (NUL on a command line) is no reference; one it
    // failed to send is a failure of every target's run, never a skip.
    if ("refused" in curl) continue;
    if ("error" in curl) {
      failures.push(`${wireCase.name}: real curl: ${curl.error}`);
      continue;
    }
    if ("refused" in got) {
      refused.set(wireCase.name, `${got.refused.code}: ${got.refused.message}`);
      continue;
    }
    if ("error" in got) {
      failures.push(`${wireCase.name}: ${got.error}`);
      continue;
    }
    checked++;
    if (target.id === "curl") {
      const own = requestDifferences(got, wireCase.request);
      if (own.length > 0) {
        failures.push(`${wireCase.name} (curl):\n    ${own.join("\n    ")}`);
      }
    }
    const differences = wireDifferences(
      got,
      curl,
      wireCase.request,
      runner.defaults,
      outcome.warned[i],
    );
    if (differences.length > 0) {
      failures.push(`${wireCase.name}:\n    ${differences.join("\n    ")}`);
    }
  }
  if (failures.length > 0) {
    failures.push(
      `stderr of the ${target.id} run:\n${outcome.stderr.slice(0, 4000)}`,
    );
  }
  return { failures, refused, checked };
}

/**
 * One Deno test per target, named by `title` and skipped where curl or the
 * target's interpreter is missing (never under CI): the target runs `cases`,
 * what arrives must equal what curl sends (one curl run shared by all), and
 * `check` then looks at the outcome, its refusals above all.
 */
export async function testEveryTarget(
  title: (target: CodeTarget) => string,
  cases: readonly WireCase[],
  check: (target: CodeTarget, outcome: SuiteOutcome) => void,
): Promise<void> {
  let reference: Promise<TargetRun> | undefined;
  for (const target of targets) {
    const name = title(target);
    const skip = needs(name, "curl").ignore ||
      await skipReason(target.id) !== undefined;
    Deno.test({ name, ignore: skip }, async () => {
      reference ??= curlReference(cases);
      const outcome = await checkTarget(target, cases, await reference);
      assert.deepEqual(outcome.failures, [], outcome.failures.join("\n"));
      check(target, outcome);
    });
  }
}
