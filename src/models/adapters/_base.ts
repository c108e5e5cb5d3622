/**
 * Small helpers the provider descriptions share: the bearer header, stream
 * event JSON, and response metadata.
 *
 * @module
 */

import type { IRChatRequest, IRResponseMetadata } from "../types.ts";
import { AdapterError, ErrorCode } from "../errors.ts";
import { invalidResponse, isRecord } from "./_http.ts";

/** `Authorization: Bearer <key>`, or no header for an empty key. */
export function bearer(apiKey: string | undefined): string | undefined {
  return apiKey ? `Bearer ${apiKey}` : undefined;
}

/** A stream event's data parsed as a JSON object; INVALID_RESPONSE otherwise. */
export function eventObject(
  provider: string,
  data: string,
): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw invalidResponse(provider, "stream event is not valid JSON");
  }
  if (!isRecord(json)) {
    throw invalidResponse(provider, "stream event is not a JSON object");
  }
  return json;
}

/** Copies the request's `metadata.requestId` into response metadata. */
export function copyRequestId(
  metadata: IRResponseMetadata,
  request: IRChatRequest,
): void {
  if (request.metadata?.requestId !== undefined) {
    metadata.requestId = request.metadata.requestId;
  }
}

/**
 * Response metadata from a body that names its model in `model` and its id
 * in `id` (OpenAI and Anthropic); the request's model when the body has none.
 */
export function idModelMetadata(
  provider: string,
  request: IRChatRequest,
  json: Record<string, unknown>,
): IRResponseMetadata {
  const metadata: IRResponseMetadata = { provider };
  copyRequestId(metadata, request);
  const model = typeof json.model === "string"
    ? json.model
    : request.parameters?.model;
  if (model !== undefined) metadata.model = model;
  if (typeof json.id === "string") metadata.providerResponseId = json.id;
  return metadata;
}

/**
 * The PROVIDER_ERROR of a stream whose input stopped before the provider's
 * end marker (a dropped connection looks like a short, "complete" stream).
 */
export function endedEarly(provider: string, marker: string): AdapterError {
  return new AdapterError({
    code: ErrorCode.PROVIDER_ERROR,
    message: `${provider}: stream ended before ${marker}`,
    provider,
  });
}
