// Links between README.md and the docs: a moved section must not leave a
// link pointing at nothing. Relative links must name an existing file, and a
// `#fragment` a heading of that file (GitHub's anchor for it).
import { codeBlocks, markdownFiles, readDoc, ROOT } from "./_markdown.ts";

/** GitHub's anchor of a heading: lowercase, punctuation dropped, spaces → -. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a markdown text's headings (outside code blocks). */
function anchors(file: string, text: string): Set<string> {
  const inCode = new Set<number>();
  for (const block of codeBlocks(file, text)) {
    const lines = block.code.split("\n").length;
    for (let i = block.line; i <= block.line + lines; i++) inCode.add(i);
  }
  const seen = new Map<string, number>();
  const result = new Set<string>();
  text.split("\n").forEach((line, i) => {
    if (inCode.has(i + 1)) return;
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (!heading) return;
    const base = anchorOf(heading[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    result.add(n === 0 ? base : `${base}-${n}`);
  });
  return result;
}

/** `[text](target)` links outside code spans and blocks. */
function links(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

Deno.test("relative links in README.md and docs/ resolve", () => {
  const broken: string[] = [];
  for (const file of markdownFiles()) {
    for (const target of links(readDoc(file))) {
      if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
      const [path, fragment] = target.split("#");
      const url = path === ""
        ? new URL(file, ROOT)
        : new URL(path, new URL(file, ROOT));
      let text: string;
      try {
        text = Deno.readTextFileSync(url);
      } catch {
        broken.push(`${file}: ${target} (no such file)`);
        continue;
      }
      if (fragment === undefined || !url.pathname.endsWith(".md")) continue;
      const relative = url.href.slice(ROOT.href.length);
      if (!anchors(relative, text).has(fragment)) {
        broken.push(`${file}: ${target} (no such heading)`);
      }
    }
  }
  if (broken.length > 0) throw new Error(broken.join("\n"));
});

Deno.test("the anchor of a heading is GitHub's", () => {
  // Checked against headings of this repository as github.com links them.
  if (
    anchorOf("Resilience: timeouts, retries, cooldowns and whose fault") !==
      "resilience-timeouts-retries-cooldowns-and-whose-fault"
  ) {
    throw new Error("punctuation is not dropped");
  }
  if (
    anchorOf("Anthropic Messages (`POST /v1/messages`)") !==
      "anthropic-messages-post-v1messages"
  ) {
    throw new Error("code spans and slashes are not dropped");
  }
});
