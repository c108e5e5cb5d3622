// Which tool schemas go to Gemini as its Schema object (`parameters`), at
// the edges bugs planted by hand in `_gemini_schema.ts` showed unguarded
// (not a measure). Gemini's Schema takes only string `enum`s and a list of
// names for `required`, so a schema with any other goes whole as
// `parametersJsonSchema` (JSON Schema), never into `parameters`, where the
// API answers 400, and never fails the adapter. Its type names in upper
// case, as Google's reference writes them (`OBJECT`, `STRING`), are its own
// and stay in `parameters`: JSON Schema's type names are lower case. No
// Deno API: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { geminiRefusing, geminiWith } from "./_gemini_upstream.ts";

type Json = Record<string, unknown>;

/** The function declaration Gemini is sent for a tool with `parameters`. */
async function declared(parameters: Json): Promise<Json> {
  const { adapter, requests } = geminiWith(geminiRefusing());
  await adapter.execute({
    messages: [{ role: "user", content: "Hi" }],
    tools: [{ name: "pick", parameters }],
  });
  const body = requests[0].body as {
    tools: Array<{ functionDeclarations: Json[] }>;
  };
  return body.tools[0].functionDeclarations[0];
}

describe("toward Gemini: enum and required lists that are not all names", () => {
  it("a numeric enum goes as parametersJsonSchema, a string one as parameters", async () => {
    const numeric = {
      type: "object",
      properties: { level: { type: "integer", enum: [1, 2, 3] } },
    };
    assert.deepEqual(await declared(numeric), {
      name: "pick",
      parametersJsonSchema: numeric,
    });
    const named = {
      type: "object",
      properties: { level: { type: "string", enum: ["low", "high"] } },
    };
    assert.deepEqual(await declared(named), {
      name: "pick",
      parameters: named,
    });
  });

  it("a required that is not a list goes as parametersJsonSchema, without failing", async () => {
    for (const required of ["city", { city: true }, 3]) {
      const schema = {
        type: "object",
        properties: { city: { type: "string" } },
        required,
      };
      assert.deepEqual(await declared(schema), {
        name: "pick",
        parametersJsonSchema: schema,
      }, JSON.stringify(required));
    }
  });
});

describe("toward Gemini: type names", () => {
  it("type names in Gemini's upper case stay in parameters", async () => {
    const schema = {
      type: "OBJECT",
      properties: {
        city: { type: "STRING" },
        days: { type: "ARRAY", items: { type: "INTEGER" } },
      },
      required: ["city"],
    };
    assert.deepEqual(await declared(schema), {
      name: "pick",
      parameters: schema,
    });
  });
});
