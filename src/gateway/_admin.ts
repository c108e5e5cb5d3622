// The admin API: keys created, listed, revoked and rotated while the
// gateway runs, behind the admin key; and the console's page and data.
// Answers and errors are in OpenAI's shape. A secret exists here only in
// the answer to a create or a rotate: it is stored as its SHA-256, and the
// log line names the action and the key id.
import { OPENAI_API } from "./_apis.ts";
import type { Exchange } from "./_exchange.ts";
import type { Route } from "./_routes.ts";
import { GatewayError } from "./errors.ts";
import { hashKey, presentedKey, timingSafeEqual } from "./keys.ts";
import { jsonResponse } from "./_json_response.ts";
import { readJson } from "./_read_bounded.ts";
import type { AdminOptions } from "./gateway_types.ts";
import type { RouterStore } from "../models/store.ts";
import type { RuntimeKeys, StoredKey } from "./_admin_keys.ts";
import { consoleData } from "./_console_data.ts";
import { consoleFile } from "./_console_page.ts";
import { adminPathProblem } from "./_admin_path.ts";
import { budgetProblem } from "./_budget_parts.ts";
import type { Budget } from "./budgets.ts";

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const FIELDS = ["id", "models", "backends", "rpm", "tpm", "budget"];

function invalid(message: string, param?: string): GatewayError {
  return new GatewayError({
    status: 400,
    type: "invalid_request_error",
    message,
    code: "invalid_key_request",
    ...(param ? { param } : {}),
  });
}

function conflict(message: string, code: string): GatewayError {
  return new GatewayError({
    status: 409,
    type: "invalid_request_error",
    message,
    code,
  });
}

function notFound(id: string): GatewayError {
  return new GatewayError({
    status: 404,
    type: "invalid_request_error",
    message: `No key created at run time has the id ${JSON.stringify(id)}.`,
    code: "key_not_found",
  });
}

/** A new secret: 32 random bytes, base64url, after a recognisable prefix. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const text = btoa(String.fromCharCode(...bytes));
  return `sk-sy-${
    text.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")
  }`;
}

function names(value: unknown, param: string): string[] {
  if (
    !Array.isArray(value) ||
    !value.every((item) => typeof item === "string" && item.length > 0)
  ) {
    throw invalid(`${param} must be an array of non-empty strings.`, param);
  }
  return value as string[];
}

function limit(value: unknown, param: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw invalid(`${param} must be a positive finite number.`, param);
  }
  return value;
}

/** A key as listed: never its secret or digest. */
function view(key: StoredKey | { id: string }, source: string) {
  const { id } = key;
  const { models, backends, rpm, tpm, budget, created_at, rotated_at } =
    key as Partial<StoredKey>;
  return {
    id,
    object: "api_key",
    source,
    ...(models ? { models } : {}),
    ...(backends ? { backends } : {}),
    ...(rpm !== undefined ? { rpm } : {}),
    ...(tpm !== undefined ? { tpm } : {}),
    ...(budget !== undefined ? { budget } : {}),
    ...(created_at ? { created_at } : {}),
    ...(rotated_at ? { rotated_at } : {}),
  };
}

/** The admin API's state and routes. */
export class Admin {
  readonly #sha256: string;
  readonly path: string;
  readonly consolePath: string;
  readonly keys: RuntimeKeys;
  /** Whether runtime keys live in the shared store (else this process). */
  readonly shared: boolean;

  /** The fleet's store, whose backend counters the console shows. */
  readonly fleet: RouterStore | undefined;

