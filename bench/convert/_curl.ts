// curl parse/generate over the corpus, side by side with curlconverter, and a
// linearity check (1 KB vs 1 MB body).
// Run: deno bench -A bench/convert_bench.ts
import { toHarString } from "npm:curlconverter@4.12.0";
import { fromRequest, toRequest } from "../../src/convert/curl.ts";

const corpus = Deno.readTextFileSync(
  new URL("../../tests/fixtures/curl/corpus.txt", import.meta.url),
)
  .split("\n").filter((line) => line.trim() !== "");
const requests = corpus.map((command) => toRequest(command));

Deno.bench("curl parse: toRequest over the corpus", () => {
  for (const command of corpus) toRequest(command);
});

Deno.bench("curl generate: fromRequest over the corpus", async () => {
  for (const request of requests) await fromRequest(request);
});

Deno.bench(
  "switchyard toRequest",
  { group: "curl → request", baseline: true },
  () => {
    for (const command of corpus) toRequest(command);
  },
);

Deno.bench("curlconverter toHarString", { group: "curl → request" }, () => {
  for (const command of corpus) toHarString(command);
});

const small = `curl https://x.test/ -H 'content-type: text/plain' --data-raw '${
  "a".repeat(1024)
}'`;
const large = `curl https://x.test/ -H 'content-type: text/plain' --data-raw '${
  "a".repeat(1024 * 1024)
}'`;
const largeDouble = `curl https://x.test/ -d "${"a\\\\".repeat(512 * 1024)}"`;

Deno.bench("1 KB body", { group: "linearity", baseline: true }, () => {
  toRequest(small);
});

Deno.bench("1 MB body", { group: "linearity" }, () => {
  toRequest(large);
});

const smallDouble = `curl https://x.test/ -d "${"a\\\\".repeat(512)}"`;

Deno.bench("1 KB double-quoted body with escapes", {
  group: "linearity, escapes",
  baseline: true,
}, () => {
  toRequest(smallDouble);
});

Deno.bench("1 MB double-quoted body with escapes", {
  group: "linearity, escapes",
}, () => {
  toRequest(largeDouble);
});
