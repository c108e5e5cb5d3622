// The compiled route table: one Map of static paths plus ONE combined RegExp
// for every dynamic route of a method (the approach of hono's RegExpRouter).
import {
  comparePatterns,
  type Pattern,
  RANK_PARAM,
  RANK_STATIC,
  regExpPath,
} from "./_pattern.ts";
import { decodeParam } from "./_path.ts";

/** The method name that registers a route for every method. */
export const ANY_METHOD = "ALL";

/**
 * A matched route: the registered value, its pattern, and where the table's
 * RegExp captures its parameters. One object per route, shared by all its
 * matches; what one match captured comes with it in a {@linkcode Found}.
 */
export interface Match<T> {
  readonly value: T;
  readonly pattern: Pattern;
  /** Capture-group index of each parameter, in `pattern.params` order. */
  readonly groups: readonly number[];
  /** A route for every path (`/*`): it answers, but makes no path known for 405. */
  readonly catchAll: boolean;
  /** The table compares literal text without case (`caseSensitive: false`). */
  readonly ignoreCase: boolean;
}

/**
 * What {@linkcode Matcher.match} returns: the route and what the table's
 * RegExp captured (undefined for a static path). Parameters are decoded only
 * when {@linkcode matchParams} asks for them.
 */
export interface Found<T> {
  readonly route: Match<T>;
  readonly captures: RegExpExecArray | undefined;
  /** Parameters of the route's Host pattern, when it has one (see _routes.ts). */
  readonly hostParams?: Readonly<Record<string, string>>;
}

interface Registration<T> {
  readonly method: string;
  readonly pattern: Pattern;
  readonly value: T;
  readonly catchAll: boolean;
}

interface Alternation<T> {
  readonly regexp: RegExp;
  /** Match template by the index of the empty group that opens its alternative. */
  readonly slots: readonly (Match<T> | undefined)[];
}

interface Table<T> {
  /**
   * Static paths (lower-cased when the table ignores case); a
   * null-prototype object is the fastest string lookup here.
   */
  readonly statics: Record<string, Found<T> | undefined>;
  /** The dynamic routes, or the first {@linkcode CHUNK} of them by priority. */
  readonly dynamic: Alternation<T> | undefined;
  /** The next chunks of dynamic routes, in priority order, if there are more. */
  readonly more: readonly Alternation<T>[] | undefined;
  /** Every dynamic route in priority order, for {@linkcode scan}. */
  readonly ordered: readonly Ranked<T>[];
}

/**
 * Most routes in one RegExp. V8 compiles a RegExp in time that grows with
 * the square of its alternatives: 10,000 routes in one took 4.7 s at the
 * first request. Chunks cut in priority order keep "the first match is the
 * best route": the best route is in the first chunk that matches.
 */
const CHUNK = 256;

function methodPriority(tableMethod: string, routeMethod: string): number {
  if (routeMethod === tableMethod) return 0;
  if (routeMethod === "GET" && tableMethod === "HEAD") return 1;
  return 2;
}

function belongs(tableMethod: string, routeMethod: string): boolean {
  return routeMethod === tableMethod || routeMethod === ANY_METHOD ||
    (tableMethod === "HEAD" && routeMethod === "GET");
}

function buildTable<T>(
  method: string,
  registrations: readonly Registration<T>[],
  ignoreCase: boolean,
): Table<T> {
  // A total order that registration order never decides: one method's
  // patterns have distinct keys (duplicates are rejected), and the table
  // holds each method priority once.
  const routes = registrations.filter((r) => belongs(method, r.method)).sort(
    (a, b) =>
      comparePatterns(a.pattern, b.pattern) ||
      methodPriority(method, a.method) - methodPriority(method, b.method) ||
      (a.pattern.key < b.pattern.key
        ? -1
        : a.pattern.key > b.pattern.key
        ? 1
        : 0),
  );
  const statics: Record<string, Found<T> | undefined> = Object.create(null);
  const dynamic: Ranked<T>[] = [];
  for (let priority = 0; priority < routes.length; priority++) {
    const registration = routes[priority];
    const { pattern } = registration;
    if (pattern.staticPath === undefined) {
      dynamic.push({
        pattern,
        value: registration.value,
        priority,
        catchAll: registration.catchAll,
      });
    } else {
      const path = ignoreCase
        ? pattern.staticPath.toLowerCase()
        : pattern.staticPath;
      statics[path] ??= {
        route: {
          value: registration.value,
          pattern,
          groups: [],
          catchAll: registration.catchAll,
          ignoreCase,
        },
        captures: undefined,
      };
    }
  }
  const chunks: Alternation<T>[] = [];
  for (let start = 0; start < dynamic.length; start += CHUNK) {
    chunks.push(
      buildAlternation(dynamic.slice(start, start + CHUNK), ignoreCase),
    );
  }
  return {
    statics,
    dynamic: chunks[0],
    more: chunks.length > 1 ? chunks.slice(1) : undefined,
    ordered: dynamic,
  };
}