  constructor(
    options: AdminOptions,
    keys: RuntimeKeys,
    shared: boolean,
    fleet?: RouterStore,
  ) {
    if (!/^[0-9a-f]{64}$/i.test(options.sha256)) {
      throw new TypeError("admin.sha256 must be 64 hex digits");
    }
    const path = options.path ?? "/admin";
    const consolePath = options.consolePath ?? "/console";
    for (
      const [field, value] of [["path", path], ["consolePath", consolePath]]
    ) {
      const problem = adminPathProblem(value);
      if (problem !== undefined) {
        throw new TypeError(
          `admin.${field} ${problem}`,
        );
      }
    }
    if (consolePath === path || consolePath.startsWith(`${path}/`)) {
      throw new TypeError("admin.consolePath must lie outside admin.path");
    }
    this.#sha256 = options.sha256.toLowerCase();
    this.path = path;
    this.consolePath = consolePath;
    this.keys = keys;
    this.shared = shared;
    this.fleet = fleet;
  }

  /** The route of an admin or console path, else undefined. */
  routeAt(method: string, path: string): Route | undefined {
    const page = path === this.consolePath
      ? "page"
      : path === `${this.consolePath}/console.js`
      ? "js"
      : path === `${this.consolePath}/console.css`
      ? "css"
      : undefined;
    if (page !== undefined) {
      return this.#route(
        method,
        ["GET"],
        () => consoleFile(this.consolePath, this.path, page),
      );
    }
    const base = this.path;
    if (path === `${base}/console.json`) {
      return this.#route(method, ["GET"], async (ex) => {
        await this.#authorize(ex, "console");
        return jsonResponse(
          await consoleData(ex.ctx, this.keys.list(), this.shared, this.fleet),
          {
            headers: { ...ex.headers, "cache-control": "no-store" },
          },
        );
      });
    }
    if (path === `${base}/keys`) {
      return this.#route(
        method,
        ["GET", "POST"],
        (ex) => method === "GET" ? this.#list(ex) : this.#create(ex),
      );
    }
    if (!path.startsWith(`${base}/keys/`)) return undefined;
    const rest = path.slice(base.length + 6).split("/");
    let id: string;
    try {
      id = decodeURIComponent(rest[0]);
    } catch {
      id = rest[0];
    }
    if (rest.length === 1 && rest[0] !== "") {
      return this.#route(method, ["DELETE"], (ex) => this.#revoke(ex, id));
    }
    if (rest.length === 2 && rest[1] === "rotate" && rest[0] !== "") {
      return this.#route(method, ["POST"], (ex) => this.#rotate(ex, id));
    }
    return undefined;
  }

  /** A route answering `allowed` methods, and a 405 naming them otherwise. */
  #route(
    method: string,
    allowed: readonly string[],
    handle: (ex: Exchange) => Promise<Response> | Response,
  ): Route {
    return {
      // A one-method path refuses others through the route table's 405;
      // a two-method one through its own, which names both.
      method: allowed.includes(method) || allowed.length > 1
        ? method
        : allowed[0],
      api: OPENAI_API,
      metered: false,
      handle: allowed.length > 1 && !allowed.includes(method)
        ? () => {
          throw new GatewayError({
            status: 405,
            type: "invalid_request_error",
            message: `Use ${allowed.join(" or ")}.`,
            code: "method_not_allowed",
            headers: { allow: allowed.join(", ") },
          });
        }
        : handle,
    };
  }

  /** A 401 unless the request presents the admin key (any scheme case). */
  async #authorize(ex: Exchange, action: string, keyId?: string) {
    ex.admin = { action, ...(keyId === undefined ? {} : { keyId }) };
    const secret = presentedKey(ex.request.headers);
    const ok = secret !== undefined &&
      timingSafeEqual(await hashKey(secret), this.#sha256);
    if (!ok) {
      ex.admin = undefined;
      throw new GatewayError({
        status: 401,
        type: "invalid_request_error",
        message: secret === undefined
          ? "The admin API needs the admin key: `Authorization: Bearer <admin key>`."
          : "Incorrect admin key provided.",
        code: secret === undefined ? "missing_admin_key" : "invalid_admin_key",
      });
    }
  }

  async #list(ex: Exchange): Promise<Response> {
    await this.#authorize(ex, "list");
    await this.keys.fresh();
    const data = [
      ...ex.ctx.keyRing.configKeys.map((key) => view(key, "config")),
      ...this.keys.list().map((key) => view(key, "admin")),
    ];
    return jsonResponse({ object: "list", data }, { headers: ex.headers });
  }

  async #create(ex: Exchange): Promise<Response> {
    await this.#authorize(ex, "create");
    const body = await readJson(ex.request, ex.ctx.maxBodyBytes);
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw invalid("The body must be a JSON object.");
    }
    const raw = body as Record<string, unknown>;
    for (const field of Object.keys(raw)) {
      if (!FIELDS.includes(field)) {
        throw invalid(`Unknown field ${JSON.stringify(field)}.`, field);
      }
    }
    if (typeof raw.id !== "string" || !ID.test(raw.id)) {
      throw invalid(
        "id must be 1–64 letters, digits, '.', '_' or '-', starting with a letter or digit.",
        "id",
      );
    }
    const id = raw.id;
    ex.admin = { action: "create", keyId: id };
    if (ex.ctx.keyRing.configured(id)) {
      throw conflict(
        `The key ${
          JSON.stringify(id)
        } is defined in the config file; pick another id.`,
        "config_key",
      );
    }
    const secret = newSecret();
    const key: StoredKey = {
      id,
      sha256: await hashKey(secret),
      created_at: new Date(ex.ctx.now()).toISOString(),
    };
    if (raw.models !== undefined) key.models = names(raw.models, "models");
    if (raw.backends !== undefined) {
      key.backends = names(raw.backends, "backends");
      const unknown = key.backends.find((name) => !ex.ctx.registered(name));
      if (unknown !== undefined) {
        throw invalid(
          `backends names no backend (${JSON.stringify(unknown)}).`,
          "backends",
        );
      }
    }
    if (raw.rpm !== undefined) key.rpm = limit(raw.rpm, "rpm");
    if (raw.tpm !== undefined) key.tpm = limit(raw.tpm, "tpm");
    // Checked like a config key's: the budget checks read it as typed.
    if (raw.budget !== undefined) {
      const problem = budgetProblem(raw.budget);
      if (problem !== undefined) throw invalid(`budget: ${problem}`, "budget");
      key.budget = raw.budget as Budget | Budget[];
    }
    if (!await this.keys.write(id, "create", key)) {
      throw conflict(
        `A key with the id ${JSON.stringify(id)} exists; revoke it first.`,
        "key_exists",
      );
    }
    const { sha256: _digest, ...shown } = key;
    return jsonResponse({ ...view(shown, "admin"), key: secret }, {
      status: 201,
      headers: { ...ex.headers, "cache-control": "no-store" },
    });
  }

  #protect(ex: Exchange, id: string, verb: string): void {
    if (ex.ctx.keyRing.configured(id)) {
      throw conflict(
        `The key ${
          JSON.stringify(id)
        } is defined in the config file and cannot be ${verb} through the admin API; edit the config and restart.`,
        "config_key",
      );
    }
  }

  async #revoke(ex: Exchange, id: string): Promise<Response> {
    await this.#authorize(ex, "revoke", id);
    this.#protect(ex, id, "revoked");
    if (!await this.keys.write(id, "delete")) throw notFound(id);
    return jsonResponse({ id, object: "api_key", deleted: true }, {
      headers: ex.headers,
    });
  }

  async #rotate(ex: Exchange, id: string): Promise<Response> {
    await this.#authorize(ex, "rotate", id);
    this.#protect(ex, id, "rotated");
    await this.keys.fresh();
    const current = this.keys.get(id);
    if (current === undefined) throw notFound(id);
    const secret = newSecret();
    const rotated: StoredKey = {
      ...current,
      sha256: await hashKey(secret),
      rotated_at: new Date(ex.ctx.now()).toISOString(),
    };
    if (!await this.keys.write(id, "replace", rotated)) throw notFound(id);
    const { sha256: _digest, ...shown } = rotated;
    return jsonResponse({ ...view(shown, "admin"), key: secret }, {
      headers: { ...ex.headers, "cache-control": "no-store" },
    });
  }
}
