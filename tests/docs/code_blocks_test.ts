// Every fenced block of README.md and docs/**/*.md is checked as its info
// string says (docs/contributing.md, "Code blocks in the docs"):
//   ```ts / ```js          type-checked, then run with `deno run` in a temp
//                          directory, the package's names mapped to this
//                          repository's files; it must exit 0 in time and
//                          print what its `console.log(…); // "x"` comments
//                          say
//   ```ts check            type-checked only (needs a provider key or a
//                          running server)
//   ```ts fragment         parsed only (uses names from the text around it)
//   ```sh / ```bash        `bash -n`
//   ```json                JSON.parse;  ```jsonc  comments and trailing
//                          commas allowed
//   ```text, ```ini, ```yaml, ```dockerfile   not code: output or files of
//                          other tools
// A block without a language, or with a language or flag not listed, fails:
// every block says what it is.
import { run } from "../_bounded.ts";
import { needs } from "../_programs.ts";
import { blankJsonc } from "../../src/gateway/_jsonc.ts";
import { startRedis } from "../models/stores/_redis_server.ts";
import {
  type CodeBlock,
  codeBlocks,
  markdownFiles,
  promisedOutput,
  readDoc,
  ROOT,
} from "./_markdown.ts";

const SCRIPT_LANGS = new Set(["ts", "typescript", "js", "javascript"]);
const SHELL_LANGS = new Set(["sh", "bash", "shell"]);
const NOT_CODE = new Set(["text", "ini", "yaml", "dockerfile"]);
const FLAGS = new Set(["check", "fragment"]);
/** Bound of one block's run; the slowest takes about a second. */
const BLOCK_TIMEOUT_MS = 30_000;
const CHECK_TIMEOUT_MS = 240_000;

const blocks: CodeBlock[] = markdownFiles().flatMap((file) =>
  codeBlocks(file, readDoc(file))
);
const where = (block: CodeBlock) => `${block.file}:${block.line}`;
const scripts = blocks.filter((b) => SCRIPT_LANGS.has(b.lang));
const runnable = scripts.filter((b) => b.flags.length === 0);
const checked = scripts.filter((b) => !b.flags.includes("fragment"));
const fragments = scripts.filter((b) => b.flags.includes("fragment"));
// Blocks that talk to Redis get a private redis-server through REDIS_URL.
const needsRedis = (b: CodeBlock) => b.code.includes("REDIS_URL");

/** The promised lines that stdout does not show, in order. */
function missingOutput(promised: string[], stdout: string): string[] {
  const printed = stdout.split("\n");
  let at = 0;
  const missing: string[] = [];
  for (const line of promised) {
    const found = printed.indexOf(line, at);
    if (found < 0) missing.push(line);
    else at = found + 1;
  }
  return missing;
}

/** An import map sending the package's names to this repository's files. */
function importMap(): string {
  const config = JSON.parse(readDoc("deno.json"));
  const imports: Record<string, string> = {};
  for (const [entry, path] of Object.entries<string>(config.exports)) {
    const name = entry === "."
      ? config.name
      : `${config.name}${entry.slice(1)}`;
    imports[name] = new URL(path, ROOT).href;
  }
  return JSON.stringify({ imports }, null, 2);
}

/** Writes the blocks into a temp dir as `<n>.ts` files, with the map. */
function writeBlocks(dir: string, list: CodeBlock[]): Map<string, CodeBlock> {
  Deno.writeTextFileSync(`${dir}/import_map.json`, importMap());
  const files = new Map<string, CodeBlock>();
  list.forEach((block, i) => {
    const ext = block.lang.startsWith("j") ? "js" : "ts";
    const path = `${dir}/block_${i}.${ext}`;
    Deno.writeTextFileSync(path, block.code);
    files.set(path, block);
  });
  return files;
}

/** Replaces the temp file names in a tool's output with `file:line`. */
function explain(output: string, files: Map<string, CodeBlock>): string {
  let text = output;
  for (const [path, block] of files) {
    text = text.replaceAll(`file://${path}`, where(block))
      .replaceAll(path, where(block));
  }
  return text;
}

const denoFlags = (dir: string) => [
  `--import-map=${dir}/import_map.json`,
  `--lock=${new URL("deno.lock", ROOT).pathname}`,
  "--frozen-lockfile",
];

