/**
 * Seeded random HTTP requests for tests, fuzzing and benchmarks.
 *
 * Decisions (the seed leaves these open):
 *
 * - **PRNG**: mulberry32 (Tommy Ettinger's 32-bit generator) over the seed
 *   coerced to an unsigned 32-bit integer (`seed >>> 0`; seeds that agree
 *   modulo 2^32 give the same stream). It uses only `Math.imul`, shifts and
 *   xor, so the stream is bit-identical on every JavaScript runtime; floats
 *   are `uint32 / 2^32`, exact in IEEE doubles. The generator is exported as
 *   {@linkcode createRng} so `paths` and `body` functions get the same {@linkcode Rng}.
 *   Changing the algorithm is a breaking change: the tests pin golden values.
 * - **No seed**: a seed is drawn from `Math.random()` (output not reproducible).
 * - **count**: requests are drawn one after another from one stream, so
 *   `randomRequest({ seed, count: n })` is a pure function of the seed and its
 *   first element equals `randomRequest({ seed })`.
 * - **Methods**: the default pool is weighted GET 40, POST 25, PUT 10,
 *   DELETE 10, PATCH 8, HEAD 4, OPTIONS 3; a `methods` list is drawn uniformly.
 * - **Paths**: templates from a built-in REST-like list, or `paths`; every
 *   `:name` segment is filled in (`:id` with an integer 1–9999, other names
 *   with a lowercase word); about a third of generated paths get a query.
 *   The URL is `baseUrl` (default `https://api.example.com`) + path; a path
 *   that is already absolute is kept.
 * - **Bodies**: with `body: true` (the default) only POST, PUT and PATCH get
 *   one — JSON (60%), form-urlencoded (25%) or UTF-8 text (15%). A string,
 *   object (JSON-encoded) or function result is used for every method.
 * - **Headers**: `true` (default) generates accept, user-agent and some of
 *   accept-language, x-request-id, authorization, cache-control and cookie,
 *   plus a content-type matching the body (JSON, form or text, sniffed for
 *   string bodies). `false` gives `{}`; an object is used as `normalizeHeaders`
 *   (core/utils) gives it — names lowercased, names that differ only in case
 *   one array of every value in order — and no content-type is added.
 * - **Round-trip safe**: generated URLs are already in WHATWG-normalised form,
 *   header values are printable ASCII without edge white space, and bodies are
 *   well-formed UTF-8, so raw HTTP, curl, HAR and fetch conversions give the
 *   same request back (the tests check 10,000 of them).
 * - Every request has `httpVersion: "1.1"`.
 *
 * @example Reproducible requests
 * ```ts
 * import { randomRequest } from "@switchyard/switchyard/random";
 * const a = randomRequest({ seed: 42, count: 3 });
 * const b = randomRequest({ seed: 42, count: 3 });
 * console.log(JSON.stringify(a) === JSON.stringify(b)); // true
 * ```
 *
 * @module
 */
import { normalizeHeaders } from "./core.ts";
import { ConversionError } from "./errors.ts";
import type { HeaderMap, HttpRequest } from "./types.ts";

export type { HeaderMap, HttpRequest } from "./types.ts";

/**
 * A seeded pseudo-random number generator (mulberry32).
 *
 * @example Usage
 * ```ts
 * import { createRng, type Rng } from "@switchyard/switchyard/random";
 * const rng: Rng = createRng(7);
 * console.log(rng.int(1, 6)); // a die roll, the same for seed 7 everywhere
 * ```
 */
export interface Rng {
  /** The seed as the unsigned 32-bit integer the stream started from. */
  readonly seed: number;
  /** Next unsigned 32-bit integer. */
  nextUint32(): number;
  /** Next float in [0, 1): `nextUint32() / 2^32`. */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One item of a non-empty list, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** True with the given probability (0–1). */
  chance(probability: number): boolean;
}

