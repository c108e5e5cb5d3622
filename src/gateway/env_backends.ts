/**
 * Gateway backends from the environment (the shortcuts a config file's
 * missing `backends` falls back to).
 *
 * Sources, first match wins:
 * 1. `SWITCHYARD_CONFIG=path`: a JSON array of
 *    `{ name, provider, apiKey?, baseURL?, defaultModel? }` (only this file is
 *    used; `provider` is a name in the provider registry,
 *    `src/models/adapters/registry.ts` — `openai`, `anthropic`, `gemini`,
 *    `ollama`, `cohere`, an OpenAI-compatible preset such as `groq` or
 *    `vllm` — or `echo`/`mock` for a local test backend). An `apiKey`
 *    written `"$NAME"` is read from the environment variable `NAME`, so keys
 *    need not sit in the file. (The older, backends-only form of the config
 *    file; a JSON object is the full config of `parseGatewayConfig`.)
 * 2. `OPENAI_API_KEY` (with `OPENAI_BASE_URL`, the API root including `/v1`,
 *    and `OPENAI_MAX_TOKENS_PARAMETER`, `max_tokens` or `max_completion_tokens`),
 *    `ANTHROPIC_API_KEY`, `GEMINI_API_KEY`, `OLLAMA_HOST` (read as Ollama's
 *    own client reads it, see {@linkcode ollamaBaseURL}): one backend each,
 *    named after the provider, in that order. `OPENAI_MODEL` is the `openai`
 *    backend's default model (an OpenAI-compatible server behind
 *    `OPENAI_BASE_URL` rarely serves the adapter's default, `gpt-4o-mini`);
 *    `SWITCHYARD_DEFAULT_MODEL` is the default model of the first backend
 *    (the router's default) when its own variable set none.
 * 3. Nothing set: two deterministic local backends from `./models/testing`,
 *    `echo` (repeats the last user message) and `mock` (a fixed answer), so the
 *    gateway works offline.
 *
 * The first backend is the router's default; fallback is sequential in this
 * order.
 *
 * @module
 */
import {
  type BackendSpec,
  createAdapter,
  LOCAL_BACKENDS,
  tokenLimitName,
} from "./providers.ts";
import { configError } from "./_whole_config_error.ts";
import { blankJsonc } from "./_jsonc.ts";
import { jsonErrorPosition } from "./_json_position.ts";
import type { Env } from "./_config_backends.ts";

/**
 * Where the backends came from: a config file, the environment shortcuts,
 * or the local test backends.
 *
 * @example Usage
 * ```ts
 * import type { BackendSource } from "@switchyard/switchyard/gateway";
 * const source: BackendSource = "env";
 * ```
 */
export type BackendSource = "config" | "env" | "local";

/**
 * The backends to start with and their source.
 *
 * @example Usage
 * ```ts
 * import type { BackendPlan } from "@switchyard/switchyard/gateway";
 * const plan: BackendPlan = { source: "local", specs: [{ name: "echo", provider: "echo" }] };
 * ```
 */
export interface BackendPlan {
  /** Where they came from. */
  source: BackendSource;
  /** The backends, in fallback order. */
  specs: BackendSpec[];
}

/**
 * The URL a client reaches Ollama at for an `OLLAMA_HOST` value, by the rule
 * of Ollama's own client (`envconfig.Host`): `host`, `host:port`, `:port`,
 * `[v6]:port` or `scheme://host[:port][/path]`; surrounding quotes and spaces
 * are ignored. Without a scheme the port defaults to 11434; with `http://` or
 * `https://` to 80 or 443, as in Ollama. A bind-all address (`0.0.0.0`,
 * `::`), which is how a server is told to listen everywhere, is reached on
 * loopback (`127.0.0.1`, `::1`); an empty host also means loopback.
 *
 * @param value The `OLLAMA_HOST` value.
 * @returns The server root, e.g. `http://127.0.0.1:11434`.
 * @throws {GatewayConfigError} For a scheme other than http(s) or an invalid port
 *   (Ollama falls back to the default port there; a server started on a port
 *   nobody meant is worse than a clear error).
 *
 * @example Forms
 * ```ts
 * import { ollamaBaseURL } from "@switchyard/switchyard/gateway";
 * console.log(ollamaBaseURL("0.0.0.0")); // "http://127.0.0.1:11434"
 * console.log(ollamaBaseURL("gpu-box:8080")); // "http://gpu-box:8080"
 * console.log(ollamaBaseURL("https://ollama.example")); // "https://ollama.example:443"
 * ```
 */
