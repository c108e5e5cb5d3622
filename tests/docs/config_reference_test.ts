// docs/gateway/configuration.md's field table against the schema the
// gateway enforces. The schema is read from parseGatewayConfig itself: an
// unknown field in a section is refused with the list of the section's known
// fields, so probing each section with one finds every field the reader
// accepts, nested sections and arrays of objects included, without a second
// list that could drift.
import { parseGatewayConfig } from "../../src/gateway/config.ts";
import { blankJsonc } from "../../src/gateway/_jsonc.ts";
import {
  codeBlocks,
  firstCode,
  markdownFiles,
  readDoc,
  tableUnder,
} from "./_markdown.ts";

const PROBE = "__not_a_field__";
// Every "$VAR" of an example is set: Redis URLs to one, keys to a secret.
const env = (name: string) =>
  name.includes("REDIS") ? "redis://127.0.0.1:6379" : "sk-probe";

/** The error message parseGatewayConfig gives for `config`, or undefined. */
async function refusal(config: unknown): Promise<string | undefined> {
  try {
    await parseGatewayConfig(JSON.stringify(config), env);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The known fields the reader lists when `at` holds an unknown one. */
async function knownFields(
  wrap: (inner: Record<string, unknown>) => unknown,
  at: string,
): Promise<string[] | undefined> {
  const message = await refusal(wrap({ [PROBE]: 1 }));
  const field = at === "" ? PROBE : `${at}.${PROBE}`;
  const prefix = `config: ${field} is not a known field (known: `;
  if (message === undefined || !message.startsWith(prefix)) return undefined;
  return message.slice(prefix.length, -1).split(", ");
}

/**
 * Every field of the schema, as the doc writes them: `maxStreams`,
 * `routing.strategy`, `keys[].rpm`; a section is listed itself too.
 */
export async function schemaFields(): Promise<string[]> {
  const top = await knownFields((inner) => inner, "");
  if (top === undefined) throw new Error("the top level lists no fields");
  const fields: string[] = [];
  for (const name of top) {
    fields.push(name);
    const asObject = await knownFields((inner) => ({ [name]: inner }), name);
    const asArray = await knownFields(
      (inner) => ({ [name]: [inner] }),
      `${name}[0]`,
    );
    for (const sub of asObject ?? []) fields.push(`${name}.${sub}`);
    for (const sub of asArray ?? []) fields.push(`${name}[].${sub}`);
  }
  return fields;
}

/** The first column of the table under "Fields" in configuration.md. */
export function documentedFields(text: string): string[] {
  return tableUnder(text, "Fields").map((row) => {
    const name = firstCode(row[0]);
    if (name === undefined) throw new Error(`row without a field: ${row[0]}`);
    return name;
  });
}

Deno.test("the probe finds the schema's nested and array fields", async () => {
  // Guards the reader itself: if the error message changed shape, the probe
  // would find only top-level names and the comparison below would be weak.
  const fields = await schemaFields();
  for (
    const expected of ["routing.strategy", "keys[].rpm", "backends[].name"]
  ) {
    if (!fields.includes(expected)) {
      throw new Error(`probe did not find ${expected}: ${fields.join(", ")}`);
    }
  }
});

Deno.test("configuration.md documents every config field, and no other", async () => {
  const schema = new Set(await schemaFields());
  const documented = documentedFields(readDoc("docs/gateway/configuration.md"));
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const name of documented) {
    if (seen.has(name)) problems.push(`${name} is documented twice`);
    seen.add(name);
    if (!schema.has(name)) {
      problems.push(`${name} is documented but the config reader refuses it`);
    }
  }
  for (const name of schema) {
    if (!seen.has(name)) {
      problems.push(`${name} is accepted but not in the Fields table`);
    }
  }
  if (problems.length > 0) throw new Error(problems.join("\n"));
});

Deno.test("the config files shown in README.md and docs/ are accepted", async () => {
  // Every JSON block that is a whole gateway config (it has backends or
  // keys at its top level) must pass the reader, with any $VAR set.
  const failures: string[] = [];
  let count = 0;
  for (const file of markdownFiles()) {
    for (const block of codeBlocks(file, readDoc(file))) {
      if (block.lang !== "json" && block.lang !== "jsonc") continue;
      const value = JSON.parse(blankJsonc(block.code));
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        continue;
      }
      if (!("backends" in value) && !("keys" in value)) continue;
      count++;
      const message = await refusal(value);
      if (message !== undefined) {
        failures.push(`${file}:${block.line}: ${message}`);
      }
    }
  }
  if (count < 3) failures.push(`only ${count} config files found`);
  if (failures.length > 0) throw new Error(failures.join("\n"));
});
