// Embeddings in OpenAI's shape (`POST /v1/embeddings`), translated for the
// providers whose API differs: Gemini's batchEmbedContents, Cohere's v2
// embed and Ollama's /api/embed. The request is read once into texts; the
// answer is rebuilt as OpenAI's list, `encoding_format: "base64"` as
// little-endian float32 bytes, as OpenAI encodes them.

import { invalidRequest, invalidResponse, isRecord } from "./_errors.ts";
import type { OperationSpec } from "./provider.ts";

/** What a translated embeddings request asks for. */
interface EmbeddingsAsk {
  readonly texts: string[];
  readonly dimensions: number | undefined;
  readonly base64: boolean;
}

/** The texts and options of an OpenAI embeddings body, checked. */
function askOf(
  provider: string,
  body: Readonly<Record<string, unknown>>,
): EmbeddingsAsk {
  const input = body.input;
  const texts = typeof input === "string" ? [input] : input;
  if (
    !Array.isArray(texts) || texts.length === 0 ||
    !texts.every((t) => typeof t === "string")
  ) {
    throw invalidRequest(
      provider,
      Array.isArray(texts) && texts.some((t) => typeof t !== "string")
        ? "takes text input only, not token arrays"
        : "input must be a string or a non-empty array of strings",
    );
  }
  const dimensions = body.dimensions;
  if (
    dimensions !== undefined &&
    (typeof dimensions !== "number" || !Number.isInteger(dimensions) ||
      dimensions < 1)
  ) throw invalidRequest(provider, "dimensions must be a positive integer");
  const format = body.encoding_format;
  if (format !== undefined && format !== "float" && format !== "base64") {
    throw invalidRequest(
      provider,
      'encoding_format must be "float" or "base64"',
    );
  }
  return {
    texts: texts as string[],
    dimensions: dimensions as number | undefined,
    base64: format === "base64",
  };
}

/** A vector as OpenAI's base64: float32 little-endian bytes. */
function base64Of(vector: readonly number[]): string {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < vector.length; i++) {
    view.setFloat32(i * 4, vector[i], true);
  }
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function isVector(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((x) => typeof x === "number");
}

/** OpenAI's embeddings list from vectors; `tokens` estimated when unknown. */
function listOf(
  provider: string,
  vectors: unknown,
  count: number,
  model: string,
  ask: EmbeddingsAsk,
  tokens: number | undefined,
): Record<string, unknown> {
  if (
    !Array.isArray(vectors) || vectors.length !== count ||
    !vectors.every(isVector)
  ) {
    throw invalidResponse(
      provider,
      "embeddings answer has no vector per input",
    );
  }
  // Without a count from the provider: about four characters a token, the
  // estimate the gateway uses for prompts.
  const used = tokens ??
    ask.texts.reduce((n, text) => n + Math.ceil(text.length / 4), 0);
  return {
    object: "list",
    data: vectors.map((vector, index) => ({
      object: "embedding",
      index,
      embedding: ask.base64 ? base64Of(vector) : vector,
    })),
    model,
    usage: { prompt_tokens: used, total_tokens: used },
  };
}

/** Gemini: `models/{model}:batchEmbedContents`. */
export const GEMINI_EMBEDDINGS: OperationSpec = {
  path: (model) => `/models/${encodeURIComponent(model)}:batchEmbedContents`,
  request(body, model) {
    const ask = askOf("gemini", body);
    return {
      requests: ask.texts.map((text) => ({
        model: `models/${model}`,
        content: { parts: [{ text }] },
        ...(ask.dimensions === undefined
          ? {}
          : { outputDimensionality: ask.dimensions }),
      })),
    };
  },
  response(json, model, body) {
    const ask = askOf("gemini", body);
    const embeddings = isRecord(json) ? json.embeddings : undefined;
    const vectors = Array.isArray(embeddings)
      ? embeddings.map((e) => isRecord(e) ? e.values : undefined)
      : undefined;
    return listOf("gemini", vectors, ask.texts.length, model, ask, undefined);
  },
};

/** Cohere: `POST /v2/embed` with float vectors. */
export const COHERE_EMBEDDINGS: OperationSpec = {
  path: () => "/v2/embed",
  request(body, model) {
    const ask = askOf("cohere", body);
    return {
      model,
      texts: ask.texts,
      input_type: "search_document",
      embedding_types: ["float"],
      ...(ask.dimensions === undefined
        ? {}
        : { output_dimension: ask.dimensions }),
    };
  },
  response(json, model, body) {
    const ask = askOf("cohere", body);
    const record = isRecord(json) ? json : {};
    const vectors = isRecord(record.embeddings)
      ? record.embeddings.float
      : undefined;
    const units = isRecord(record.meta) && isRecord(record.meta.billed_units)
      ? record.meta.billed_units.input_tokens
      : undefined;
    return listOf(
      "cohere",
      vectors,
      ask.texts.length,
      model,
      ask,
      typeof units === "number" ? units : undefined,
    );
  },
};

/** Ollama: `POST /api/embed`. */
export const OLLAMA_EMBEDDINGS: OperationSpec = {
  path: () => "/api/embed",
  request(body, model) {
    const ask = askOf("ollama", body);
    return {
      model,
      input: ask.texts,
      ...(ask.dimensions === undefined ? {} : { dimensions: ask.dimensions }),
    };
  },
  response(json, model, body) {
    const ask = askOf("ollama", body);
    const record = isRecord(json) ? json : {};
    const count = record.prompt_eval_count;
    return listOf(
      "ollama",
      record.embeddings,
      ask.texts.length,
      model,
      ask,
      typeof count === "number" ? count : undefined,
    );
  },
};