export function ollamaBaseURL(value: string): string {
  const trimmed = value.trim().replace(/^["']+|["']+$/g, "").trim();
  const schemeMatch = /^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed);
  const scheme = schemeMatch ? schemeMatch[1].toLowerCase() : "http";
  if (scheme !== "http" && scheme !== "https") {
    throw configError(
      `OLLAMA_HOST: unsupported scheme "${scheme}" in ${
        JSON.stringify(value)
      } (use http or https)`,
    );
  }
  const defaultPort = !schemeMatch
    ? "11434"
    : scheme === "https"
    ? "443"
    : "80";
  const rest = trimmed.slice(schemeMatch ? schemeMatch[0].length : 0);
  const slash = rest.indexOf("/");
  const hostPort = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? "" : rest.slice(slash).replace(/\/+$/, "");

  let host: string;
  let port: string | undefined;
  const bracketed = /^\[([^\]]*)\](?::(.*))?$/.exec(hostPort);
  if (bracketed) {
    [, host, port] = bracketed;
  } else if (hostPort.indexOf(":") !== hostPort.lastIndexOf(":")) {
    host = hostPort; // a bare IPv6 address has no room for a port
  } else {
    const colon = hostPort.indexOf(":");
    host = colon === -1 ? hostPort : hostPort.slice(0, colon);
    port = colon === -1 ? undefined : hostPort.slice(colon + 1);
  }
  port ??= defaultPort;
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) {
    throw configError(
      `OLLAMA_HOST: invalid port "${port}" in ${JSON.stringify(value)}`,
    );
  }
  if (host === "" || host === "0.0.0.0") host = "127.0.0.1";
  else if (/^[0:]+$/.test(host) && host.includes(":")) host = "::1";
  const url = `${scheme}://${host.includes(":") ? `[${host}]` : host}:${
    Number(port)
  }${path}`;
  try {
    new URL(url);
  } catch {
    throw configError(`OLLAMA_HOST: not a host ${JSON.stringify(value)}`);
  }
  return url;
}

function readConfig(path: string, text: string, env: Env): BackendSpec[] {
  const plain = blankJsonc(text);
  let value: unknown;
  try {
    value = JSON.parse(plain);
  } catch {
    // Never JSON.parse's message: V8 quotes the text, and this older form
    // may hold a key written out.
    const at = jsonErrorPosition(plain);
    throw configError(
      `${path}: not valid JSON${
        at
          ? ` (${
            at.end ? "unexpected end" : "unexpected character"
          } at line ${at.line} column ${at.column})`
          : ""
      }`,
    );
  }
  if (!Array.isArray(value) || value.length === 0) {
    throw configError(
      `${path}: expected a non-empty JSON array of backends`,
    );
  }
  const names = new Set<string>();
  return value.map((item, i): BackendSpec => {
    const where = `${path}[${i}]`;
    if (typeof item !== "object" || item === null) {
      throw configError(`${where}: expected an object`);
    }
    const {
      name,
      provider,
      apiKey,
      baseURL,
      defaultModel,
      maxTokensParameter,
    } = item as Record<string, unknown>;
    if (typeof name !== "string" || name === "" || name.includes("/")) {
      throw configError(
        `${where}.name: expected a non-empty string without "/"`,
      );
    }
    if (names.has(name)) {
      throw configError(`${where}.name: duplicate name "${name}"`);
    }
    names.add(name);
    if (typeof provider !== "string") {
      throw configError(`${where}.provider: expected a string`);
    }
    for (
      const [key, field] of Object.entries({ apiKey, baseURL, defaultModel })
    ) {
      if (field !== undefined && typeof field !== "string") {
        throw configError(`${where}.${key}: expected a string`);
      }
    }
    const spec: BackendSpec = { name, provider };
    if (typeof apiKey === "string") {
      const key = apiKey.startsWith("$") ? env(apiKey.slice(1)) : apiKey;
      if (key === undefined) {
        throw configError(
          `${where}.apiKey: environment variable ${apiKey.slice(1)} is not set`,
        );
      }
      spec.apiKey = key;
    }
    // As the config's backends[].baseURL: an empty one is no URL, which the
    // adapter would not replace by the provider's own.
    if (baseURL === "") {
      throw configError(`${where}.baseURL: expected a non-empty string`);
    }
    if (typeof baseURL === "string") spec.baseURL = baseURL;
    // As the config's backends[].defaultModel: an empty one would send
    // requests that name no model upstream with model "".
    if (defaultModel === "") {
      throw configError(`${where}.defaultModel: expected a non-empty string`);
    }
    if (typeof defaultModel === "string") spec.defaultModel = defaultModel;
    if (maxTokensParameter !== undefined) {
      spec.maxTokensParameter = tokenLimitName(
        maxTokensParameter,
        `${where}.maxTokensParameter`,
      );
    }
    createAdapter(spec); // validates the provider and required keys now, not at the first request
    return spec;
  });
}