Deno.test("every code block in README.md and docs/ says what it is", () => {
  const unknown = blocks.filter((b) =>
    !(SCRIPT_LANGS.has(b.lang) || SHELL_LANGS.has(b.lang) ||
      NOT_CODE.has(b.lang) || b.lang === "json" || b.lang === "jsonc") ||
    b.flags.some((flag) => !FLAGS.has(flag)) ||
    (!SCRIPT_LANGS.has(b.lang) && b.flags.length > 0)
  );
  if (unknown.length > 0) {
    throw new Error(
      `blocks without a known language and flags (see docs/contributing.md):\n${
        unknown.map((b) =>
          `  ${where(b)}: \`\`\`${b.lang} ${b.flags.join(" ")}`
        )
          .join("\n")
      }`,
    );
  }
  // The docs must have blocks to check at all: a reader that finds none
  // would pass every test below.
  if (runnable.length < 10) {
    throw new Error(`only ${runnable.length} runnable blocks found`);
  }
});

Deno.test("JSON blocks parse", () => {
  const failures: string[] = [];
  for (const block of blocks) {
    if (block.lang !== "json" && block.lang !== "jsonc") continue;
    try {
      JSON.parse(block.lang === "jsonc" ? blankJsonc(block.code) : block.code);
    } catch (error) {
      failures.push(`${where(block)}: ${(error as Error).message}`);
    }
  }
  if (failures.length > 0) throw new Error(failures.join("\n"));
});

Deno.test("shell blocks pass bash -n", async () => {
  const failures: string[] = [];
  for (const block of blocks) {
    if (!SHELL_LANGS.has(block.lang)) continue;
    const result = await run("bash", { args: ["-n"], stdin: block.code });
    if (!result.success) failures.push(`${where(block)}: ${result.err.trim()}`);
  }
  if (failures.length > 0) throw new Error(failures.join("\n"));
});

Deno.test("fragments parse", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "switchyard_docs_" });
  try {
    const files = writeBlocks(dir, fragments);
    if (files.size === 0) return;
    // deno fmt parses every file and names the ones that do not parse.
    const result = await run(Deno.execPath(), {
      args: ["fmt", "--quiet", ...files.keys()],
      timeoutMs: CHECK_TIMEOUT_MS,
    });
    if (!result.success) {
      throw new Error(explain(result.err, files));
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("TypeScript and JavaScript blocks type-check", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "switchyard_docs_" });
  try {
    const files = writeBlocks(dir, checked);
    const result = await run(Deno.execPath(), {
      args: ["check", "--quiet", ...denoFlags(dir), ...files.keys()],
      timeoutMs: CHECK_TIMEOUT_MS,
    });
    if (!result.success) {
      throw new Error(explain(result.err + result.out, files));
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

async function runBlocks(list: CodeBlock[], env: Record<string, string>) {
  const dir = Deno.makeTempDirSync({ prefix: "switchyard_docs_" });
  try {
    const files = [...writeBlocks(dir, list)];
    const failures: string[] = [];
    // Two at a time: the machine's two cores are shared.
    const next = async (): Promise<void> => {
      const item = files.shift();
      if (item === undefined) return;
      const [path, block] = item;
      const result = await run(Deno.execPath(), {
        args: [
          "run",
          "--no-check",
          ...denoFlags(dir),
          "--allow-net=127.0.0.1,localhost",
          "--allow-env",
          "--allow-read",
          `--allow-write=${dir}`,
          path,
        ],
        cwd: dir,
        env,
        timeoutMs: BLOCK_TIMEOUT_MS,
      }).catch((error: Error) => ({
        success: false,
        err: error.message,
        out: "",
      }));
      if (!result.success) {
        failures.push(
          `${where(block)} failed:\n${
            explain(result.err + result.out, new Map([[path, block]]))
              .slice(0, 2000)
          }`,
        );
      } else {
        const missing = missingOutput(promisedOutput(block.code), result.out);
        if (missing.length > 0) {
          failures.push(
            `${where(block)} did not print what its comments say:\n${
              missing.map((line) => `  expected: ${line}`).join("\n")
            }\nprinted:\n${result.out.slice(0, 2000)}`,
          );
        }
      }
      await next();
    };
    await Promise.all([next(), next()]);
    if (failures.length > 0) throw new Error(failures.join("\n\n"));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

Deno.test("TypeScript and JavaScript blocks run", async () => {
  await runBlocks(runnable.filter((b) => !needsRedis(b)), {});
});

Deno.test({
  name: "blocks that use Redis run against a redis-server",
  ...needs("docs blocks that use Redis", "redis-server"),
  async fn() {
    const list = runnable.filter(needsRedis);
    if (list.length === 0) return;
    const redis = await startRedis();
    try {
      await runBlocks(list, { REDIS_URL: `redis://127.0.0.1:${redis.port}` });
    } finally {
      await redis.stop();
    }
  },
});
