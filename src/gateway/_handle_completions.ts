// `POST /v1/completions`: the legacy text completions, relayed (JSON or
// SSE) to backends whose API has them (the OpenAI-wire ones: OpenAI, vLLM,
// Ollama's /v1, …). A model naming a backend without them is a 400 naming
// that backend; nothing is translated to chat.
import { readBody } from "./_admission.ts";
import type { Exchange } from "./_exchange.ts";
import { invalidParam, operationBody, relayOperation } from "./_operation.ts";

/** Handles one completions call. */
export async function handleCompletions(
  ex: Exchange,
  info: unknown,
): Promise<Response> {
  let body;
  let tokens: number;
  try {
    body = operationBody(await readBody(ex));
    const prompt = body.prompt;
    if (prompt === undefined || prompt === null) {
      throw invalidParam("`prompt` is required.", "prompt");
    }
    tokens = Math.ceil(JSON.stringify(prompt).length / 4);
  } catch (error) {
    return ex.fail(error);
  }
  return await relayOperation(ex, info, "completions", body, tokens);
}