/** A route of an alternation with its place in the table's priority order. */
interface Ranked<T> {
  readonly pattern: Pattern;
  readonly value: T;
  readonly priority: number;
  readonly catchAll: boolean;
}

/**
 * One RegExp for many routes, factored like a trie (hono's RegExpRouter does
 * the same): routes that share a literal segment or a `:param` segment share
 * its text and capture group, so the engine compares each path character
 * about once instead of once per route. Each route ends with `$()`; the
 * first empty capture of a match is that marker (parameters never capture
 * ""), and its index names the route.
 *
 * The first alternative that matches must be the best route. At every node
 * the alternatives are: literal next segments (distinct literals never
 * match the same segment, and a literal outranks any other segment kind),
 * then in priority order the routes ending here, routes whose next segment
 * is mid-segment, optional or wildcard (the rest of the pattern as written),
 * and the `:param` group (at the place of its best route). Two alternatives
 * of one node that can match the same path are ordered as in the table.
 */
function buildAlternation<T>(
  routes: readonly Ranked<T>[],
  ignoreCase: boolean,
): Alternation<T> {
  const slots: (Match<T> | undefined)[] = [];
  // Capture groups are numbered in source order, so number while writing.
  let group = 1;
  const end = (route: Ranked<T>, groups: number[]): string => {
    slots[group++] = {
      value: route.value,
      pattern: route.pattern,
      groups,
      catchAll: route.catchAll,
      ignoreCase,
    };
    return "$()";
  };
  const node = (
    members: readonly Ranked<T>[],
    depth: number,
    bound: readonly number[],
  ): string => {
    const literals = new Map<string, Ranked<T>[]>();
    const params: Ranked<T>[] = [];
    const others: (Ranked<T> | "param")[] = [];
    for (const route of members) {
      const { rank, segmentSources } = route.pattern;
      if (depth < rank.length && rank[depth] === RANK_STATIC) {
        // Without case, `/Users` and `/users` are one literal: one branch,
        // so the more specific of their routes still comes first.
        const text = ignoreCase
          ? segmentSources[depth].toLowerCase()
          : segmentSources[depth];
        if (literals.has(text)) literals.get(text)!.push(route);
        else literals.set(text, [route]);
      } else if (depth < rank.length && rank[depth] === RANK_PARAM) {
        if (params.length === 0) others.push("param");
        params.push(route);
      } else others.push(route);
    }
    const alternatives: string[] = [];
    for (const [text, group] of literals) {
      alternatives.push(text + node(group, depth + 1, bound));
    }
    for (const other of others) {
      if (other === "param") {
        const param = group++;
        alternatives.push(
          "/([^/]+)" + node(params, depth + 1, [...bound, param]),
        );
        continue;
      }
      const { rank, tableSources, segmentParams } = other.pattern;
      const groups = [...bound];
      let rest = "";
      for (let i = depth; i < rank.length; i++) {
        rest += tableSources[i];
        for (let p = 0; p < segmentParams[i]; p++) groups.push(group++);
      }
      alternatives.push(rest + end(other, groups));
    }
    return alternatives.length === 1
      ? alternatives[0]
      : `(?:${alternatives.join("|")})`;
  };
  const source = node(routes, 0, []);
  return { regexp: new RegExp(`^${source}`, ignoreCase ? "i" : ""), slots };
}

/**
 * The prototype of every params object: empty, frozen, itself without a
 * prototype, so params inherit nothing. `Object.create(null)` would do the
 * same, but V8 makes such objects dictionaries: 46 ns per params object
 * against 4 ns here (a tenth of a template route's time).
 */
export const PARAMS_PROTOTYPE: object = Object.freeze(Object.create(null));

/** Anchored RegExps of single patterns, compiled when first needed. */
const ownRegExps = new WeakMap<Pattern, RegExp>();
const ownRegExpsIgnoringCase = new WeakMap<Pattern, RegExp>();

