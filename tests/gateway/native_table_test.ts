// The table toward Gemini, Cohere and Ollama as users read it
// (docs/gateway/wires.md) and as the adapters apply it: the page lists
// exactly the table's rows, and every row the internal form does not carry
// does what it says when a request holding that field is sent to each
// native API; a key nobody documents is dropped, one the target documents
// is sent.
import assert from "node:assert/strict";
import {
  NATIVE_FIELDS,
  NATIVE_KEYS,
  NATIVE_NESTED,
  type NativeField,
  type NativeTarget,
} from "../../src/models/adapters/_native_fields.ts";
import { towardNative } from "../../src/models/adapters/_toward_native.ts";
import { AdapterError } from "../../src/models/errors.ts";
import {
  NATIVE_END,
  NATIVE_START,
  NESTED_END,
  NESTED_START,
  WIRES_DOC,
} from "../../scripts/wires_table.ts";

const root = new URL("../../", import.meta.url);
const TARGETS: NativeTarget[] = ["gemini", "cohere", "ollama"];
/** The internal form's names, as the adapters' parameter tables give them. */
const NAMES = {
  maxTokens: "x",
  temperature: "x",
  topP: "x",
  topK: "x",
  stopSequences: "x",
  seed: "x",
  frequencyPenalty: "x",
  presencePenalty: "x",
  user: null,
};

for (
  const [label, startMark, endMark, table] of [
    ["top-level", NATIVE_START, NATIVE_END, NATIVE_FIELDS],
    ["nested", NESTED_START, NESTED_END, NATIVE_NESTED],
  ] as const
) {
  Deno.test(`docs/gateway/wires.md shows the ${label} table toward Gemini, Cohere and Ollama, row for row`, async () => {
    const page = await Deno.readTextFile(new URL(WIRES_DOC, root));
    const start = page.indexOf(startMark);
    const end = page.indexOf(endMark);
    assert.ok(start !== -1 && end > start, "the table markers");
    const rows = page.slice(start, end).split("\n")
      .filter((line) => line.startsWith("| `"))
      .map((line) =>
        line.slice(1, -1).split(/(?<!\\)\|/).map((cell) =>
          cell.trim().replaceAll("\\|", "|")
        )
      );
    assert.deepEqual(
      rows,
      (table as readonly NativeField[]).map((row) => [
        `\`${row.field}\``,
        row.wire,
        ...TARGETS.map((target) => `${row[target][0]}: ${row[target][1]}`),
      ]),
    );
  });
}

// Values that exercise a field's emulation.
const SAMPLES: Record<string, unknown> = {
  response_format: {
    type: "json_schema",
    json_schema: { name: "x", schema: { type: "object" } },
  },
  reasoning_effort: "low",
  top_logprobs: 2,
  service_tier: "flex",
  thinking: { type: "enabled", budget_tokens: 2048 },
  output_config: { format: { type: "json_schema", schema: {} } },
};

Deno.test("every row the internal form does not carry does what the table says toward each native API", () => {
  let checked = 0;
  for (const row of NATIVE_FIELDS) {
    for (const target of TARGETS) {
      const [treatment] = row[target];
      if (treatment === "mapped" || Object.hasOwn(NAMES, row.field)) continue;
      const label = `${row.field} → ${target}`;
      const parameters = { [row.field]: SAMPLES[row.field] ?? true };
      if (treatment === "refused") {
        assert.throws(
          () => towardNative(parameters, target, NAMES),
          (error: unknown) =>
            error instanceof AdapterError &&
            error.code === "INVALID_REQUEST" &&
            error.message.includes(`\`${row.field}\``),
          label,
        );
      } else {
        const out = towardNative(parameters, target, NAMES);
        // A name the target documents too is sent as the target reads it.
        const own = NATIVE_KEYS[target].includes(row.field);
        assert.equal(row.field in (out.parameters ?? {}), own, label);
        assert.equal(
          out.dropped.includes(row.field),
          treatment === "dropped",
          `${label}: ${out.dropped}`,
        );
        if (treatment === "emulated") {
          assert.ok(Object.keys(out.parameters ?? {}).length > 0, label);
        }
      }
      checked++;
    }
  }
  assert.ok(checked > 3 * 30, `${checked} checks`);
});

Deno.test("toward a native API a key nobody documents is dropped and named, one the target documents is sent, a caller's own setting beats an emulation", () => {
  const gemini = towardNative(
    {
      temperature: 0.2,
      vendor_knob: 1,
      thinkingConfig: { thinkingBudget: 0 },
      reasoning_effort: "high",
      user: "u1",
    },
    "gemini",
    NAMES,
  );
  assert.deepEqual(gemini.parameters, {
    temperature: 0.2,
    thinkingConfig: { thinkingBudget: 0 },
  });
  assert.deepEqual(gemini.dropped.sort(), ["user", "vendor_knob"]);

  const ollama = towardNative(
    {
      num_ctx: 8192,
      options: { min_p: 0.05, mirostat: 1, bogus: 2 },
      keep_alive: "5m",
      truncate: false,
    },
    "ollama",
    NAMES,
  );
  // The server no longer reads `mirostat`: named like any unknown option.
  assert.deepEqual(ollama.parameters, {
    num_ctx: 8192,
    options: { min_p: 0.05 },
    keep_alive: "5m",
    truncate: false,
  });
  assert.deepEqual(ollama.dropped, ["options.mirostat", "options.bogus"]);

  const cohere = towardNative(
    { safety_mode: "STRICT", response_format: { type: "json_object" } },
    "cohere",
    NAMES,
  );
  assert.deepEqual(cohere.parameters, {
    safety_mode: "STRICT",
    response_format: { type: "json_object" },
  });
  assert.deepEqual(cohere.dropped, []);
});
