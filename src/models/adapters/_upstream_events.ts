// The upstream's own stream, kept beside the IR when the client's body went
// to a backend of its wire: each chunk carries the SSE events behind it
// (`upstreamEvents`), so a caller can write those instead of re-encoding the
// chunk, and what the IR does not carry (new fields, extra keys) survives.
import type { StreamTranslator, UnsequencedChunk } from "./provider.ts";

/** An SSE event as the line parser dispatched it. */
interface EventLike {
  readonly event?: unknown;
  readonly data: string;
}

function isEventLike(value: unknown): value is EventLike {
  return typeof value === "object" && value !== null &&
    typeof (value as { data?: unknown }).data === "string";
}

/**
 * One event written back as SSE: its name unless it is the default
 * (`message`, an unnamed event), then each line of its data.
 */
export function sseText(event: EventLike): string {
  const name = typeof event.event === "string" && event.event !== "message"
    ? `event: ${event.event}\n`
    : "";
  return `${name}data: ${event.data.replaceAll("\n", "\ndata: ")}\n\n`;
}

/**
 * `translator`, each event's SSE text put on the first chunk it produced;
 * an event that produced none waits for the next chunk, and what is left at
 * the end rides on the first chunk `end()` gives.
 */
export function keepingEvents<E>(
  translator: StreamTranslator<E>,
): StreamTranslator<E> {
  let pending = "";
  const attach = (chunks: UnsequencedChunk[]): UnsequencedChunk[] => {
    const first = chunks[0];
    if (first !== undefined && first.type !== "error" && pending !== "") {
      chunks[0] = { ...first, upstreamEvents: pending };
      pending = "";
    }
    return chunks;
  };
  return {
    event(event) {
      if (isEventLike(event)) pending += sseText(event);
      return attach(translator.event(event));
    },
    end: () => attach(translator.end()),
  };
}
