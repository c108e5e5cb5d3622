// What a request needs from a backend (tools, vision, system messages,
// streaming, a model), and the availability test built from it.

import type { AdapterCapabilities, IRChatRequest } from "../types.ts";
import type { EntryFilter } from "./strategy.ts";

/**
 * Availability (and, with `needs`, capability) test for automatic choices:
 * healthy, the breaker could admit a request, and the adapter can serve it.
 */
export function usableFilter(
  now: number,
  needs: Requirements | undefined,
  capabilityTtl: number,
): EntryFilter {
  if (needs === undefined) return (e) => e.healthy && e.breaker.canAdmit(now);
  return (e) =>
    e.healthy && e.breaker.canAdmit(now) &&
    supports(e.capabilities(now, capabilityTtl), needs);
}

/** What a request needs from an adapter. */
export interface Requirements {
  readonly tools: boolean;
  readonly vision: boolean;
  readonly systemMessages: boolean;
  readonly streaming: boolean;
  readonly model: string | undefined;
}

/** Reads the capabilities a request needs. */
export function requirementsOf(
  request: IRChatRequest,
  streaming: boolean,
  checkModel: boolean,
): Requirements {
  let tools = Array.isArray(request.tools) && request.tools.length > 0;
  let vision = false;
  let systemMessages = false;
  for (const message of request.messages ?? []) {
    if (message.role === "system") systemMessages = true;
    if (Array.isArray(message.content)) {
      for (const part of message.content) {
        if (part.type === "image") vision = true;
        else if (part.type === "tool_use" || part.type === "tool_result") {
          tools = true;
        }
      }
    }
  }
  const model = checkModel && typeof request.parameters?.model === "string"
    ? request.parameters.model
    : undefined;
  return { tools, vision, systemMessages, streaming, model };
}

/** False only when the adapter's metadata says it cannot do something the request needs. */
export function supports(
  capabilities: AdapterCapabilities,
  needs: Requirements,
): boolean {
  if (needs.streaming && capabilities.streaming === false) return false;
  if (needs.tools && capabilities.tools === false) return false;
  if (needs.vision && capabilities.vision === false) return false;
  if (needs.systemMessages && capabilities.systemMessages === false) {
    return false;
  }
  if (
    needs.model !== undefined && Array.isArray(capabilities.models) &&
    capabilities.models.length > 0
  ) {
    return capabilities.models.includes(needs.model);
  }
  return true;
}
