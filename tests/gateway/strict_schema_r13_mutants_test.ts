// Which Responses function tools left without `strict` a chat or Messages
// backend is told are strict. The Responses API makes such a tool strict
// only when its schema can be: an object at the root, every object closed
// with every property required, and within OpenAI's documented limits (10
// levels of nesting, 5000 object properties in all). A backend told
// `strict: true` for a schema it cannot enforce answers 400; one not told
// for a schema that could be loses the guarantee the client relied on. The
// existing strict tests cover closed, open and optional schemas; these cover
// the edges: a root without `type`, a function that takes no arguments, a
// nullable object, the depth and count limits at their bounds, arrays'
// `items`, `anyOf` and `required` of the wrong shape, a boolean schema.
import { describe, it } from "../_harness.ts";
import assert from "node:assert/strict";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { jsonPost, withGateway } from "./_in_process.ts";

type Json = Record<string, unknown>;

/** A closed object of `properties`, each one required. */
function closed(properties: Json): Json {
  return {
    type: "object",
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

/** A schema whose string leaf sits at `levels` levels, objects all the way. */
function nestedObjects(levels: number): Json {
  let node: Json = { type: "string" };
  for (let i = 1; i < levels; i++) node = closed({ inner: node });
  return node;
}

/** The same depth reached through arrays' `items` under one property. */
function nestedArrays(levels: number): Json {
  let node: Json = { type: "string" };
  for (let i = 2; i < levels; i++) node = { type: "array", items: node };
  return closed({ list: node });
}

/** Two object properties holding `count - 2` string properties between them. */
function propertiesInAll(count: number): Json {
  const half = Math.floor((count - 2) / 2);
  const strings = (from: number, to: number) =>
    Object.fromEntries(
      Array.from(
        { length: to - from },
        (_, i) => [`p${from + i}`, { type: "string" }],
      ),
    );
  return closed({
    a: closed(strings(0, half)),
    b: closed(strings(half, count - 2)),
  });
}

/** `strict` as the backend is sent it, for each tool's parameters. */
async function strictSent(
  schemas: Record<string, Json>,
): Promise<Record<string, boolean | undefined>> {
  const echo = createEchoAdapter();
  return await withGateway(
    { backends: [["echo", echo]] },
    async (gateway) => {
      const response = await gateway(jsonPost("/v1/responses", {
        model: "echo",
        input: "go",
        tools: Object.entries(schemas).map(([name, parameters]) => ({
          type: "function",
          name,
          parameters,
        })),
      }));
      const answer = await response.text();
      assert.equal(response.status, 200, answer);
      const tools = echo.calls.at(-1)?.request?.tools ?? [];
      return Object.fromEntries(tools.map((tool) => [tool.name, tool.strict]));
    },
  );
}

const CITY = { city: { type: "string" } };

describe("responses tools left without strict", () => {
  it("are strict only with an object at the root", async () => {
    const { type: _, ...untyped } = closed(CITY);
    assert.deepEqual(
      await strictSent({
        typed: closed(CITY),
        untyped,
        string_root: { type: "string" },
      }),
      { typed: true, untyped: undefined, string_root: undefined },
    );
  });

  it("are strict when the function takes no arguments, closed", async () => {
    assert.deepEqual(
      await strictSent({
        no_properties: { type: "object", additionalProperties: false },
        empty_properties: {
          type: "object",
          properties: {},
          additionalProperties: false,
        },
        open_no_properties: { type: "object" },
      }),
      {
        no_properties: true,
        empty_properties: true,
        open_no_properties: undefined,
      },
    );
  });

  it("are not strict with properties or required of the wrong shape", async () => {
    assert.deepEqual(
      await strictSent({
        properties_array: {
          type: "object",
          properties: [{ type: "string" }],
          required: ["0"],
          additionalProperties: false,
        },
        required_null: { ...closed(CITY), required: null },
        required_false_no_properties: { ...closed({}), required: false },
        required_string: { ...closed(CITY), required: "city" },
        required_missing_with_properties: {
          type: "object",
          properties: CITY,
          additionalProperties: false,
        },
      }),
      {
        properties_array: undefined,
        required_null: undefined,
        required_false_no_properties: undefined,
        required_string: undefined,
        required_missing_with_properties: undefined,
      },
    );
  });

  it("are not strict with a nested object open, nullable or not", async () => {
    assert.deepEqual(
      await strictSent({
        nullable_open: closed({ when: { type: ["object", "null"] } }),
        nullable_closed: closed({
          when: { ...closed(CITY), type: ["object", "null"] },
        }),
        boolean_schema: closed({ anything: true }),
      }),
      {
        nullable_open: undefined,
        nullable_closed: true,
        boolean_schema: undefined,
      },
    );
  });

  it("are strict to 10 levels of nesting, through properties or items, and not at 11", async () => {
    assert.deepEqual(
      await strictSent({
        objects_10: nestedObjects(10),
        objects_11: nestedObjects(11),
        arrays_10: nestedArrays(10),
        arrays_11: nestedArrays(11),
      }),
      {
        objects_10: true,
        objects_11: undefined,
        arrays_10: true,
        arrays_11: undefined,
      },
    );
  });

  it("are not strict when an array's items are open", async () => {
    assert.deepEqual(
      await strictSent({
        closed_items: closed({ list: { type: "array", items: closed(CITY) } }),
        open_items: closed({
          list: { type: "array", items: { type: "object" } },
        }),
      }),
      { closed_items: true, open_items: undefined },
    );
  });

  it("are strict with 5000 object properties in all, and not with 5001", async () => {
    assert.deepEqual(
      await strictSent({
        at_limit: propertiesInAll(5000),
        past_limit: propertiesInAll(5001),
      }),
      { at_limit: true, past_limit: undefined },
    );
  });

  it("are strict with anyOf of closed branches, not with anyOf that is no array", async () => {
    assert.deepEqual(
      await strictSent({
        any_of: closed({
          where: { anyOf: [{ type: "string" }, closed(CITY)] },
        }),
        any_of_open: closed({
          where: { anyOf: [{ type: "string" }, { type: "object" }] },
        }),
        any_of_object: closed({ where: { anyOf: { type: "string" } } }),
      }),
      { any_of: true, any_of_open: undefined, any_of_object: undefined },
    );
  });
});
