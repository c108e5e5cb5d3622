// The translation table as users read it (docs/gateway/wires.md) and as
// the adapters apply it: the page lists exactly the table's rows, and every
// top-level row does what it says when a body holding that field is sent
// toward the other wire.
import assert from "node:assert/strict";
import {
  type Treatment,
  WIRE_FIELDS,
} from "../../src/models/adapters/_wire_fields.ts";
import { towardWire } from "../../src/models/adapters/_toward_wire.ts";
import { AdapterError } from "../../src/models/errors.ts";
import {
  TABLE_END,
  TABLE_START,
  WIRES_DOC,
} from "../../scripts/wires_table.ts";

const root = new URL("../../", import.meta.url);

/** The rows of the page's table: field, treatment, note (cells trimmed). */
function pageRows(page: string): string[][] {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  assert.ok(start !== -1 && end > start, "the table markers");
  return page.slice(start, end).split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) =>
      line.slice(1, -1).split(/(?<!\\)\|/).map((cell) =>
        cell.trim().replaceAll("\\|", "|")
      )
    );
}

Deno.test("docs/gateway/wires.md shows the translation table the adapters apply, row for row", async () => {
  const page = await Deno.readTextFile(new URL(WIRES_DOC, root));
  const expected = WIRE_FIELDS.map((row) => [
    `\`${row.field}\``,
    row.toward,
    row.note,
  ]);
  assert.deepEqual(pageRows(page), expected);
});

// Values that exercise a field's foreign meaning.
const SAMPLES: Record<string, unknown> = {
  response_format: {
    type: "json_schema",
    json_schema: { name: "x", schema: { type: "object" } },
  },
  reasoning_effort: "low",
  parallel_tool_calls: false,
  thinking: { type: "enabled", budget_tokens: 2048 },
  output_config: { format: { type: "json_schema", schema: {} } },
};

Deno.test("every top-level row does what the table says toward the other wire", () => {
  const outcomes: Record<Treatment, number> = {
    mapped: 0,
    emulated: 0,
    dropped: 0,
    refused: 0,
  };
  for (const row of WIRE_FIELDS) {
    if (!/^[a-z_]+$/.test(row.field)) continue;
    const target = row.wire === "openai" ? "anthropic" : "openai";
    const native = WIRE_FIELDS.some((other) =>
      other.wire === target && other.field === row.field
    );
    // A name both wires document is sent as the target reads it (checked
    // per value below).
    if (native) continue;
    const body: Record<string, unknown> = {
      max_tokens: 4096,
      tools: [{ name: "t" }],
      [row.field]: SAMPLES[row.field] ?? true,
    };
    const label = `${row.wire} ${row.field} → ${target}`;
    if (row.toward === "refused") {
      assert.throws(
        () => towardWire(body, target, "p", true),
        (error: unknown) =>
          error instanceof AdapterError &&
          error.code === "INVALID_REQUEST" &&
          error.message.includes(`\`${row.field}\``),
        label,
      );
    } else {
      const dropped = towardWire(body, target, "p", true);
      assert.equal(row.field in body, false, label);
      assert.equal(
        dropped.includes(row.field),
        row.toward === "dropped",
        `${label}: ${dropped}`,
      );
    }
    outcomes[row.toward]++;
  }
  // Each treatment is exercised.
  for (const [treatment, count] of Object.entries(outcomes)) {
    assert.ok(count > 0, treatment);
  }
});

Deno.test("names both wires use are sent as the target reads them: OpenAI's metadata tags and tiers are dropped toward Anthropic, a temperature above 1 capped", () => {
  const body: Record<string, unknown> = {
    metadata: { purpose: "eval" },
    service_tier: "flex",
    temperature: 1.6,
  };
  const dropped = towardWire(body, "anthropic", "anthropic", true);
  assert.deepEqual(body, { temperature: 1 });
  assert.deepEqual(dropped, ["metadata", "service_tier"]);

  const kept: Record<string, unknown> = {
    metadata: { user_id: "u1" },
    service_tier: "auto",
    temperature: 0.5,
  };
  assert.deepEqual(towardWire(kept, "anthropic", "anthropic", true), []);
  assert.deepEqual(kept, {
    metadata: { user_id: "u1" },
    service_tier: "auto",
    temperature: 0.5,
  });

  const toOpenAI: Record<string, unknown> = { service_tier: "standard_only" };
  assert.deepEqual(towardWire(toOpenAI, "openai", "openai", true), [
    "service_tier",
  ]);
});

Deno.test("a key neither wire documents: dropped toward strict APIs, sent to other OpenAI-compatible servers", () => {
  const strict = { repetition_penalty: 1.1, top_k: 5 };
  assert.deepEqual(towardWire(strict, "openai", "openai", true), [
    "repetition_penalty",
    "top_k",
  ]);
  assert.deepEqual(strict, {});
  const compatible = { repetition_penalty: 1.1, top_k: 5 };
  assert.deepEqual(
    towardWire(compatible, "openai", "vllm", false, ["top_k"]),
    [],
  );
  assert.deepEqual(compatible, { repetition_penalty: 1.1, top_k: 5 });
  const anthropic = { repetition_penalty: 1.1 };
  assert.deepEqual(towardWire(anthropic, "anthropic", "anthropic", true), [
    "repetition_penalty",
  ]);
});

Deno.test("a thinking budget stays below max_tokens, and is dropped when that leaves less than Anthropic's 1024", () => {
  const tight = { max_tokens: 3000, reasoning_effort: "high" };
  assert.deepEqual(towardWire(tight, "anthropic", "anthropic", true), []);
  assert.deepEqual(tight, {
    max_tokens: 3000,
    thinking: { type: "enabled", budget_tokens: 2999 },
  });
  const tiny = { max_tokens: 500, reasoning_effort: "low" };
  assert.deepEqual(towardWire(tiny, "anthropic", "anthropic", true), [
    "reasoning_effort",
  ]);
  assert.deepEqual(tiny, { max_tokens: 500 });
});

Deno.test("the efforts both SDKs added (xhigh, max) cross the wires: budgets below max_tokens toward Anthropic, the same effort toward OpenAI", () => {
  for (
    const [effort, maxTokens, budget] of [
      ["xhigh", 64000, 32768],
      ["max", 100000, 65536],
      ["max", 40000, 39999],
    ] as const
  ) {
    const body: Record<string, unknown> = {
      max_tokens: maxTokens,
      reasoning_effort: effort,
    };
    assert.deepEqual(towardWire(body, "anthropic", "anthropic", true), []);
    assert.deepEqual(body.thinking, { type: "enabled", budget_tokens: budget });
  }
  // An inherited name is no effort: named dropped, nothing sent.
  const inherited: Record<string, unknown> = {
    max_tokens: 4096,
    reasoning_effort: "constructor",
  };
  assert.deepEqual(towardWire(inherited, "anthropic", "anthropic", true), [
    "reasoning_effort",
  ]);
  assert.equal("thinking" in inherited, false);
  for (const effort of ["xhigh", "max", "low"]) {
    const body: Record<string, unknown> = { output_config: { effort } };
    assert.deepEqual(towardWire(body, "openai", "openai", true), []);
    assert.equal(body.reasoning_effort, effort);
  }
});