/**
 * Creates a mulberry32 generator over `seed >>> 0`.
 *
 * @param seed Any number; it is coerced to an unsigned 32-bit integer.
 * @returns The generator.
 * @throws {ConversionError} `INVALID_OPTION` when the seed is not finite.
 *
 * @example Same seed, same stream
 * ```ts
 * import { createRng } from "@switchyard/switchyard/random";
 * const a = createRng(1), b = createRng(1);
 * console.log(a.nextUint32() === b.nextUint32()); // true
 * ```
 */
export function createRng(seed: number): Rng {
  if (typeof seed !== "number" || !Number.isFinite(seed)) {
    throw new ConversionError({
      code: "INVALID_OPTION",
      message: `seed must be a finite number, got ${
        typeof seed === "number" ? String(seed) : typeof seed
      }`,
      path: "seed",
    });
  }
  const start = seed >>> 0;
  let state = start;
  const nextUint32 = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = (): number => nextUint32() / 4294967296;
  return {
    seed: start,
    nextUint32,
    next,
    int: (min: number, max: number): number =>
      min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) {
        throw new ConversionError({
          code: "INVALID_OPTION",
          message: "Cannot pick from an empty list",
        });
      }
      return items[Math.floor(next() * items.length)];
    },
    chance: (probability: number): boolean => next() < probability,
  };
}

/**
 * Options shared by every generator: where randomness comes from.
 *
 * @example Usage
 * ```ts
 * import type { RandomSource } from "@switchyard/switchyard/random";
 * const source: RandomSource = { seed: 1234 };
 * ```
 */
export interface RandomSource {
  /** Seed of a fresh generator; ignored when `rng` is given. */
  seed?: number;
  /** A generator to draw from (shared state, e.g. inside a `paths` function). */
  rng?: Rng;
}

/**
 * Options of {@linkcode randomMethod}.
 *
 * @example Usage
 * ```ts
 * import type { RandomMethodOptions } from "@switchyard/switchyard/random";
 * const options: RandomMethodOptions = { seed: 1, methods: ["GET", "POST"] };
 * ```
 */
export interface RandomMethodOptions extends RandomSource {
  /** Methods drawn uniformly; default a pool weighted towards GET and POST. */
  methods?: readonly string[];
}

/**
 * Options of {@linkcode randomPath}.
 *
 * @example Usage
 * ```ts
 * import type { RandomPathOptions } from "@switchyard/switchyard/random";
 * const options: RandomPathOptions = { seed: 1, paths: ["/users/:id"] };
 * ```
 */
export interface RandomPathOptions extends RandomSource {
  /** Templates with `:name` segments, or a function of the generator. */
  paths?: readonly string[] | ((rng: Rng) => string);
}

/**
 * A body option: `true` automatic and method-aware, `false` none, a string
 * as is, an object JSON-encoded, or a function of the generator and method.
 *
 * @example Usage
 * ```ts
 * import type { RandomBodyOption } from "@switchyard/switchyard/random";
 * const body: RandomBodyOption = (rng, method) => method === "POST" ? `n=${rng.int(1, 9)}` : undefined;
 * ```
 */
export type RandomBodyOption =
  | boolean
  | string
  | Record<string, unknown>
  | unknown[]
  | ((rng: Rng, method: string) => string | undefined);

/**
 * Options of {@linkcode randomBody}.
 *
 * @example Usage
 * ```ts
 * import type { RandomBodyOptions } from "@switchyard/switchyard/random";
 * const options: RandomBodyOptions = { seed: 1, method: "POST" };
 * ```
 */
export interface RandomBodyOptions extends RandomSource {
  /** The request method (bodies are method-aware); default `POST`. */
  method?: string;
  /** What body to make; default `true`. */
  body?: RandomBodyOption;
}

/**
 * Options of {@linkcode randomHeaders}.
 *
 * @example Usage
 * ```ts
 * import type { RandomHeadersOptions } from "@switchyard/switchyard/random";
 * const options: RandomHeadersOptions = { seed: 1, contentType: "application/json" };
 * ```
 */
