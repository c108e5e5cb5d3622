// The router's whole route table: routes without a Host line in one Matcher,
// and one Matcher per Host pattern. A router without host routes asks the
// first alone, so host routing costs nothing until it is used.
import { type Found, Matcher, type MatcherOptions } from "./_matcher.ts";
import { comparePatterns, type Pattern } from "./_pattern.ts";
import { compareHosts, hostOf, type HostPattern } from "./_host.ts";

interface HostGroup<T> {
  readonly host: HostPattern;
  readonly matcher: Matcher<T>;
}

/**
 * Routes by host, then by method and path. The best route for a request is
 * decided by the path first, as everywhere in this router (find-my-way
 * checks constraints after the path too): among the routes whose host
 * matches (routes without Host match every host), the most specific
 * pattern wins; on a tie, a route for an exact host beats one for a host
 * pattern, which beats one without Host.
 */
export class RouteSet<T> {
  readonly #options: MatcherOptions;
  readonly #any: Matcher<T>;
  /** Every host group, by the host pattern's text. */
  readonly #groups = new Map<string, HostGroup<T>>();
  /** The groups of exact hosts, by host. */
  readonly #exact = new Map<string, HostGroup<T>>();
  /** The groups of host patterns, most specific first. */
  #patterns: HostGroup<T>[] = [];
  /** Whether any host group exists: read on every request. */
  #hosted = false;

  constructor(options: MatcherOptions) {
    this.#options = options;
    this.#any = new Matcher(options);
  }

  /** Records a route, for every host or for the hosts `host` matches. */
  add(
    method: string,
    pattern: Pattern,
    value: T,
    catchAll: boolean,
    host: HostPattern | undefined,
  ): void {
    if (host === undefined) {
      this.#any.add(method, pattern, value, catchAll);
      return;
    }
    let group = this.#groups.get(host.source);
    if (group === undefined) {
      group = { host, matcher: new Matcher(this.#options) };
      this.#groups.set(host.source, group);
      this.#hosted = true;
      if (host.exact !== undefined) this.#exact.set(host.exact, group);
      else {
        this.#patterns = [...this.#patterns, group].sort((a, b) =>
          compareHosts(a.host, b.host)
        );
      }
    }
    group.matcher.add(method, pattern, value, catchAll);
  }

  /** The route with the same method, an equivalent pattern and the same host. */
  find(
    method: string,
    pattern: Pattern,
    host: HostPattern | undefined,
  ): T | undefined {
    const matcher = host === undefined
      ? this.#any
      : this.#groups.get(host.source)?.matcher;
    return matcher?.find(method, pattern);
  }

  /** Removes the route `find` would return; its own pattern, if there was one. */
  remove(
    method: string,
    pattern: Pattern,
    host: HostPattern | undefined,
  ): Pattern | undefined {
    if (host === undefined) return this.#any.remove(method, pattern);
    const group = this.#groups.get(host.source);
    const removed = group?.matcher.remove(method, pattern);
    if (group !== undefined && group.matcher.size === 0) {
      // A router whose host routes are all gone matches as one without.
      this.#groups.delete(host.source);
      if (host.exact !== undefined) this.#exact.delete(host.exact);
      this.#patterns = this.#patterns.filter((g) => g !== group);
      this.#hosted = this.#groups.size > 0;
    }
    return removed;
  }

  /** The best route for `method` and the normalized `path` of `url`, or null. */
  match(method: string, path: string, url: string): Found<T> | null {
    // Small, so that it inlines: a router without host routes pays a field.
    return this.#hosted
      ? this.#hostMatch(method, path, url)
      : this.#any.match(method, path);
  }

  #hostMatch(method: string, path: string, url: string): Found<T> | null {
    const host = hostOf(url);
    // Groups most specific first: a later one replaces the best so far
    // only with a strictly more specific pattern, so ties go to the host.
    let best: Found<T> | null = null;
    const exact = this.#exact.get(host);
    if (exact !== undefined) best = exact.matcher.match(method, path);
    for (const group of this.#patterns) {
      const captures = group.host.regexp.exec(host);
      if (captures === null) continue;
      const found = group.matcher.match(method, path);
      if (found !== null && better(found, best)) {
        best = withHostParams(found, group.host, captures);
      }
    }
    const found = this.#any.match(method, path);
    return found !== null && better(found, best) ? found : best;
  }

  /**
   * Methods with a route for `path` on the host of `url` (see
   * Matcher.allowed); routes for other hosts do not count.
   */
  allowed(path: string, url: string): string[] {
    if (!this.#hosted) return this.#any.allowed(path);
    const host = hostOf(url);
    const matchers = [this.#exact.get(host)?.matcher, this.#any];
    for (const group of this.#patterns) {
      if (group.host.regexp.test(host)) matchers.push(group.matcher);
    }
    const methods = new Set<string>();
    for (const matcher of matchers) {
      for (const method of matcher?.allowed(path) ?? []) methods.add(method);
    }
    return methods.has("*") ? ["*"] : [...methods];
  }
}

/** True when `found` has a strictly more specific pattern than `best`. */
function better<T>(found: Found<T>, best: Found<T> | null): boolean {
  return best === null ||
    comparePatterns(found.route.pattern, best.route.pattern) < 0;
}

function withHostParams<T>(
  found: Found<T>,
  host: HostPattern,
  captures: RegExpExecArray | null,
): Found<T> {
  if (captures === null || host.names.length === 0) return found;
  const hostParams: Record<string, string> = {};
  host.names.forEach((name, i) => hostParams[name] = captures[i + 1]);
  return { route: found.route, captures: found.captures, hostParams };
}
