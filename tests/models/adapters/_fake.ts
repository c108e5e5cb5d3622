// Portable helpers for adapter tests: a recording fake fetch, byte streams cut
// at chosen sizes, fixture loading. No Deno APIs, so the tests run on Node too.
import { readFileSync } from "node:fs";
import type { IRStreamChunk } from "../../../src/models/adapters/openai.ts";

/** One request the fake fetch received. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | undefined;
}

/** A fetch that records each request and answers with `answer`. */
export function fakeFetch(
  answer: (request: SeenRequest, index: number) => Response | Promise<Response>,
): {
  fetch: (
    input: string | URL | Request,
    init?: RequestInit,
  ) => Promise<Response>;
  requests: SeenRequest[];
} {
  const requests: SeenRequest[] = [];
  return {
    requests,
    fetch: async (input, init) => {
      const text = typeof init?.body === "string" ? init.body : undefined;
      const seen: SeenRequest = {
        url: String(input),
        method: init?.method ?? "GET",
        headers: new Headers(init?.headers),
        body: text === undefined ? undefined : JSON.parse(text),
        signal: init?.signal ?? undefined,
      };
      requests.push(seen);
      return await answer(seen, requests.length - 1);
    },
  };
}

/** What the fake server answers to the `index`-th request. */
export type Answer = Parameters<typeof fakeFetch>[0];

/** An adapter wired to a recording fake fetch. */
export interface Wired<A> {
  adapter: A;
  requests: SeenRequest[];
}

/**
 * Turns an adapter factory into `adapterWith(answer, extra)`: a fresh fake
 * fetch answering with `answer`, the adapter built from `base`, the fake
 * fetch and `extra` (which wins), and the requests it records.
 */
export function adapterFactory<C, A>(
  create: (config: C) => A,
  base: Partial<C> = {},
): (answer: Answer, extra?: Partial<C> & Record<string, unknown>) => Wired<A> {
  return (answer, extra = {}) => {
    const fake = fakeFetch(answer);
    const config = { ...base, fetch: fake.fetch, ...extra } as C;
    return { adapter: create(config), requests: fake.requests };
  };
}

/** A fetch answer that never settles until the request's signal aborts. */
export function hang(seen: SeenRequest): Promise<Response> {
  return new Promise<Response>((_, reject) => {
    seen.signal?.addEventListener(
      "abort",
      () => reject(seen.signal?.reason),
      { once: true },
    );
  });
}

/** Reads a fixture under tests/fixtures/models/. */
export function fixture(path: string): string {
  return readFileSync(
    new URL(`../../fixtures/models/${path}`, import.meta.url),
    "utf8",
  );
}

/** A fixture parsed as JSON. */
export function jsonFixture(path: string): unknown {
  return JSON.parse(fixture(path));
}

/**
 * A byte stream of `text` cut into pieces whose sizes cycle through `sizes`,
 * so events, CRLF pairs and UTF-8 characters get split at awkward places.
 * `state.cancelled` turns true when the reader cancels.
 */
export function chunkedBody(
  text: string | Uint8Array,
  sizes: readonly number[] = [1, 2, 3, 5, 7],
): { body: ReadableStream<Uint8Array>; state: { cancelled: boolean } } {
  const bytes = typeof text === "string"
    ? new TextEncoder().encode(text)
    : text;
  const state = { cancelled: false };
  let offset = 0;
  let turn = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      const size = sizes[turn++ % sizes.length];
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

/** A streaming response from `text`, cut into small pieces. */
export function streamResponse(
  text: string,
  contentType = "text/event-stream",
  sizes?: readonly number[],
): Response {
  return new Response(chunkedBody(text, sizes).body, {
    headers: { "content-type": contentType },
  });
}

/** Collects a stream into an array. */
export async function collect(
  stream: AsyncIterable<IRStreamChunk>,
): Promise<IRStreamChunk[]> {
  const chunks: IRStreamChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** Concatenated `content` deltas. */
export function textOf(chunks: readonly IRStreamChunk[]): string {
  return chunks.map((chunk) => (chunk.type === "content" ? chunk.delta : ""))
    .join("");
}

/** Asserts-free check that sequences are 0, 1, 2, … */
export function sequencesAreConsecutive(
  chunks: readonly IRStreamChunk[],
): boolean {
  return chunks.every((chunk, index) => chunk.sequence === index);
}

/** Captures a rejection (or throws when the promise resolves). */
export async function rejection(
  promise: Promise<unknown>,
): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error("expected a rejection");
}
