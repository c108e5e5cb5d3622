// Code generation per target, side by side with curlconverter's generator for
// the same language (from the curl corpus: parse + generate on both sides)
// and httpsnippet's target (from HAR requests: read + generate on both
// sides). A request a generator refuses or throws on is skipped by that
// generator alone, so a side that fails is never slower for it.
// Run: deno bench -A --lock=deno.lock --frozen-lockfile bench/code_bench.ts
import * as curlconverter from "npm:curlconverter@4.12.0";
import { HTTPSnippet } from "npm:httpsnippet@3.0.10";
import { parseCurl } from "../src/convert/curl.ts";
import {
  fromRequest as toHarEntry,
  type HarEntry,
  toRequest as harToRequest,
} from "../src/convert/har.ts";
import { findTarget } from "../src/convert/code.ts";
import { ConversionError } from "../src/convert/errors.ts";

const corpus = Deno.readTextFileSync(
  new URL("../tests/fixtures/curl/corpus.txt", import.meta.url),
).split("\n").filter((line) => line.trim() !== "");
const entries: HarEntry[] = [];
for (const command of corpus) {
  entries.push(
    await toHarEntry(parseCurl(command).request, {
      startedDateTime: "2024-01-01T00:00:00.000Z",
    }),
  );
}

type CurlConverter = (command: string) => string;

/** Each of our targets with its peers (undefined: the peer has none). */
const PEERS: Array<{
  id: string;
  curlconverter?: [string, CurlConverter];
  httpsnippet?: [string, string];
}> = [
  {
    id: "python-requests",
    curlconverter: ["toPython", curlconverter.toPython],
    httpsnippet: ["python", "requests"],
  },
  // Neither peer has an httpx generator.
  { id: "python-httpx" },
  {
    id: "node-http",
    curlconverter: ["toNodeHttp", curlconverter.toNodeHttp],
    httpsnippet: ["node", "native"],
  },
  {
    id: "node-axios",
    curlconverter: ["toNodeAxios", curlconverter.toNodeAxios],
    httpsnippet: ["node", "axios"],
  },
  {
    id: "httpie",
    curlconverter: ["toHttpie", curlconverter.toHttpie],
    httpsnippet: ["shell", "httpie"],
  },
  {
    id: "wget",
    curlconverter: ["toWget", curlconverter.toWget],
    httpsnippet: ["shell", "wget"],
  },
  {
    id: "go-net-http",
    curlconverter: ["toGo", curlconverter.toGo],
    httpsnippet: ["go", "native"],
  },
  {
    id: "php-curl",
    curlconverter: ["toPhp", curlconverter.toPhp],
    httpsnippet: ["php", "curl"],
  },
  {
    id: "ruby-net-http",
    curlconverter: ["toRuby", curlconverter.toRuby],
    httpsnippet: ["ruby", "native"],
  },
  {
    id: "java-http-client",
    curlconverter: ["toJava", curlconverter.toJava],
    httpsnippet: ["java", "nethttp"],
  },
];

function attempt(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    if (!(error instanceof Error)) throw error;
  }
}

for (const { id, curlconverter: cc, httpsnippet: hs } of PEERS) {
  const target = findTarget(id);
  Deno.bench(`${id}: switchyard curl.parseCurl + generate`, {
    group: `${id} from curl`,
    baseline: true,
  }, () => {
    for (const command of corpus) {
      attempt(() => target.generate(parseCurl(command).request, {}));
    }
  });
  if (cc) {
    Deno.bench(`${id}: curlconverter ${cc[0]}`, {
      group: `${id} from curl`,
    }, () => {
      for (const command of corpus) attempt(() => cc[1](command));
    });
  }
  Deno.bench(`${id}: switchyard har.toRequest + generate`, {
    group: `${id} from HAR`,
    baseline: true,
  }, () => {
    for (const entry of entries) {
      try {
        target.generate(harToRequest(entry), {});
      } catch (error) {
        if (!(error instanceof ConversionError)) throw error;
      }
    }
  });
  if (hs) {
    Deno.bench(`${id}: httpsnippet ${hs[0]}/${hs[1]}`, {
      group: `${id} from HAR`,
    }, () => {
      for (const entry of entries) {
        attempt(() =>
          new HTTPSnippet(entry.request as never).convert(hs[0] as never, hs[1])
        );
      }
    });
  }
}
