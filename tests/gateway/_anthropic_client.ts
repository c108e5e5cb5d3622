// The official Anthropic SDK pointed at a gateway on loopback: no retries (a
// test sees the first answer) and a bound on every call.
import Anthropic from "npm:@anthropic-ai/sdk@1.14.0";

/**
 * An SDK client for the gateway at `origin`; `fetch`, when given, answers
 * in its place (an encoder's output read by the SDK without a server).
 */
export function anthropicClient(
  origin: string,
  apiKey = "unused",
  fetch?: typeof globalThis.fetch,
): Anthropic {
  return new Anthropic({
    baseURL: origin,
    apiKey,
    maxRetries: 0,
    timeout: 10_000,
    ...(fetch === undefined ? {} : { fetch }),
  });
}