export interface RandomHeadersOptions extends RandomSource {
  /** `true` generates, `false` gives `{}`, an object is normalized. */
  headers?: boolean | Record<string, string | string[]>;
  /** Content type to add to generated headers (for a body). */
  contentType?: string;
}

/**
 * Options of {@linkcode randomRequest}.
 *
 * @example Usage
 * ```ts
 * import type { RandomRequestOptions } from "@switchyard/switchyard/random";
 * const options: RandomRequestOptions = {
 *   seed: 42,
 *   methods: ["GET", "POST"],
 *   paths: ["/users/:id", "/posts"],
 *   baseUrl: "http://localhost:8000",
 * };
 * ```
 */
export interface RandomRequestOptions extends RandomSource {
  /** Methods drawn uniformly; default a pool weighted towards GET and POST. */
  methods?: readonly string[];
  /**
   * Templates with `:name` segments, or a function of the generator. A path
   * that is an absolute URL (`scheme://…`) is the whole URL, without
   * `baseUrl`.
   */
  paths?: readonly string[] | ((rng: Rng) => string);
  /** `true` generates, `false` gives `{}`, an object is normalized. */
  headers?: boolean | Record<string, string | string[]>;
  /** What body to make; default `true` (automatic, method-aware). */
  body?: RandomBodyOption;
  /** URL prefix; default `https://api.example.com`. `""` gives paths only. */
  baseUrl?: string;
  /** When set, an array of that many requests. */
  count?: number;
}

/**
 * Default URL prefix of generated requests.
 *
 * @example Generated URLs start with it
 * ```ts
 * import { DEFAULT_BASE_URL, randomRequest } from "@switchyard/switchyard/random";
 * console.log(randomRequest({ seed: 1 }).url.startsWith(DEFAULT_BASE_URL)); // true
 * ```
 */
export const DEFAULT_BASE_URL = "https://api.example.com";

const METHOD_POOL: ReadonlyArray<readonly [string, number]> = [
  ["GET", 40],
  ["POST", 25],
  ["PUT", 10],
  ["DELETE", 10],
  ["PATCH", 8],
  ["HEAD", 4],
  ["OPTIONS", 3],
];
const METHOD_WEIGHT = METHOD_POOL.reduce((sum, [, weight]) => sum + weight, 0);

const PATHS: readonly string[] = [
  "/users",
  "/users/:id",
  "/users/:id/posts",
  "/posts/:id/comments",
  "/api/v1/items/:id",
  "/api/v2/orders/:id/lines",
  "/products/:slug/reviews",
  "/search",
  "/health",
  "/files/:name",
];

const WORDS: readonly string[] = [
  "alpha",
  "bravo",
  "delta",
  "echo",
  "falcon",
  "harbor",
  "indigo",
  "juniper",
  "kepler",
  "lumen",
  "meadow",
  "nova",
  "orbit",
  "pixel",
  "quartz",
  "river",
  "signal",
  "tundra",
  "vector",
  "willow",
];

// Non-ASCII on purpose: bodies must survive every format as UTF-8.
const NAMES: readonly string[] = [
  "Ada Lovelace",
  "Grace Hopper",
  "Alan Turing",
  "Zoë Çelik",
  "José Núñez",
  "Søren Ødegård",
  "李小龙",
  'O\'Brien "Ned"',
];

const ACCEPT: readonly string[] = [
  "application/json",
  "*/*",
  "text/html,application/xhtml+xml",
  "application/json, text/plain, */*",
];

const USER_AGENTS: readonly string[] = [
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0",
  "curl/8.5.0",
  "PostmanRuntime/7.36.0",
  "switchyard-random/1.0",
];

const LANGUAGES: readonly string[] = [
  "en-US,en;q=0.9",
  "de-DE,de;q=0.8",
  "fr-FR",
  "ja-JP,ja;q=0.9,en;q=0.5",
];

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const HEX = "0123456789abcdef";

const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";
const TEXT_TYPE = "text/plain; charset=utf-8";

