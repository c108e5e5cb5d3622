// The reader the docs tests stand on: if it missed blocks (in a list item,
// in a block quote) or misread an output comment, the docs tests would pass
// over docs they never looked at.
import { codeBlocks, promisedOutput, tableUnder } from "./_markdown.ts";

Deno.test("code blocks are found in list items and block quotes", () => {
  const text = [
    "- item",
    "",
    "  ```ts",
    "  const a = 1;",
    "  ```",
    "",
    "> quoted:",
    ">",
    "> ```jsonc",
    '> { "a": 1 } // note',
    "> ```",
    "",
    "````md",
    "```ts",
    "inner",
    "```",
    "````",
  ].join("\n");
  const blocks = codeBlocks("x.md", text);
  const seen = blocks.map((b) => [b.line, b.lang, b.code]);
  const expected = [
    [3, "ts", "const a = 1;\n"],
    [9, "jsonc", '{ "a": 1 } // note\n'],
    [13, "md", "```ts\ninner\n```\n"],
  ];
  if (JSON.stringify(seen) !== JSON.stringify(expected)) {
    throw new Error(`read ${JSON.stringify(seen)}`);
  }
});

Deno.test("an unclosed fence is an error, not a block to the end", () => {
  let message = "";
  try {
    codeBlocks("x.md", "text\n```ts\nconst a = 1;\n");
  } catch (error) {
    message = (error as Error).message;
  }
  if (message !== "x.md:2: unclosed code fence") {
    throw new Error(`got "${message}"`);
  }
});

Deno.test("output comments promise only what their literals say", () => {
  const code = [
    'console.log(a); // "hi" (from backup)',
    'console.log(b, c); // "backup" 1',
    'console.log(d); // "59", counted in Redis',
    "console.log(e); // true",
    "console.log(f); // fetch() source, every string JSON-encoded",
    'console.log(g); // { method: "POST" }',
    'console.log(h); // "a \\"quoted\\" word"',
    'x(); // "not a console.log"',
  ].join("\n");
  const promised = promisedOutput(code);
  const expected = ["hi", "backup 1", "59", "true", 'a "quoted" word'];
  if (JSON.stringify(promised) !== JSON.stringify(expected)) {
    throw new Error(`promised ${JSON.stringify(promised)}`);
  }
});

Deno.test("a table is read under its heading, cells split on bars", () => {
  const text = [
    "## Other",
    "| a | b |",
    "|---|---|",
    "| no | no |",
    "## Fields",
    "",
    "| field | meaning |",
    "| --- | --- |",
    "| `x.y` | one \\| two |",
    "| `z` | three |",
    "",
    "| after | the table |",
  ].join("\n");
  const rows = tableUnder(text, "Fields");
  const expected = [["`x.y`", "one | two"], ["`z`", "three"]];
  if (JSON.stringify(rows) !== JSON.stringify(expected)) {
    throw new Error(`read ${JSON.stringify(rows)}`);
  }
});
