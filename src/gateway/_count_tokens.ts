// `POST /v1/messages/count_tokens` (the Anthropic SDK's
// `messages.countTokens`, which Claude Code calls too): the body read by the
// Messages parser, answered with the prompt estimate the rate limiter charges
// at admission. No backend is called, so nothing is counted against limits.
import { parseMessagesRequest } from "./anthropic_request.ts";
import { readJson } from "./_read_bounded.ts";
import { estimateTokens } from "./_request_parts.ts";
import {
  isRecord,
  type ModelTarget,
  resolveAlias,
  targetOf,
} from "./_wire_util.ts";
import { type ApiKey, checkModelAllowed } from "./keys.ts";

/** What the count needs from the gateway. */
export interface CountContext {
  maxBodyBytes: number;
  aliases: Readonly<Record<string, string>>;
  registered: (backend: string) => boolean;
}

/**
 * `{ input_tokens }` for a Messages body, else a GatewayError (400, 403,
 * 413). `key` is the caller's, already authenticated (none without keys).
 */
export async function tokens(
  request: Request,
  key: ApiKey | undefined,
  context: CountContext,
): Promise<{ input_tokens: number }> {
  const body = await readJson(request, context.maxBodyBytes);
  let target: ModelTarget = {};
  const parsed = parseMessagesRequest(
    // Counting takes no `max_tokens`; the parser requires one.
    isRecord(body) ? { ...body, max_tokens: 1 } : body,
    (model) => {
      target = targetOf(
        resolveAlias(context.aliases, model),
        context.registered,
      );
      return target;
    },
    "count_tokens",
  );
  if (key) {
    checkModelAllowed(key, parsed.model, target.backend, context.registered);
  }
  return { input_tokens: estimateTokens(parsed.ir) };
}
