// The compiled route table: one Map of static paths plus ONE combined RegExp
// for every dynamic route of a method (the approach of hono's RegExpRouter).
import { compareRank, type Pattern } from "./_pattern.ts";
import { decodeParam } from "./_path.ts";

/** The method name that registers a route for every method. */
export const ANY_METHOD = "ALL";

/**
 * A match: the registered value, its pattern, and what the RegExp captured.
 * Parameters are decoded only when {@linkcode matchParams} asks for them.
 */
export interface Match<T> {
  readonly value: T;
  readonly pattern: Pattern;
  /** Capture-group index of each parameter, in `pattern.params` order. */
  readonly groups: readonly number[];
  readonly captures: RegExpExecArray | undefined;
}

interface Registration<T> {
  readonly method: string;
  readonly pattern: Pattern;
  readonly value: T;
  readonly order: number;
}

interface Alternation<T> {
  readonly regexp: RegExp;
  /** Match template by the index of the empty group that opens its alternative. */
  readonly slots: readonly (Match<T> | undefined)[];
}

interface Table<T> {
  /** Static paths; a null-prototype object is the fastest string lookup here. */
  readonly statics: Record<string, Match<T> | undefined>;
  readonly dynamic: Alternation<T> | undefined;
}

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
): Table<T> {
  const routes = registrations.filter((r) => belongs(method, r.method)).sort(
    (a, b) =>
      compareRank(a.pattern.rank, b.pattern.rank) ||
      methodPriority(method, a.method) - methodPriority(method, b.method) ||
      a.order - b.order,
  );
  const statics: Record<string, Match<T> | undefined> = Object.create(null);
  const dynamic: Registration<T>[] = [];
  for (const registration of routes) {
    const { pattern } = registration;
    if (pattern.staticPath === undefined) dynamic.push(registration);
    else {
      statics[pattern.staticPath] ??= {
        value: registration.value,
        pattern,
        groups: [],
        captures: undefined,
      };
    }
  }
  return {
    statics,
    dynamic: dynamic.length === 0 ? undefined : buildAlternation(dynamic),
  };
}

function buildAlternation<T>(
  routes: readonly Registration<T>[],
): Alternation<T> {
  const slots: (Match<T> | undefined)[] = [];
  let source = "";
  let group = 1;
  for (const { pattern, value } of routes) {
    // The empty group opens the alternative: captures of alternatives that
    // failed are reset, so the first "" in the match array is this marker.
    const marker = group++;
    const groups: number[] = [];
    for (let i = 0; i < pattern.params.length; i++) groups.push(group++);
    slots[marker] = { value, pattern, groups, captures: undefined };
    source += (source === "" ? "" : "|") + "()" + pattern.regexSource;
  }
  return { regexp: new RegExp(`^(?:${source})$`), slots };
}

function matchAlternation<T>(
  alternation: Alternation<T>,
  path: string,
): Match<T> | null {
  const captures = alternation.regexp.exec(path);
  if (captures === null) return null;
  const slot = alternation.slots[captures.indexOf("", 1)]!;
  return {
    value: slot.value,
    pattern: slot.pattern,
    groups: slot.groups,
    captures,
  };
}

function matchTable<T>(table: Table<T>, path: string): Match<T> | null {
  const found = table.statics[path];
  if (found !== undefined) return found;
  return table.dynamic === undefined
    ? null
    : matchAlternation(table.dynamic, path);
}

/** The percent-decoded parameters of a match (a new object each call). */
export function matchParams<T>(match: Match<T>): Record<string, string> {
  const params: Record<string, string> = {};
  const { captures, groups, pattern } = match;
  if (captures === undefined) return params;
  const names = pattern.params;
  for (let i = 0; i < names.length; i++) {
    const value = captures[groups[i]];
    if (value !== undefined) params[names[i]] = decodeParam(value);
    else if (names[i] === pattern.wildcard) params[names[i]] = "";
  }
  return params;
}

/**
 * Route table compiled lazily: `add` only records, the first `match` after a
 * change builds the per-method tables once.
 */
export class Matcher<T> {
  #registrations: Registration<T>[] = [];
  #tables: Record<string, Table<T> | undefined> | undefined;
  #anyTable: Table<T> | undefined;

  /** Records a route; `method` may be {@linkcode ANY_METHOD}. */
  add(method: string, pattern: Pattern, value: T): void {
    this.#registrations.push({
      method,
      pattern,
      value,
      order: this.#registrations.length,
    });
    this.#tables = undefined;
  }

  /** The registration that has the same method and an equivalent pattern. */
  find(method: string, pattern: Pattern): T | undefined {
    return this.#registrations.find((r) =>
      r.method === method && r.pattern.key === pattern.key
    )?.value;
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
    for (const method of methods) {
      tables[method] = buildTable(method, this.#registrations);
    }
    this.#anyTable = buildTable(ANY_METHOD, this.#registrations);
    this.#tables = tables;
    return tables;
  }

  /** The best route for `method` and normalized `path`, or null. */
  match(method: string, path: string): Match<T> | null {
    const tables = this.#tables ?? this.#compile();
    return matchTable(tables[method] ?? this.#anyTable!, path);
  }

  /** Methods with a route matching `path`; `["*"]` when an any-method route does. */
  allowed(path: string): string[] {
    const tables = this.#tables ?? this.#compile();
    if (matchTable(this.#anyTable!, path) !== null) return ["*"];
    const methods: string[] = [];
    for (const method in tables) {
      if (matchTable(tables[method]!, path) !== null) methods.push(method);
    }
    return methods;
  }
}