/** The anchored RegExp of one pattern; its groups are the params in order. */
function ownRegExp(pattern: Pattern, ignoreCase: boolean): RegExp {
  const cache = ignoreCase ? ownRegExpsIgnoringCase : ownRegExps;
  let own = cache.get(pattern);
  if (own === undefined) {
    own = new RegExp(`^${pattern.regexSource}$`, ignoreCase ? "i" : "");
    cache.set(pattern, own);
  }
  return own;
}

/**
 * The percent-decoded parameters of a match (a new object each call), from
 * the captures the matcher reported with it.
 */
export function matchParams<T>(found: Found<T>): Record<string, string> {
  // Keys come from the pattern, values from the request: no inherited
  // member (`params.constructor`, `"toString" in params`) may answer.
  const params: Record<string, string> = Object.create(PARAMS_PROTOTYPE);
  const { pattern } = found.route;
  let { groups } = found.route;
  let { captures } = found;
  if (found.hostParams !== undefined) Object.assign(params, found.hostParams);
  if (captures === undefined) return params;
  if (pattern.wildcard !== undefined) {
    // The table's RegExp does not capture wildcards: run the route's own,
    // whose groups are its parameters in order (same text, same captures).
    captures = ownRegExp(pattern, found.route.ignoreCase).exec(captures[0])!;
    groups = pattern.params.map((_, i) => i + 1);
  }
  const names = pattern.params;
  for (let i = 0; i < names.length; i++) {
    const value = captures[groups[i]];
    if (value !== undefined) params[names[i]] = decodeParam(value);
    else if (names[i] === pattern.wildcard) params[names[i]] = "";
  }
  return params;
}

/** Options of a {@linkcode Matcher}; the defaults match as written, without limit. */
export interface MatcherOptions {
  /** `false`: literal text compares without case (params keep theirs). */
  readonly caseSensitive?: boolean;
  /** Longest one-segment parameter a route matches with (default: no limit). */
  readonly maxParamLength?: number;
}

/**
 * Route table compiled lazily: `add` only records, the first `match` after a
 * change builds the per-method tables once.
 */
export class Matcher<T> {
  #registrations: Registration<T>[] = [];
  /** Registrations by method and pattern key: `find` stays O(1) for 10,000 routes. */
  #byKey = new Map<string, T>();
  #tables: Record<string, Table<T> | undefined> | undefined;
  #anyTable: Table<T> | undefined;
  readonly #ignoreCase: boolean;
  readonly #maxParamLength: number;

  constructor(options: MatcherOptions = {}) {
    this.#ignoreCase = options.caseSensitive === false;
    this.#maxParamLength = options.maxParamLength ?? Infinity;
  }

  /** The key of `find`: without case, `/Users` and `/users` are one route. */
  #key(method: string, pattern: Pattern): string {
    return method + " " +
      (this.#ignoreCase ? pattern.key.toLowerCase() : pattern.key);
  }

