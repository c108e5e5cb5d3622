/**
 * Client API keys of the gateway.
 *
 * A key is stored as the hex SHA-256 digest of its secret (the config file may
 * instead name an environment variable, `"key": "$TEAM_A_KEY"`, which is
 * hashed when the config is read), so the secret never sits in memory longer
 * than one request and is never logged: logs and metrics carry only the key's
 * `id`. Clients send the secret as `Authorization: Bearer <secret>` (the
 * OpenAI SDK) or `x-api-key: <secret>` (the Anthropic SDK). The presented
 * secret is hashed and compared with **every** stored digest in constant
 * time, so neither the timing of a match nor the position of the key in the
 * list leaks.
 *
 * @module
 */
import { GatewayError } from "./errors.ts";
import { backendAllowed } from "./_scope.ts";
import { type Budget, budgetProblem } from "./_budget_parts.ts";

/**
 * One client key.
 *
 * @example Usage
 * ```ts
 * import { hashKey, type ApiKey } from "@switchyard/switchyard/gateway";
 * const key: ApiKey = { id: "team-a", sha256: await hashKey("sk-team-a"), models: ["echo"], rpm: 60 };
 * ```
 */
export interface ApiKey {
  /** Name used in logs, metrics and errors (never the secret). */
  id: string;
  /**
   * Hex SHA-256 of the secret. Either letter case is accepted (tools differ:
   * `sha256sum` prints lowercase, PowerShell's `Get-FileHash` uppercase); the
   * key ring keeps it lowercase.
   */
  sha256: string;
  /** Client model names this key may request; absent: any. */
  models?: readonly string[];
  /**
   * The only backends this key's requests may reach, whether named
   * (`"<backend>"` or `"<backend>/<model>"`) or chosen by routing and
   * fallback; absent: any.
   */
  backends?: readonly string[];
  /** Requests per minute; absent: unlimited. */
  rpm?: number;
  /** Tokens (prompt + completion) per minute; absent: unlimited. */
  tpm?: number;
  /**
   * The response cache for this key's requests: true uses it even when the
   * gateway's `cache.enabled` is false, false never uses it; absent: the
   * gateway's default.
   */
  cache?: boolean;
  /**
   * Spend budgets in USD per day, week, month (calendar-aligned, UTC) or in
   * total; several at once, one per period. See `BudgetLimiter`.
   */
  budget?: Budget | readonly Budget[];
}

const utf8 = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return Array.from(
    new Uint8Array(bytes),
    (byte) => byte.toString(16).padStart(2, "0"),
  ).join("");
}

/**
 * The lowercase hex SHA-256 digest of a key secret, as {@linkcode ApiKey}
 * stores it.
 *
 * @param secret The secret the client sends.
 * @returns 64 hex digits.
 *
 * @example Usage
 * ```ts
 * import { hashKey } from "@switchyard/switchyard/gateway";
 * console.log((await hashKey("sk-test")).length); // 64
 * ```
 */
export async function hashKey(secret: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", utf8.encode(secret)));
}

/**
 * Compares two strings in time that depends only on their lengths.
 *
 * @param a One string.
 * @param b The other.
 * @returns True when equal.
 *
 * @example Usage
 * ```ts
 * import { timingSafeEqual } from "@switchyard/switchyard/gateway";
 * console.log(timingSafeEqual("abc", "abc"), timingSafeEqual("abc", "abd")); // true false
 * ```
 */
export function timingSafeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  }
  return diff === 0;
}

/**
 * The secret a request presents: `Authorization: Bearer <secret>`, else
 * `x-api-key`.
 *
 * @param headers The request headers.
 * @returns The secret, or undefined when none was sent.
 *
 * @example Usage
 * ```ts
 * import { presentedKey } from "@switchyard/switchyard/gateway";
 * console.log(presentedKey(new Headers({ authorization: "Bearer sk-1" }))); // "sk-1"
 * ```
 */
export function presentedKey(headers: Headers): string | undefined {
  const authorization = headers.get("authorization");
  if (authorization !== null) {
    const match = /^bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match) return match[1];
  }
  const apiKey = headers.get("x-api-key")?.trim();
  return apiKey ? apiKey : undefined;
}

function unauthorized(message: string, code: string): GatewayError {
  return new GatewayError({
    status: 401,
    type: "invalid_request_error",
    message,
    code,
  });
}

/**
 * Keys created while the gateway runs, as the key ring consults them.
 *
 * @example Usage
 * ```ts
 * import type { RuntimeKeySource } from "@switchyard/switchyard/gateway";
 * const none: RuntimeKeySource = { fresh: () => Promise.resolve(), find: () => undefined };
 * ```
 */
export interface RuntimeKeySource {
  /** Brings the keys up to date (bounded; at most once per sync interval). */
  fresh(): Promise<void>;
  /** The key with this hex SHA-256, every stored digest compared. */
  find(digest: string): ApiKey | undefined;
}

/**
 * The keys a gateway accepts, checked once per request.
 *
 * @example Authenticating a request
 * ```ts
 * import { hashKey, KeyRing } from "@switchyard/switchyard/gateway";
 * const ring = new KeyRing([{ id: "team-a", sha256: await hashKey("sk-a") }]);
 * const key = await ring.authenticate(new Headers({ authorization: "Bearer sk-a" }));
 * console.log(key.id); // "team-a"
 * ```
 */
export class KeyRing {
  #keys: readonly ApiKey[];
  #runtime: RuntimeKeySource | undefined;

