/**
 * Options and limits of the bounded listener (`serve`, and the gateway's
 * `serveGateway`): header-read, body and idle timeouts, a connection cap and
 * head and body size bounds, each with a default, validated with one-line
 * errors naming the field.
 *
 * | option | default | past it |
 * |---|---|---|
 * | `headersTimeoutMs` | 10 000 | from a connection's start (or a keep-alive request's first byte) to the end of the head: 408, connection closed |
 * | `bodyTimeoutMs` | 60 000 | from the end of the head until the handler has the whole body: 408, connection closed |
 * | `idleTimeoutMs` | 30 000 | a keep-alive connection with no new request, or a write the client does not take (it stopped reading): connection closed, the request aborted |
 * | `maxConnections` | 1024 | one more connection gets a 503 with `Retry-After: 1` and is closed (or is reset, when it already sent bytes) |
 * | `maxHeaderBytes` | 65 536 | 431, connection closed |
 * | `maxBodyBytes` | 1 048 576 (`serveGateway`: `Infinity`) | a declared `Content-Length` above it: 413 before the handler runs; a chunked body that grows past it: the handler's read fails and the answer is a 413, whatever the handler returned |
 *
 * A timeout is never met early and at most 5% of the shortest timeout or
 * 250 ms late, whichever is less (5 ms for timeouts under 100 ms), plus the
 * event loop's own delay: one sweeper checks every connection's deadlines at
 * that interval (at the defaults, every 250 ms), instead of a timer per read
 * and write.
 *
 * An answer sent while the client may still be sending (a 413 before the
 * body, a refused head) is followed by a staged close: half-close, read and
 * drop what the client still sends until it closes its side, at most 5 s (or
 * `idleTimeoutMs` when shorter), then close, so a client that writes its
 * whole body before reading sees the answer rather than a reset. (On Node,
 * `node:http` reads and drops the rest of the body instead and keeps the
 * connection, within `bodyTimeoutMs`.)
 *
 * `maxBodyBytes` defaults to 1 MiB, Fastify's `bodyLimit`; `Infinity` turns
 * it off (`serveGateway` does, since the gateway bounds its own bodies with
 * its `maxBodyBytes` and answers in the client's wire shape).
 *
 * @module
 */
import { ServeError } from "./errors.ts";

/**
 * A fetch handler as the listener calls it; the second argument carries the
 * peer's address, as `Deno.serve` passes it. A template router is one.
 *
 * @example Usage
 * ```ts
 * import type { ServeHandler } from "@switchyard/switchyard/serve";
 * const hello: ServeHandler = () => new Response("hi");
 * ```
 */
export type ServeHandler = (
  request: Request,
  info: {
    remoteAddr: unknown;
    /** Settles when the answer was written (rejects when it was not), as `Deno.serve`'s. */
    completed?: Promise<void>;
  },
) => Response | Promise<Response>;

/**
 * Where the listener listens and the limits it enforces.
 *
 * @example Usage
 * ```ts
 * import type { ServeOptions } from "@switchyard/switchyard/serve";
 * const options: ServeOptions = { port: 0, headersTimeoutMs: 5000, maxConnections: 256, maxBodyBytes: 64 * 1024 };
 * ```
 */
export interface ServeOptions {
  /** Listen address; default `127.0.0.1`. */
  hostname?: string;
  /** Port; default 8000, 0 = any free port. */
  port?: number;
  /** Longest time to receive a request head, in ms (default 10 000). */
  headersTimeoutMs?: number;
  /** Longest time to receive a request body after its head, in ms (default 60 000). */
  bodyTimeoutMs?: number;
  /** Longest idle keep-alive wait, or stalled write, in ms (default 30 000). */
  idleTimeoutMs?: number;
  /** Most connections open at once (default 1024). */
  maxConnections?: number;
  /** Largest request head in bytes (default 65 536). */
  maxHeaderBytes?: number;
  /** Largest request body in bytes (default 1 048 576; `Infinity`: no bound). */
  maxBodyBytes?: number;
}

/**
 * Every {@linkcode ServeOptions} field with its default applied.
 *
 * @example Usage
 * ```ts
 * import { resolveServeOptions, type ServeLimits } from "@switchyard/switchyard/serve";
 * const limits: ServeLimits = resolveServeOptions({ port: 0 });
 * console.log(limits.headersTimeoutMs); // 10000
 * ```
 */
