// The context object handed to handlers, built lazily, plus the registry that
// tells the router which routes render the same bytes for every request.
import { type Found, matchParams, PARAMS_PROTOTYPE } from "./_matcher.ts";
import type { Handler, RouteContext } from "./types.ts";

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze(
  Object.create(PARAMS_PROTOTYPE),
);

/** Receives errors that happen after a response has started streaming. */
export type StreamErrorReporter = (error: unknown, request: Request) => void;

/** The router's {@linkcode RouteContext}: params and URL are computed on first use. */
export class Context implements RouteContext {
  #request: Request;
  #found: Found<Handler> | null;
  #params: Readonly<Record<string, string>> | undefined;
  #url: URL | undefined;
  #reporter: StreamErrorReporter | undefined;
  readonly info: unknown;

  constructor(
    request: Request,
    found: Found<Handler> | null,
    info: unknown,
    reporter: StreamErrorReporter | undefined,
  ) {
    this.#request = request;
    this.#found = found;
    this.info = info;
    this.#reporter = reporter;
  }

  get params(): Readonly<Record<string, string>> {
    if (this.#params === undefined) {
      this.#params = this.#found === null ||
          (this.#found.captures === undefined &&
            this.#found.hostParams === undefined)
        ? NO_PARAMS
        : matchParams(this.#found);
    }
    return this.#params;
  }

  get pattern(): string {
    return this.#found === null ? "" : this.#found.route.pattern.source;
  }

  get url(): URL {
    return this.#url ??= new URL(this.#request.url);
  }

  get remoteAddr(): unknown {
    return infoField(this.info, "remoteAddr");
  }

  get completed(): Promise<void> | undefined {
    const completed = infoField(this.info, "completed");
    return completed instanceof Promise ? completed : undefined;
  }

  /** Passes an error raised while streaming to the router's error reporting. */
  report(error: unknown): void {
    this.#reporter?.(error, this.#request);
  }
}

/** A field of the server's handler info, read only when a handler asks. */
function infoField(info: unknown, name: string): unknown {
  return typeof info === "object" && info !== null
    ? (info as Record<string, unknown>)[name]
    : undefined;
}

/** The stream-error reporter of a context, if the router supplied one. */
export function reporterOf(
  context: RouteContext | undefined,
): ((error: unknown) => void) | undefined {
  return context instanceof Context
    ? (error) => context.report(error)
    : undefined;
}

/** Routes whose response does not depend on the request (no function substitution). */
export const requestIndependentRoutes: WeakSet<object> = new WeakSet();

/**
 * The synchronous-when-possible body of a template route, which the router
 * calls instead of the route to skip one promise per request.
 */
export const directRoutes: WeakMap<object, Handler> = new WeakMap();
