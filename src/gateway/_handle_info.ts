// The endpoints that call no model: the model list, token counting, the
// router's state and the metrics. Each is a few lines over a body built
// elsewhere (`_info.ts`, `_count_tokens.ts`, `metrics.ts`).
import { authenticate } from "./_admission.ts";
import type { Exchange } from "./_exchange.ts";
import { jsonResponse } from "./_json_response.ts";
import { listing, routerInfo } from "./_info.ts";
import * as count from "./_count_tokens.ts";

/** `GET /v1/models`: OpenAI's list, Anthropic's with `anthropic-version`. */
export async function handleModels(ex: Exchange): Promise<Response> {
  await authenticate(ex);
  const { router, aliases, startedAt } = ex.ctx;
  return jsonResponse(
    listing(router, aliases, ex.key, startedAt, ex.request.headers),
    { headers: ex.headers },
  );
}

/**
 * `POST /v1/messages/count_tokens`: relayed to an Anthropic backend that
 * counts (its failure in passing answered with the estimate), else the
 * gateway's prompt estimate (no backend call); an estimate is marked
 * `x-switchyard-estimate: true`.
 */
export async function handleCount(ex: Exchange): Promise<Response> {
  await authenticate(ex);
  const { maxBodyBytes, aliases } = ex.ctx;
  const registered = (name: string): boolean => ex.ctx.registered(name);
  const request = await count.read(ex.request, ex.key, {
    maxBodyBytes,
    aliases,
    registered,
  });
  if (count.relays(ex, request)) return await count.relay(ex, request);
  return count.estimate(ex, request);
}

/** `GET /api/router`: backend info and router stats. */
export async function handleRouterInfo(ex: Exchange): Promise<Response> {
  await authenticate(ex);
  return jsonResponse(routerInfo(ex.ctx.router), { headers: ex.headers });
}

/** `GET /metrics`: Prometheus text, not behind keys (scrapers expect so). */
export function handleMetrics(ex: Exchange): Response {
  const { metrics, router } = ex.ctx;
  return new Response(metrics.render(router.getBackendInfo()), {
    headers: {
      ...ex.headers,
      "content-type": "text/plain; version=0.0.4; charset=utf-8",
    },
  });
}
