// The startup summary of `switchyard gateway`: what a user needs to see to
// know what is being served — the config file, each backend with its URL and
// models, whether keys are required, where shared state lives, the address.
// Never a key: URLs lose their credentials, keys are counted.
import type { GatewayPlan } from "../gateway/from_config.ts";
import {
  type CacheConfig,
  DEFAULT_CACHE_TTL_SECONDS,
} from "../gateway/cache/options.ts";
import { DEFAULT_MEMORY_CACHE_BYTES } from "../gateway/cache/memory.ts";
import { createAdapter, providerEntry } from "../gateway/providers.ts";

/** A URL without user, password or query (which may carry a token). */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    parsed.search = "";
    return parsed.href;
  } catch {
    return "(invalid URL)";
  }
}

/**
 * Where the backends came from, in words: the file the line above names
 * (whether `--config` or SWITCHYARD_CONFIG gave it), or the environment's
 * shortcuts.
 */
function sourceName(plan: GatewayPlan): string {
  return plan.source === "config" ? "the config file" : "the environment";
}

/** One line per backend: provider, URL, default model and served models. */
function backendLines(plan: GatewayPlan): string[] {
  const aliases = plan.options.aliases ?? {};
  return plan.specs.map((spec) => {
    const local = spec.provider === "echo" || spec.provider === "mock";
    const url = spec.baseURL ?? providerEntry(spec.provider)?.baseURL;
    const defaultModel = spec.defaultModel ??
      createAdapter(spec).metadata.defaultModel;
    const served = Object.entries(aliases)
      .filter(([, target]) => target.startsWith(`${spec.name}/`))
      .map(([alias]) => alias);
    const parts = [
      local
        ? `${spec.provider} (in-process test backend)`
        : `${spec.provider} at ${url ? safeUrl(url) : "(no URL)"}`,
      defaultModel
        ? `default model ${defaultModel}`
        : "no default model: requests must name one (set the config's defaultModel, OPENAI_MODEL or SWITCHYARD_DEFAULT_MODEL)",
    ];
    if (served.length > 0) parts.push(`models ${served.join(", ")}`);
    return `switchyard:   ${spec.name}: ${parts.join("; ")}`;
  });
}

/** The summary lines printed before the listening line. */
export function summaryLines(
  plan: GatewayPlan,
  configPath: string | undefined,
  redis: { where: string; connected: boolean } | undefined,
): string[] {
  const lines = [
    `switchyard: config file: ${
      configPath ?? "none (--config FILE or SWITCHYARD_CONFIG names one)"
    }`,
  ];
  if (plan.source === "local") {
    lines.push(
      (configPath
        ? "switchyard: the config names no backends and no OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY or OLLAMA_HOST is set: "
        : "switchyard: no OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY, OLLAMA_HOST or SWITCHYARD_CONFIG set: ") +
        "the gateway runs on deterministic local test backends (echo, mock).",
    );
  } else {
    lines.push(
      `switchyard: backends from ${sourceName(plan)}: ` +
        plan.specs.map((spec) => `${spec.name} (${spec.provider})`).join(", "),
    );
  }
  lines.push(...backendLines(plan));
  const keys = plan.options.keys?.length ?? 0;
  const admin = plan.options.admin;
  lines.push(
    keys === 0 && admin
      ? "switchyard: keys: on (none in the config yet: create them through the admin API; every route but /metrics, /healthz and /readyz needs one)"
      : keys > 0
      ? `switchyard: keys: on (${keys} key${
        keys === 1 ? "" : "s"
      }; every route but /metrics, /healthz and /readyz needs one)`
      : "switchyard: keys: off (anyone who reaches the port may call; loopback only)",
  );
  if (admin) {
    lines.push(
      `switchyard: admin API at ${admin.path ?? "/admin"}, console at ${
        admin.consolePath ?? "/console"
      } (both need the admin key)`,
    );
  }
  lines.push(
    redis
      ? `switchyard: shared state on Redis ${redis.where}` +
        (redis.connected
          ? ""
          : " (not answering yet: running on local state until it does)")
      : "switchyard: state: local to this process (REDIS_URL or the config's redis shares it across instances)",
  );
  if (plan.cache) lines.push(cacheLine(plan.cache));
  return lines;
}

/** The response cache, when the config has one. */
function cacheLine(cache: CacheConfig): string {
  const where = cache.store === "shared"
    ? `shared on Redis${
      cache.namespace ? ` (namespace ${cache.namespace})` : ""
    }`
    : `in memory, at most ${
      cache.maxBytes ?? DEFAULT_MEMORY_CACHE_BYTES
    } bytes`;
  const ttl = cache.ttlSeconds ?? DEFAULT_CACHE_TTL_SECONDS;
  const who = cache.enabled === false
    ? "keys with cache: true and requests sending x-switchyard-cache-ttl"
    : "every chat request but keys with cache: false";
  return `switchyard: response cache: ${where}; answers kept ${ttl}s; for ${who}`;
}
