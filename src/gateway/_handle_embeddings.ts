// `POST /v1/embeddings`: OpenAI's embeddings, relayed to OpenAI-wire
// backends and translated for Gemini, Cohere and Ollama by their adapters
// (token-array input only where the backend takes it: the OpenAI wire).
// The input's tokens count against the key's token limit: the estimate at
// admission, the upstream's usage once the answer is read.
import { readBody } from "./_admission.ts";
import type { Exchange } from "./_exchange.ts";
import { invalidParam, operationBody, relayOperation } from "./_operation.ts";

/** Handles one embeddings call. */
export async function handleEmbeddings(
  ex: Exchange,
  info: unknown,
): Promise<Response> {
  let body;
  let tokens: number;
  try {
    body = operationBody(await readBody(ex));
    if (body.stream === true) {
      throw invalidParam("Embeddings do not stream.", "stream");
    }
    tokens = inputTokens(body.input);
  } catch (error) {
    return ex.fail(error);
  }
  return await relayOperation(ex, info, "embeddings", body, tokens);
}

/**
 * The input's tokens: a token array's length, else about four characters a
 * token; anything but a string, a token array or a non-empty list of
 * either is a 400.
 */
function inputTokens(input: unknown): number {
  const items = typeof input === "string" ||
      (Array.isArray(input) && input.every((x) => typeof x === "number"))
    ? [input]
    : input;
  if (!Array.isArray(items) || items.length === 0) {
    throw invalidParam(
      "`input` must be a string, an array of strings, or token arrays.",
      "input",
    );
  }
  let tokens = 0;
  for (const item of items) {
    if (typeof item === "string") tokens += Math.ceil(item.length / 4);
    else if (
      Array.isArray(item) && item.length > 0 &&
      item.every((t) => Number.isInteger(t) && t >= 0)
    ) tokens += item.length;
    else {
      throw invalidParam(
        "`input` must be a string, an array of strings, or token arrays.",
        "input",
      );
    }
  }
  return tokens;
}