export type ServeLimits = Required<ServeOptions>;

/**
 * The defaults of {@linkcode ServeOptions}.
 *
 * @example Usage
 * ```ts
 * import { SERVE_DEFAULTS } from "@switchyard/switchyard/serve";
 * console.log(SERVE_DEFAULTS.maxConnections); // 1024
 * ```
 */
export const SERVE_DEFAULTS: Readonly<ServeLimits> = Object.freeze({
  hostname: "127.0.0.1",
  port: 8000,
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 60_000,
  idleTimeoutMs: 30_000,
  maxConnections: 1024,
  maxHeaderBytes: 64 * 1024,
  maxBodyBytes: 1024 * 1024,
});

/**
 * A server started by `serve` (or `serveGateway`).
 *
 * @example Usage
 * ```ts
 * import type { BoundedServer } from "@switchyard/switchyard/serve";
 * async function stop(server: BoundedServer) {
 *   await server.shutdown();
 * }
 * ```
 */
export interface BoundedServer {
  /** The address it listens on (the real port when 0 was asked). */
  readonly addr: { hostname: string; port: number };
  /** Connections open now. */
  readonly connections: number;
  /** Resolves when the server has stopped and every connection is closed. */
  readonly finished: Promise<void>;
  /**
   * Stops accepting, closes idle connections and waits for answers in
   * progress (their connections close after them).
   *
   * @returns Resolves when stopped.
   */
  shutdown(): Promise<void>;
}

const INTEGER_FIELDS = [
  "port",
  "headersTimeoutMs",
  "bodyTimeoutMs",
  "idleTimeoutMs",
  "maxConnections",
  "maxHeaderBytes",
] as const;

/**
 * Applies the defaults and validates every field.
 *
 * @param options The options given.
 * @returns Every limit.
 * @throws {ServeError} Code `INVALID_OPTION` (a `RangeError`), one line naming the field, e.g. `maxConnections must be a positive integer`, or an unknown one.
 *
 * @example Usage
 * ```ts
 * import { resolveServeOptions } from "@switchyard/switchyard/serve";
 * try {
 *   resolveServeOptions({ idleTimeoutMs: -1 });
 * } catch (error) {
 *   console.log((error as Error).message); // "idleTimeoutMs must be a positive integer"
 * }
 * ```
 */
export function resolveServeOptions(options: ServeOptions = {}): ServeLimits {
  if (typeof options !== "object" || options === null) {
    throw new ServeError("INVALID_OPTION", "options must be an object");
  }
  // A misspelt limit would otherwise leave its default in force unseen.
  for (const name of Object.keys(options)) {
    if (!Object.hasOwn(SERVE_DEFAULTS, name)) {
      throw new ServeError(
        "INVALID_OPTION",
        `unknown option ${JSON.stringify(name)} (known: ${
          Object.keys(SERVE_DEFAULTS).join(", ")
        })`,
      );
    }
  }
  const limits: ServeLimits = { ...SERVE_DEFAULTS };
  for (const field of INTEGER_FIELDS) {
    const value = options[field];
    if (value === undefined) continue;
    const ok = Number.isSafeInteger(value) &&
      (field === "port" ? value >= 0 && value <= 65535 : value > 0);
    if (!ok) {
      throw new ServeError(
        "INVALID_OPTION",
        `${field} must be ${
          field === "port" ? "an integer from 0 to 65535" : "a positive integer"
        }`,
      );
    }
    limits[field] = value;
  }
  if (options.hostname !== undefined) {
    if (typeof options.hostname !== "string" || options.hostname === "") {
      throw new ServeError(
        "INVALID_OPTION",
        "hostname must be a non-empty string",
      );
    }
    limits.hostname = options.hostname;
  }
  const body = options.maxBodyBytes;
  if (body !== undefined) {
    if (
      body !== Infinity && !(Number.isSafeInteger(body) && body > 0)
    ) {
      throw new ServeError(
        "INVALID_OPTION",
        "maxBodyBytes must be a positive integer or Infinity",
      );
    }
    limits.maxBodyBytes = body;
  }
  return limits;
}
