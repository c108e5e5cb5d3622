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

/** The page the table lives in, from the repository root. */
export const WIRES_DOC = "docs/gateway/wires.md";
/** The line before the generated table. */
export const TABLE_START =
  "<!-- wires-table:start (scripts/wires_table.ts) -->";
/** The line after it. */
export const TABLE_END = "<!-- wires-table:end -->";

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

/**
 * The page with its table replaced by {@linkcode wiresTable}.
 *
 * @param page The page's text.
 * @returns The new text; throws when the markers are missing.
 */
export function withTable(page: string): string {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  if (start === -1 || end < start) {
    throw new Error(`${WIRES_DOC}: the table markers are missing`);
  }
  return `${page.slice(0, start + TABLE_START.length)}\n\n${wiresTable()}\n\n${
    page.slice(end)
  }`;
}

if (import.meta.main) {
  const page = await Deno.readTextFile(WIRES_DOC);
  await Deno.writeTextFile(WIRES_DOC, withTable(page));
}