  /**
   * Creates the key ring.
   *
   * @param keys The accepted keys (ids and secrets must be unique, digests
   *   64 hex digits in either letter case, limits positive finite numbers).
   * @param runtime Keys created at run time (the admin API), consulted
   *   after `keys`; with it, every request needs a key.
   * @throws {TypeError} For a duplicate id, a secret repeated under another
   *   id (its digest in either letter case), a malformed digest or a limit
   *   that is not a positive finite number.
   */
  constructor(keys: readonly ApiKey[], runtime?: RuntimeKeySource) {
    this.#runtime = runtime;
    const ids = new Set<string>();
    // Digest (lowercase) → id: two keys with one secret would leave the
    // second's limits and budgets unused, whichever the client meant.
    const digests = new Map<string, string>();
    for (const key of keys) {
      if (ids.has(key.id)) throw new TypeError(`duplicate key id "${key.id}"`);
      ids.add(key.id);
      if (!/^[0-9a-f]{64}$/i.test(key.sha256)) {
        throw new TypeError(`key "${key.id}": sha256 must be 64 hex digits`);
      }
      const twin = digests.get(key.sha256.toLowerCase());
      if (twin !== undefined) {
        throw new TypeError(
          `key "${key.id}": the same secret as key "${twin}" (sha256 repeated)`,
        );
      }
      digests.set(key.sha256.toLowerCase(), key.id);
      // A zero, negative or infinite limit has no honest Retry-After or
      // x-ratelimit-reset (a fraction does: rpm 0.5 is one every 2 min).
      for (const limit of ["rpm", "tpm"] as const) {
        const value = key[limit];
        if (
          value !== undefined && !(Number.isFinite(value) && value > 0)
        ) {
          throw new TypeError(
            `key "${key.id}": ${limit} must be a positive finite number, got ${
              String(value)
            }`,
          );
        }
      }
      if (key.budget !== undefined) {
        const problem = budgetProblem(key.budget);
        if (problem) throw new TypeError(`key "${key.id}": ${problem}`);
      }
    }
    // hashKey's digests are lowercase: a digest compared as written in
    // uppercase would refuse its own secret.
    this.#keys = keys.map((key) => ({
      ...key,
      sha256: key.sha256.toLowerCase(),
    }));
  }

  /** True when at least one key is configured (requests must then present one). */
  get enabled(): boolean {
    return this.#keys.length > 0 || this.#runtime !== undefined;
  }

  /** Whether `id` is a key of the config (not one created at run time). */
  configured(id: string): boolean {
    return this.#keys.some((key) => key.id === id);
  }

  /** The config's keys (for listings: callers must not show `sha256`). */
  get configKeys(): readonly ApiKey[] {
    return this.#keys;
  }

  /**
   * The key a request presents.
   *
   * @param headers The request headers.
   * @returns The matching key.
   * @throws {GatewayError} 401 `missing_api_key` or `invalid_api_key`.
   */
  async authenticate(headers: Headers): Promise<ApiKey> {
    const secret = presentedKey(headers);
    if (secret === undefined) {
      throw unauthorized(
        "No API key provided. Send `Authorization: Bearer <key>` or `x-api-key: <key>`.",
        "missing_api_key",
      );
    }
    const digest = await hashKey(secret);
    let found: ApiKey | undefined;
    for (const key of this.#keys) {
      // No early exit: every digest is compared.
      if (timingSafeEqual(digest, key.sha256)) found ??= key;
    }
    if (this.#runtime !== undefined) {
      await this.#runtime.fresh();
      // Config keys win a (vanishingly unlikely) digest collision.
      const runtime = this.#runtime.find(digest);
      found ??= runtime;
    }
    if (found === undefined) {
      throw unauthorized("Incorrect API key provided.", "invalid_api_key");
    }
    return found;
  }
}

/**
 * Checks that a key may use a model: its `models` list names the client's
 * model, and its `backends` list names the backend the model names, or, for
 * a model that names none, at least one backend that exists (`registered`),
 * among which the router must then choose. Without `registered` a key with
 * `backends` may only use models that name a backend.
 *
 * @param key The authenticated key.
 * @param model The model the client asked for (after aliases).
 * @param backend The backend it names explicitly, if any.
 * @param registered Whether a backend of that name is registered.
 * @throws {GatewayError} 403 `model_not_allowed`.
 *
 * @example Usage
 * ```ts
 * import { checkModelAllowed } from "@switchyard/switchyard/gateway";
 * const key = { id: "a", sha256: "0".repeat(64), models: ["echo"] };
 * checkModelAllowed(key, "echo", "echo");
 * try {
 *   checkModelAllowed(key, "gpt-4o", undefined);
 * } catch (error) {
 *   console.log((error as { status: number }).status); // 403
 * }
 * ```
 *
 * @example A key limited to backends, and a model that names none
 * ```ts
 * import { checkModelAllowed } from "@switchyard/switchyard/gateway";
 * const key = { id: "b", sha256: "0".repeat(64), backends: ["local"] };
 * const registered = (name: string) => name === "local" || name === "cloud";
 * checkModelAllowed(key, "llama3", undefined, registered); // routed to "local" only
 * try {
 *   checkModelAllowed(key, "cloud/gpt-4o", "cloud", registered);
 * } catch (error) {
 *   console.log((error as { code: string }).code); // "model_not_allowed"
 * }
 * ```
 */
export function checkModelAllowed(
  key: ApiKey,
  model: string,
  backend: string | undefined,
  registered?: (backend: string) => boolean,
): void {
  const modelOk = key.models === undefined || key.models.includes(model);
  const backendOk = backendAllowed(key.backends, backend, registered);
  if (!modelOk || !backendOk) {
    throw new GatewayError({
      status: 403,
      type: "permission_error",
      message: `The API key "${key.id}" may not use the model ${
        JSON.stringify(model)
      }.`,
      code: "model_not_allowed",
      param: "model",
    });
  }
}
