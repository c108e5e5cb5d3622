// The config's `backends` section: each backend's provider, key and URL
// checked against the provider registry, so an error names the field
// (`backends[1].provider`) before any adapter is built.
import { providerEntry, PROVIDERS } from "../models/adapters/registry.ts";
import {
  GatewayConfigError,
  object,
  oneOf,
  only,
  quote,
  string,
  strings,
} from "./_config_fields.ts";

/**
 * One backend of the config, its `apiKey` read from the environment.
 *
 * @example Usage
 * ```ts
 * import type { BackendConfig } from "@switchyard/switchyard/gateway";
 * const backend: BackendConfig = { name: "groq", provider: "groq", apiKey: "gsk-…", models: ["llama-3.1-8b-instant"] };
 * ```
 */
export interface BackendConfig {
  /** Registered name. */
  name: string;
  /** Provider id (`openai`, `anthropic`, `gemini`, `ollama`, a preset, …). */
  provider: string;
  /** The credential (already read from `$VAR`). */
  apiKey?: string;
  /** API root override. */
  baseURL?: string;
  /** Models this backend serves. */
  models?: string[];
  /** Model used when a request names none. */
  defaultModel?: string;
  /** Token-limit wire name for OpenAI-protocol backends. */
  maxTokensParameter?: "max_tokens" | "max_completion_tokens";
}

/**
 * Reads one environment variable; `undefined` when unset.
 *
 * @example Usage
 * ```ts
 * import type { Env } from "@switchyard/switchyard/gateway";
 * const env: Env = (name) => ({ TEAM_KEY: "sk-team" } as Record<string, string>)[name];
 * ```
 */
export type Env = (name: string) => string | undefined;

/** Provider names that build in-process test backends (`./models/testing`). */
const TEST_PROVIDERS: readonly string[] = ["echo", "mock"];

/** Every name `backends[].provider` accepts, for the error message. */
function providerNames(): string {
  return [...Object.keys(PROVIDERS), ...TEST_PROVIDERS].join(", ");
}

/** Reads `"$NAME"` from the environment; any other text is returned as is. */
export function secret(value: unknown, field: string, env: Env): string {
  const text = string(value, field);
  if (!text.startsWith("$")) return text;
  const found = env(text.slice(1));
  if (found === undefined || found === "") {
    throw new GatewayConfigError(
      field,
      `names environment variable ${
        /^\w+$/.test(text.slice(1)) ? text.slice(1) : quote(text.slice(1))
      }, which is not set`,
    );
  }
  return found;
}

/**
 * A backend's key: `"$NAME"` only, unless the provider needs no real key (a
 * local server: ollama, vllm, llamacpp, lmstudio; or a test backend), where
 * a literal placeholder such as `"ollama"` is no secret.
 */
function backendKey(
  value: unknown,
  provider: string,
  field: string,
  env: Env,
): string {
  const text = string(value, field);
  const keyless = TEST_PROVIDERS.includes(provider) ||
    providerEntry(provider)?.requiresKey === false;
  if (!text.startsWith("$") && !keyless) {
    throw new GatewayConfigError(
      field,
      'must name an environment variable ("$NAME"); a secret in the file is refused',
    );
  }
  return secret(text, field, env);
}

export function readBackends(value: unknown, env: Env): BackendConfig[] {
  if (!Array.isArray(value)) {
    throw new GatewayConfigError("backends", "must be an array");
  }
  const names = new Set<string>();
  return value.map((item, i): BackendConfig => {
    const where = `backends[${i}]`;
    const raw = object(item, where);
    only(raw, where, [
      "name",
      "provider",
      "apiKey",
      "baseURL",
      "models",
      "defaultModel",
      "maxTokensParameter",
    ]);
    const name = string(raw.name, `${where}.name`);
    if (name.includes("/")) {
      throw new GatewayConfigError(`${where}.name`, 'must not contain "/"');
    }
    if (names.has(name)) {
      throw new GatewayConfigError(`${where}.name`, `repeats ${quote(name)}`);
    }
    names.add(name);
    const provider = string(raw.provider, `${where}.provider`);
    if (!providerEntry(provider) && !TEST_PROVIDERS.includes(provider)) {
      throw new GatewayConfigError(
        `${where}.provider`,
        `names no known provider (${
          quote(provider)
        }; known: ${providerNames()})`,
      );
    }
    const backend: BackendConfig = { name, provider };
    if (raw.apiKey !== undefined) {
      backend.apiKey = backendKey(raw.apiKey, provider, `${where}.apiKey`, env);
    }
    if (raw.baseURL !== undefined) {
      const url = string(raw.baseURL, `${where}.baseURL`);
      if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
        throw new GatewayConfigError(
          `${where}.baseURL`,
          "must be an http(s) URL",
        );
      }
      backend.baseURL = url;
    }
    if (raw.models !== undefined) {
      backend.models = strings(raw.models, `${where}.models`);
    }
    if (raw.defaultModel !== undefined) {
      backend.defaultModel = string(raw.defaultModel, `${where}.defaultModel`);
    } else if (backend.models?.length) backend.defaultModel = backend.models[0];
    if (raw.maxTokensParameter !== undefined) {
      backend.maxTokensParameter = oneOf(
        raw.maxTokensParameter,
        `${where}.maxTokensParameter`,
        ["max_tokens", "max_completion_tokens"] as const,
      );
    }
    return backend;
  });
}

/**
 * Refuses an alias target the config alone shows to be wrong. Aliases are
 * resolved once, so a target naming another alias (and not also a backend
 * or a backend's model) would reach routing as that alias's own name; and
 * `"<backend>/"` names a backend but no model. Any other name is a model
 * for routing, which no config check can rule out.
 */
export function checkAliasTarget(
  alias: string,
  target: string,
  aliases: Record<string, unknown>,
  backends: readonly BackendConfig[],
  field: string,
): void {
  const isBackend = (name: string) => backends.some((b) => b.name === name);
  if (target.endsWith("/") && isBackend(target.slice(0, -1))) {
    throw new GatewayConfigError(
      field,
      `names backend ${quote(target.slice(0, -1))} but no model after "/"`,
    );
  }
  const servedModel = backends.some((b) =>
    b.defaultModel === target || (b.models ?? []).includes(target)
  );
  if (
    target !== alias && Object.hasOwn(aliases, target) &&
    !isBackend(target) && !servedModel
  ) {
    throw new GatewayConfigError(
      field,
      `targets another alias (${
        quote(target)
      }); aliases resolve once, so give that alias's target`,
    );
  }
}
