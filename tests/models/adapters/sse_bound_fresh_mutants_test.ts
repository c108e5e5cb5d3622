// The bound on one server-sent event's data: its data lines, each counted
// with its line break, may fill the bound exactly; one character more is
// INVALID_RESPONSE. A fresh mutation draw of the adapters (seed 20261162)
// found the bound's edge unchecked. No Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { parseSSE, type SSEEvent } from "../../../src/models/adapters/_sse.ts";
import { AdapterError } from "../../../src/models/errors.ts";
import { chunkedBody, rejection } from "./_fake.ts";

async function events(text: string, max: number): Promise<SSEEvent[]> {
  const out: SSEEvent[] = [];
  for await (
    const event of parseSSE(chunkedBody(text, [7]).body, {
      maxLineLength: max,
      provider: "p",
    })
  ) out.push(event);
  return out;
}

describe("an SSE event's data bound", () => {
  // Four data lines of 15 characters: 4 × (15 + 1) = 64 counted, each line
  // (with its "data: ") well under the line bound.
  const piece = "x".repeat(15);
  const exact = `${`data: ${piece}\n`.repeat(4)}\n`;

  it("data that fills the bound exactly is one event", async () => {
    const got = await events(exact, 64);
    assert.equal(got.length, 1);
    assert.equal(got[0].data, [piece, piece, piece, piece].join("\n"));
  });

  it("one character more is INVALID_RESPONSE naming the bound", async () => {
    const over = exact.replace(piece, piece + "x");
    const error = await rejection(events(over, 64));
    assert.ok(error instanceof AdapterError, String(error));
    assert.equal(error.code, "INVALID_RESPONSE");
    assert.match(error.message, /SSE event data longer than 64 characters/);
  });
});
