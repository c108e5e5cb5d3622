// The chat handler's cache steps: decide from the settings, the key and the
// request's headers whether this request reads and writes the cache, answer
// a hit in the caller's wire (plain or streamed), and store a finished
// answer. Only complete answers reach `store`: the handler calls it after a
// plain answer and after a stream's `done`, never on an error or a cut.
import type { ParsedRequest, WireApi } from "../_apis.ts";
import type { Exchange } from "../_exchange.ts";
import { jsonResponse } from "../_json_response.ts";
import { SSE_HEADERS } from "../_relay_answer.ts";
import { GatewayError } from "../errors.ts";
import type { StreamTap } from "../_stream_answer.ts";
import type { IRChatResponse } from "../../models/types.ts";
import {
  type CachedAnswer,
  parseAnswer,
  replayChunks,
  serializeAnswer,
  streamable,
  StreamAssembler,
} from "./_answer.ts";
import { cacheKey } from "./_key.ts";
import { MAX_CACHE_TTL_SECONDS } from "./options.ts";

/** What one request does with the cache. */
export interface CachePlan {
  readonly key: string;
  /** Whether a stored answer may answer it (`no-cache`: no). */
  readonly read: boolean;
  /** How long its answer is kept; 0: not kept. */
  readonly ttlMs: number;
}

/** The request header asking for a time to live, in seconds. */
export const TTL_HEADER = "x-switchyard-cache-ttl";

function directives(headers: Headers): Set<string> {
  const value = headers.get("cache-control");
  if (value === null) return new Set();
  return new Set(
    value.split(",").map((d) => d.trim().toLowerCase()).filter((d) => d),
  );
}

function ttlAsked(headers: Headers): number | undefined {
  const value = headers.get(TTL_HEADER);
  if (value === null) return undefined;
  const text = value.trim();
  const seconds = Number(text);
  if (
    !/^[0-9]+$/.test(text) || !Number.isSafeInteger(seconds) ||
    seconds > MAX_CACHE_TTL_SECONDS
  ) {
    throw new GatewayError({
      status: 400,
      type: "invalid_request_error",
      message:
        `${TTL_HEADER} must be a whole number of seconds from 0 to ${MAX_CACHE_TTL_SECONDS}.`,
      code: "invalid_cache_ttl",
    });
  }
  return seconds;
}

/**
 * This request's plan, or undefined when it does not use the cache (the
 * answer then says `bypass`; also when not `cacheable`). Throws a 400 for
 * a malformed TTL header.
 */
export async function planCache(
  ex: Exchange,
  body: unknown,
  model: string,
  cacheable = true,
): Promise<CachePlan | undefined> {
  const settings = ex.ctx.cache;
  if (settings === undefined) return undefined;
  if (!cacheable) {
    ex.cacheResult("bypass");
    return undefined;
  }
  const headers = ex.request.headers;
  const ttl = ttlAsked(headers);
  const wanted = ex.key?.cache ?? (settings.enabled || ttl !== undefined);
  const cc = directives(headers);
  if (!wanted || cc.has("no-store")) {
    ex.cacheResult("bypass");
    return undefined;
  }
  const key = await cacheKey(
    ex.api.name,
    model,
    body as Record<string, unknown>,
    ex.key?.backends,
  );
  return {
    key,
    read: !cc.has("no-cache"),
    ttlMs: ttl === undefined ? settings.ttlMs : ttl * 1000,
  };
}

/** The stored answer for `plan`, if it may be read and is there. */
export async function lookUp(
  ex: Exchange,
  plan: CachePlan,
  stream: boolean,
): Promise<CachedAnswer | undefined> {
  if (!plan.read) return undefined;
  let text: string | undefined;
  try {
    text = await ex.ctx.cache!.cache.get(plan.key);
  } catch {
    return undefined; // a cache that fails is a miss, never a failed request
  }
  const hit = text === undefined ? undefined : parseAnswer(text);
  // An answer a stream cannot carry whole is a miss for a streamed request.
  if (hit && stream && !streamable(hit.response)) return undefined;
  return hit;
}

/**
 * A hit, answered in the caller's wire: the original answer (its usage as
 * the original reported it) under a new id, as JSON or as a stream.
 */
export function replay(
  ex: Exchange,
  hit: CachedAnswer,
  api: WireApi,
  parsed: ParsedRequest,
  id: string,
  created: number,
): Response {
  ex.cacheResult("hit");
  const age = Math.max(0, Math.floor((ex.ctx.now() - hit.storedAt) / 1000));
  const headers = { ...ex.headers, age: String(age) };
  ex.finish(200);
  if (!parsed.stream) {
    return jsonResponse(api.json(hit.response, parsed, id, created), {
      headers,
    });
  }
  const encoder = api.encoder(parsed, id, created);
  let text = "";
  for (const chunk of replayChunks(hit.response)) text += encoder.encode(chunk);
  return new Response(text, { headers: { ...SSE_HEADERS, ...headers } });
}

/** Marks a miss (the upstream answers) on the answer and the record. */
export function missed(ex: Exchange): void {
  ex.cacheResult("miss");
}

/** Keeps a complete answer; a failing store is ignored. */
export function store(
  ex: Exchange,
  plan: CachePlan,
  response: IRChatResponse,
): void {
  if (plan.ttlMs <= 0) return;
  const text = serializeAnswer(response, ex.ctx.now());
  ex.ctx.cache!.cache.set(plan.key, text, plan.ttlMs).catch(() => {});
}

/** A stream's tap: assembles as chunks pass, stores at a clean end. */
export function streamRecorder(ex: Exchange, plan: CachePlan): StreamTap {
  const assembler = new StreamAssembler();
  return {
    chunk: (chunk) => assembler.add(chunk),
    end(clean) {
      const response = clean ? assembler.result : undefined;
      if (response) store(ex, plan, response);
    },
  };
}
