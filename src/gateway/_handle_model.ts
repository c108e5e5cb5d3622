// `GET /v1/models/{id}`: one model of the list (`models.retrieve` in both
// official SDKs), in Anthropic's shape when the request sends
// `anthropic-version`; an id the list does not hold (or the key may not
// use) is a 404 in the caller's shape.
import { authenticate } from "./_admission.ts";
import type { Exchange } from "./_exchange.ts";
import { anthropicModelList, modelList } from "./_info.ts";
import { jsonResponse } from "./_json_response.ts";
import { MODELS_PATH } from "./_path.ts";
import { GatewayError } from "./errors.ts";

/** Handles `GET /v1/models/{id}` (the id percent-decoded, may hold `/`). */
export async function handleModel(
  ex: Exchange,
  path: string,
): Promise<Response> {
  await authenticate(ex);
  let id: string;
  try {
    id = decodeURIComponent(path.slice(MODELS_PATH.length + 1));
  } catch {
    id = path.slice(MODELS_PATH.length + 1);
  }
  const { router, aliases, startedAt } = ex.ctx;
  const list = modelList(router, aliases, ex.key, startedAt);
  const model = list.data.find((entry) => entry.id === id);
  if (model === undefined) {
    throw new GatewayError({
      status: 404,
      type: "invalid_request_error",
      message: `The model ${JSON.stringify(id)} does not exist.`,
      code: "model_not_found",
      param: "model",
    });
  }
  const body = ex.request.headers.has("anthropic-version")
    ? anthropicModelList({ object: "list", data: [model] }, startedAt)
      .data
    : model;
  return jsonResponse(Array.isArray(body) ? body[0] : body, {
    headers: ex.headers,
  });
}