function sourceOf(options: RandomSource | undefined): Rng {
  if (options?.rng) return options.rng;
  if (options?.seed !== undefined) return createRng(options.seed);
  return createRng(Math.floor(Math.random() * 4294967296));
}

function token(rng: Rng, alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) {
    out += alphabet[rng.int(0, alphabet.length - 1)];
  }
  return out;
}

function drawMethod(rng: Rng, methods: readonly string[] | undefined): string {
  if (methods !== undefined) return drawnString(rng.pick(methods), "methods");
  let ticket = rng.int(0, METHOD_WEIGHT - 1);
  for (const [method, weight] of METHOD_POOL) {
    if (ticket < weight) return method;
    ticket -= weight;
  }
  return "GET";
}

function fillTemplate(rng: Rng, template: string): string {
  return template.replace(
    /\/:([A-Za-z_][A-Za-z0-9_]*)/g,
    (_match, name: string) =>
      name === "id" ? `/${rng.int(1, 9999)}` : `/${rng.pick(WORDS)}`,
  );
}

function drawQuery(rng: Rng): string {
  switch (rng.int(0, 2)) {
    case 0:
      return `?page=${rng.int(1, 50)}&limit=${rng.pick([10, 20, 50, 100])}`;
    case 1:
      return `?q=${rng.pick(WORDS)}`;
    default:
      return `?sort=${rng.pick(WORDS)}&order=${rng.pick(["asc", "desc"])}`;
  }
}

// Options come from untyped callers too: a number where a string belongs
// would otherwise surface as a TypeError deep inside, or as a bad request.
function drawnString(value: unknown, path: string): string {
  if (typeof value === "string") return value;
  throw new ConversionError({
    code: "INVALID_OPTION",
    message: `${path} must give strings, got ${
      value === null ? "null" : typeof value
    }`,
    path,
  });
}

function drawPath(rng: Rng, paths: RandomPathOptions["paths"]): string {
  if (typeof paths === "function") return drawnString(paths(rng), "paths");
  const template = drawnString(rng.pick(paths ?? PATHS), "paths");
  const path = fillTemplate(rng, template);
  // Only built-in templates get a query: user templates are taken literally.
  if (paths === undefined && rng.chance(1 / 3)) return path + drawQuery(rng);
  return path;
}

function formEncode(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, "+");
}

interface Body {
  body: string;
  contentType: string;
}

function drawAutoBody(rng: Rng): Body {
  const kind = rng.int(0, 99);
  if (kind < 60) {
    const value = {
      id: rng.int(1, 99999),
      name: rng.pick(NAMES),
      email: `${rng.pick(WORDS)}.${rng.int(1, 999)}@example.com`,
      active: rng.chance(0.5),
      tags: Array.from({ length: rng.int(0, 3) }, () => rng.pick(WORDS)),
      score: rng.int(0, 10000) / 100,
    };
    return { body: JSON.stringify(value), contentType: JSON_TYPE };
  }
  if (kind < 85) {
    const pairs: string[] = [];
    const n = rng.int(1, 4);
    for (let i = 0; i < n; i++) {
      const value = rng.chance(0.3) ? rng.pick(NAMES) : rng.pick(WORDS);
      pairs.push(`${rng.pick(WORDS)}=${formEncode(value)}`);
    }
    return { body: pairs.join("&"), contentType: FORM_TYPE };
  }
  const words = Array.from({ length: rng.int(1, 12) }, () => rng.pick(WORDS));
  return {
    body: `${rng.pick(NAMES)}: ${words.join(" ")}.`,
    contentType: TEXT_TYPE,
  };
}

const FORM_BODY = /^[^=&\s]+=[^&\s]*(?:&[^=&\s]+=[^&\s]*)*$/;

/** The content type a given body text most plausibly has. */
function sniffContentType(body: string): string {
  const trimmed = body.trimStart();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      JSON.parse(body);
      return JSON_TYPE;
    } catch {
      // not JSON: fall through
    }
  }
  return FORM_BODY.test(body) ? FORM_TYPE : TEXT_TYPE;
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

