// The official openai SDK pointed at a gateway on loopback: no retries (a
// test sees the first answer) and a bound on every call.
import OpenAI from "npm:openai@7.57.0";

/** An SDK client for the gateway at `origin`. */
export function openAIClient(origin: string, apiKey = "client-key"): OpenAI {
  return new OpenAI({
    baseURL: `${origin}/v1`,
    apiKey,
    maxRetries: 0,
    timeout: 10_000,
  });
}