  /**
   * Records a route; `method` may be {@linkcode ANY_METHOD}. A `catchAll`
   * route matches as any other but makes no path known to {@linkcode allowed}.
   */
  add(method: string, pattern: Pattern, value: T, catchAll = false): void {
    this.#registrations.push({ method, pattern, value, catchAll });
    const key = this.#key(method, pattern);
    if (!this.#byKey.has(key)) this.#byKey.set(key, value);
    this.#tables = undefined;
  }

  /** The registration that has the same method and an equivalent pattern. */
  find(method: string, pattern: Pattern): T | undefined {
    return this.#byKey.get(this.#key(method, pattern));
  }

  /**
   * Removes the route `find` would return; the tables are rebuilt at the
   * next `match`, as after `add`. Returns the removed route's own pattern
   * (equivalent to `pattern`, maybe written otherwise), if there was one.
   */
  remove(method: string, pattern: Pattern): Pattern | undefined {
    const key = this.#key(method, pattern);
    if (!this.#byKey.delete(key)) return undefined;
    const at = this.#registrations.findIndex((r) =>
      r.method === method && this.#key(r.method, r.pattern) === key
    );
    const [removed] = this.#registrations.splice(at, 1);
    this.#tables = undefined;
    return removed.pattern;
  }

  /** How many routes are registered. */
  get size(): number {
    return this.#registrations.length;
  }

  /** Every registration, in registration order. */
  entries(): { method: string; pattern: Pattern; value: T }[] {
    return this.#registrations.map(({ method, pattern, value }) => ({
      method,
      pattern,
      value,
    }));
  }

  #compile(): Record<string, Table<T> | undefined> {
    const tables: Record<string, Table<T> | undefined> = Object.create(null);
    const methods = new Set(this.#registrations.map((r) => r.method));
    if (methods.has("GET")) methods.add("HEAD");
    methods.delete(ANY_METHOD);
    const ignoreCase = this.#ignoreCase;
    for (const method of methods) {
      tables[method] = buildTable(method, this.#registrations, ignoreCase);
    }
    this.#anyTable = buildTable(ANY_METHOD, this.#registrations, ignoreCase);
    this.#tables = tables;
    return tables;
  }

  /** The best route for `method` and normalized `path`, or null. */
  match(method: string, path: string): Found<T> | null {
    const tables = this.#tables ?? this.#compile();
    return this.#lookup(tables[method] ?? this.#anyTable!, path);
  }

  // Every request comes here: the common case (a static path, or the first
  // RegExp and no limit) returns before any option is looked at twice.
  #lookup(table: Table<T>, path: string): Found<T> | null {
    const found = table.statics[this.#ignoreCase ? path.toLowerCase() : path];
    if (found !== undefined) return found;
    const { dynamic } = table;
    const subject = regExpPath(path);
    const captures = dynamic === undefined
      ? null
      : dynamic.regexp.exec(subject);
    if (captures === null) {
      return table.more === undefined
        ? null
        : this.#limited(table, firstMatch(table.more, subject), subject);
    }
    const best = { route: dynamic!.slots[captures.indexOf("", 1)]!, captures };
    return this.#maxParamLength === Infinity
      ? best
      : this.#limited(table, best, subject);
  }

  /** `best`, or when one of its params is past the limit, the next route that fits. */
  #limited(
    table: Table<T>,
    best: Found<T> | null,
    subject: string,
  ): Found<T> | null {
    const max = this.#maxParamLength;
    if (best === null || withinLimit(best, max)) return best;
    return scan(table, subject, max, this.#ignoreCase);
  }

  /**
   * Methods with a route matching `path`; `["*"]` when an any-method route
   * does. A catch-all route does not count: it matches every path, so a
   * path it alone answers is unknown to other methods (404, not 405). The
   * best route of a table is enough to ask: a catch-all is the least
   * specific route, so it is the best only when nothing else matches.
   */
  allowed(path: string): string[] {
    const tables = this.#tables ?? this.#compile();
    if (this.#known(this.#anyTable!, path)) return ["*"];
    const methods: string[] = [];
    for (const method in tables) {
      if (this.#known(tables[method]!, path)) methods.push(method);
    }
    return methods;
  }

  /** True when the best route of `table` for `path` is not a catch-all. */
  #known(table: Table<T>, path: string): boolean {
    const found = this.#lookup(table, path);
    return found !== null && !found.route.catchAll;
  }
}

/** True when no one-segment parameter `found` captured is longer than `max`. */
function withinLimit<T>(found: Found<T>, max: number): boolean {
  // The table's RegExps capture one-segment parameters only (wildcards are
  // matched without a group), so a route's groups are exactly those.
  const { groups } = found.route;
  for (let i = 0; i < groups.length; i++) {
    if (found.captures![groups[i]]?.length > max) return false;
  }
  return true;
}

/**
 * The best route whose one-segment parameters all fit in `max`, found by
 * trying each dynamic route in priority order on its own. Only a request
 * whose best match has a parameter past the limit comes here, so the
 * compiled tables stay one RegExp for every other request.
 */
function scan<T>(
  table: Table<T>,
  subject: string,
  max: number,
  ignoreCase: boolean,
): Found<T> | null {
  for (const route of table.ordered) {
    const { pattern } = route;
    const captures = ownRegExp(pattern, ignoreCase).exec(subject);
    if (captures === null) continue;
    const groups: number[] = [];
    pattern.params.forEach((name, i) => {
      if (name !== pattern.wildcard) groups.push(i + 1);
    });
    const found: Found<T> = {
      route: {
        value: route.value,
        pattern,
        groups: pattern.params.map((_, i) => i + 1),
        catchAll: route.catchAll,
        ignoreCase,
      },
      captures,
    };
    if (groups.every((group) => !(captures[group]?.length > max))) {
      return found;
    }
  }
  return null;
}

/** The route of the first chunk that matches (chunks are in priority order). */
function firstMatch<T>(
  chunks: readonly Alternation<T>[],
  subject: string,
): Found<T> | null {
  for (const chunk of chunks) {
    const captures = chunk.regexp.exec(subject);
    if (captures !== null) {
      return { route: chunk.slots[captures.indexOf("", 1)]!, captures };
    }
  }
  return null;
}