/**
 * Decides which backends to start from environment variables.
 *
 * @param env Reads an environment variable.
 * @param readTextFile Reads the `SWITCHYARD_CONFIG` file.
 * @returns The backends and their source.
 * @throws {GatewayConfigError} For an unreadable or invalid config file.
 *
 * @example Nothing configured
 * ```ts
 * import { planBackends } from "@switchyard/switchyard/gateway";
 * const plan = planBackends(() => undefined, () => "");
 * console.log(plan.source, plan.specs.map((s) => s.name)); // "local" ["echo", "mock"]
 * ```
 */
export function planBackends(
  env: Env,
  readTextFile: (path: string) => string,
): BackendPlan {
  const configPath = env("SWITCHYARD_CONFIG");
  if (configPath) {
    let text: string;
    try {
      text = readTextFile(configPath);
    } catch (error) {
      throw configError(
        `${configPath}: cannot read (${(error as Error).message})`,
      );
    }
    return { source: "config", specs: readConfig(configPath, text, env) };
  }
  const specs: BackendSpec[] = [];
  const openaiKey = env("OPENAI_API_KEY");
  if (openaiKey) {
    const baseURL = env("OPENAI_BASE_URL");
    const limit = env("OPENAI_MAX_TOKENS_PARAMETER");
    const model = env("OPENAI_MODEL");
    specs.push({
      name: "openai",
      provider: "openai",
      apiKey: openaiKey,
      ...(baseURL ? { baseURL } : {}),
      ...(model ? { defaultModel: model } : {}),
      ...(limit
        ? {
          maxTokensParameter: tokenLimitName(
            limit,
            "OPENAI_MAX_TOKENS_PARAMETER",
          ),
        }
        : {}),
    });
  }
  const anthropicKey = env("ANTHROPIC_API_KEY");
  if (anthropicKey) {
    specs.push({
      name: "anthropic",
      provider: "anthropic",
      apiKey: anthropicKey,
    });
  }
  const geminiKey = env("GEMINI_API_KEY");
  if (geminiKey) {
    specs.push({ name: "gemini", provider: "gemini", apiKey: geminiKey });
  }
  const ollamaHost = env("OLLAMA_HOST");
  if (ollamaHost) {
    specs.push({
      name: "ollama",
      provider: "ollama",
      baseURL: ollamaBaseURL(ollamaHost),
    });
  }
  if (specs.length > 0) {
    // One variable for the common case of one backend behind a URL whose
    // models no preset knows; a backend's own variable wins.
    const fallbackModel = env("SWITCHYARD_DEFAULT_MODEL");
    if (fallbackModel && specs[0].defaultModel === undefined) {
      specs[0].defaultModel = fallbackModel;
    }
    return { source: "env", specs };
  }
  return {
    source: "local",
    specs: LOCAL_BACKENDS.map((spec) => ({ ...spec })),
  };
}