function drawBody(
  rng: Rng,
  method: string,
  option: RandomBodyOption | undefined,
): Body | undefined {
  if (option === false) return undefined;
  if (option === undefined || option === true) {
    return BODY_METHODS.has(String(method).toUpperCase())
      ? drawAutoBody(rng)
      : undefined;
  }
  if (typeof option === "string") {
    return { body: option, contentType: sniffContentType(option) };
  }
  if (typeof option === "function") {
    const body = option(rng, method);
    if (body === undefined) return undefined;
    if (typeof body !== "string") {
      throw new ConversionError({
        code: "INVALID_OPTION",
        message: "The body function must return a string or undefined",
        path: "body",
      });
    }
    return { body, contentType: sniffContentType(body) };
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(option);
  } catch (cause) {
    // A BigInt or a cycle: JSON.stringify's TypeError names neither option nor field.
    // An error with an empty message still names its kind ("RangeError").
    throw new ConversionError({
      code: "INVALID_OPTION",
      message: `The body object cannot be written as JSON: ${
        (cause as Error)?.message || String(cause)
      }`,
      path: "body",
      cause,
    });
  }
  if (json === undefined) {
    throw new ConversionError({
      code: "INVALID_OPTION",
      message: "The body option must be a boolean, string, object or function",
      path: "body",
    });
  }
  return { body: json, contentType: JSON_TYPE };
}

function drawHeaders(
  rng: Rng,
  option: RandomHeadersOptions["headers"],
  contentType: string | undefined,
): HeaderMap {
  if (option === false) return {};
  // As normalizeHeaders gives it: names differing only in case keep every value.
  if (typeof option === "object" && option !== null) {
    return normalizeHeaders(option);
  }
  const headers: HeaderMap = {
    accept: rng.pick(ACCEPT),
    "user-agent": rng.pick(USER_AGENTS),
  };
  if (rng.chance(0.5)) headers["accept-language"] = rng.pick(LANGUAGES);
  if (rng.chance(0.4)) headers["x-request-id"] = token(rng, HEX, 16);
  if (rng.chance(0.3)) {
    headers["authorization"] = `Bearer ${token(rng, BASE62, 24)}`;
  }
  if (rng.chance(0.2)) headers["cache-control"] = "no-cache";
  if (rng.chance(0.2)) {
    headers["cookie"] = `session=${token(rng, BASE62, 12)}; theme=${
      rng.pick(["dark", "light"])
    }`;
  }
  if (contentType !== undefined) headers["content-type"] = contentType;
  return headers;
}

function joinUrl(baseUrl: string, path: string): string {
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(path)) return path;
  const base = baseUrl.endsWith("/") ? baseUrl.slice(0, -1) : baseUrl;
  return base + (path.startsWith("/") ? path : `/${path}`);
}

function drawRequest(rng: Rng, options: RandomRequestOptions): HttpRequest {
  const method = drawMethod(rng, options.methods);
  const path = drawPath(rng, options.paths);
  const body = drawBody(rng, method, options.body);
  const headers = drawHeaders(rng, options.headers, body?.contentType);
  const request: HttpRequest = {
    method,
    url: joinUrl(
      drawnString(options.baseUrl ?? DEFAULT_BASE_URL, "baseUrl"),
      path,
    ),
    headers,
  };
  if (body !== undefined) request.body = body.body;
  request.httpVersion = "1.1";
  return request;
}

/**
 * A random method.
 *
 * @param options Seed or generator, and the methods to draw from.
 * @returns The method.
 *
 * @example Weighted default pool
 * ```ts
 * import { randomMethod } from "@switchyard/switchyard/random";
 * console.log(randomMethod({ seed: 3 })); // mostly GET or POST
 * console.log(randomMethod({ seed: 3, methods: ["PUT"] })); // "PUT"
 * ```
 */
