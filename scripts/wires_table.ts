/**
 * The translation table of docs/gateway/wires.md, written from the data
 * the adapters apply (`src/models/adapters/_wire_fields.ts`), so the page
 * cannot drift from the code: `deno run --allow-read --allow-write
 * scripts/wires_table.ts && deno fmt docs/gateway/wires.md` rewrites the
 * page's table, and tests/gateway/wires_table_test.ts fails when the two
 * differ.
 *
 * @module
 */
import {
  WIRE_FIELDS,
  type WireField,
} from "../src/models/adapters/_wire_fields.ts";
import {
  NATIVE_FIELDS,
  NATIVE_NESTED,
  type NativeField,
  type NativeTreatment,
} from "../src/models/adapters/_native_fields.ts";

/** The page the table lives in, from the repository root. */
export const WIRES_DOC = "docs/gateway/wires.md";
/** The line before the generated table. */
export const TABLE_START =
  "<!-- wires-table:start (scripts/wires_table.ts) -->";
/** The line after it. */
export const TABLE_END = "<!-- wires-table:end -->";
/** The line before the generated table toward the native APIs. */
export const NATIVE_START =
  "<!-- native-table:start (scripts/wires_table.ts) -->";
/** The line after it. */
export const NATIVE_END = "<!-- native-table:end -->";
/** The line before the generated table of nested fields toward the native APIs. */
export const NESTED_START =
  "<!-- native-nested:start (scripts/wires_table.ts) -->";
/** The line after it. */
export const NESTED_END = "<!-- native-nested:end -->";

const WIRE_NAMES = {
  openai: "OpenAI Chat Completions",
  anthropic: "Anthropic Messages",
} as const;

function cell(text: string): string {
  return text.replaceAll("|", "\\|");
}

function section(rows: readonly WireField[]): string {
  const wire = rows[0].wire;
  const other = wire === "openai" ? "Anthropic" : "OpenAI";
  return [
    `### ${WIRE_NAMES[wire]} request → ${other} backend`,
    "",
    `| field | toward ${other} | how |`,
    "|---|---|---|",
    ...rows.map((row) =>
      `| \`${row.field}\` | ${row.toward} | ${cell(row.note)} |`
    ),
  ].join("\n");
}

/**
 * The markdown of the table: one section per client wire.
 *
 * @returns The sections, between (not including) the markers.
 */
export function wiresTable(): string {
  const openai = WIRE_FIELDS.filter((row) => row.wire === "openai");
  const anthropic = WIRE_FIELDS.filter((row) => row.wire === "anthropic");
  return `${section(openai)}\n\n${section(anthropic)}`;
}

function fate([treatment, note]: NativeTreatment): string {
  return `${treatment}: ${cell(note)}`;
}

/**
 * The markdown of a table toward Gemini, Cohere and Ollama: one row per
 * field of either chat wire.
 *
 * @param rows The rows: the top-level fields unless given (the nested ones
 *   are `NATIVE_NESTED`).
 * @returns The table, between (not including) the markers.
 */
export function nativeTable(
  rows: readonly NativeField[] = NATIVE_FIELDS,
): string {
  return [
    "| field | wire | toward Gemini | toward Cohere | toward Ollama |",
    "|---|---|---|---|---|",
    ...rows.map((row) =>
      `| \`${row.field}\` | ${row.wire} | ${fate(row.gemini)} | ${
        fate(row.cohere)
      } | ${fate(row.ollama)} |`
    ),
  ].join("\n");
}

function replaced(
  page: string,
  startMark: string,
  endMark: string,
  table: string,
): string {
  const start = page.indexOf(startMark);
  const end = page.indexOf(endMark);
  if (start === -1 || end < start) {
    throw new Error(`${WIRES_DOC}: the markers ${startMark} are missing`);
  }
  return `${page.slice(0, start + startMark.length)}\n\n${table}\n\n${
    page.slice(end)
  }`;
}

/**
 * The page with its tables replaced by {@linkcode wiresTable} and
 * {@linkcode nativeTable} (top-level and nested rows).
 *
 * @param page The page's text.
 * @returns The new text; throws when the markers are missing.
 */
export function withTable(page: string): string {
  return replaced(
    replaced(
      replaced(page, TABLE_START, TABLE_END, wiresTable()),
      NATIVE_START,
      NATIVE_END,
      nativeTable(),
    ),
    NESTED_START,
    NESTED_END,
    nativeTable(NATIVE_NESTED),
  );
}

if (import.meta.main) {
  const page = await Deno.readTextFile(WIRES_DOC);
  await Deno.writeTextFile(WIRES_DOC, withTable(page));
}