export function randomMethod(options?: RandomMethodOptions): string {
  return drawMethod(sourceOf(options), options?.methods);
}

/**
 * A random path (with a query for some built-in templates).
 *
 * @param options Seed or generator, and the templates or a function.
 * @returns The path.
 *
 * @example Templates with :id
 * ```ts
 * import { randomPath } from "@switchyard/switchyard/random";
 * console.log(randomPath({ seed: 5, paths: ["/users/:id"] })); // e.g. "/users/4821"
 * ```
 */
export function randomPath(options?: RandomPathOptions): string {
  return drawPath(sourceOf(options), options?.paths);
}

/**
 * A random header map.
 *
 * @param options Seed or generator, the headers option, and a content type.
 * @returns The headers (lowercase names).
 *
 * @example Generated headers
 * ```ts
 * import { randomHeaders } from "@switchyard/switchyard/random";
 * const headers = randomHeaders({ seed: 9, contentType: "application/json" });
 * console.log(headers["content-type"]); // "application/json"
 * ```
 */
export function randomHeaders(options?: RandomHeadersOptions): HeaderMap {
  return drawHeaders(sourceOf(options), options?.headers, options?.contentType);
}

/**
 * A random body for a method, or `undefined` when the method gets none.
 *
 * @param options Seed or generator, the method (default `POST`) and the body option.
 * @returns The body text, or `undefined`.
 *
 * @example Method-aware bodies
 * ```ts
 * import { randomBody } from "@switchyard/switchyard/random";
 * console.log(randomBody({ seed: 1, method: "GET" })); // undefined
 * console.log(typeof randomBody({ seed: 1, method: "POST" })); // "string"
 * ```
 */
export function randomBody(options?: RandomBodyOptions): string | undefined {
  return drawBody(sourceOf(options), options?.method ?? "POST", options?.body)
    ?.body;
}

/**
 * An array of `count` random requests, drawn from one stream.
 *
 * @param options The options, with `count`.
 * @returns The requests.
 *
 * @example Many requests
 * ```ts
 * import { randomRequest } from "@switchyard/switchyard/random";
 * const requests = randomRequest({ seed: 1, count: 100 });
 * console.log(requests.length); // 100
 * ```
 */
export function randomRequest(
  options: RandomRequestOptions & { count: number },
): HttpRequest[];
/**
 * One random request.
 *
 * @param options Seed, methods, paths, headers, body, baseUrl.
 * @returns The request.
 *
 * @example One request
 * ```ts
 * import { randomRequest } from "@switchyard/switchyard/random";
 * const request = randomRequest({ seed: 42, methods: ["POST"], paths: ["/users/:id"] });
 * console.log(request.method, request.httpVersion); // "POST" "1.1"
 * ```
 */
export function randomRequest(options?: RandomRequestOptions): HttpRequest;
/**
 * A random request, or an array of `count` requests when `count` is set.
 *
 * @param options Seed, methods, paths, headers, body, baseUrl, count.
 * @returns One request, or an array of them.
 * @throws {ConversionError} `INVALID_OPTION` for a bad count or seed.
 *
 * @example Requests for a test
 * ```ts
 * import { randomRequest } from "@switchyard/switchyard/random";
 * const request = randomRequest({ seed: 7, baseUrl: "http://localhost:8000" });
 * console.log(request.url.startsWith("http://localhost:8000/")); // true
 * ```
 */
export function randomRequest(
  options: RandomRequestOptions = {},
): HttpRequest | HttpRequest[] {
  options ??= {};
  const rng = sourceOf(options);
  if (options.count === undefined) return drawRequest(rng, options);
  const count = options.count;
  if (!Number.isInteger(count) || count < 0) {
    throw new ConversionError({
      code: "INVALID_OPTION",
      message: `count must be a non-negative integer, got ${String(count)}`,
      path: "count",
    });
  }
  const requests: HttpRequest[] = new Array(count);
  for (let i = 0; i < count; i++) requests[i] = drawRequest(rng, options);
  return requests;
}
