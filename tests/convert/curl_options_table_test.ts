// Deno-only: compares our curl option table with the real `curl --help all`
// of the machine, so an option whose arity we got wrong can never swallow
// the URL (or leave its value to be taken as the URL). CI installs curl;
// elsewhere the tests are skipped when curl is missing.
import { run } from "../_bounded.ts";
import { needs, programPath } from "../_programs.ts";
import {
  LONG_OPTIONS,
  SHORT_OPTIONS,
} from "../../src/convert/_curl_options.ts";
import { parseCurl } from "../../src/convert/curl.ts";

interface ListedOption {
  long: string;
  short?: string;
  takesValue: boolean;
  line: string;
}

function fail(message: string): never {
  throw new Error(message);
}

async function curlHelpAll(): Promise<string> {
  const output = await run(programPath("curl"), {
    args: ["--help", "all"],
    timeoutMs: 30_000,
  });
  if (!output.success) {
    fail(`curl --help all exited with ${output.code}: ${output.err}`);
  }
  return output.out;
}

// " -X, --request <method> Specify request method to use"
// " -x, --proxy [protocol://]host[:port] Use this proxy"
// "     --compressed       Request compressed response"
// An argument placeholder starts with "<" or "[" one space after the name.
const LINE = /^\s*(?:-(\S), )?--([A-Za-z0-9.-]+)(?: ([<[]))?/;

function listedOptions(help: string): ListedOption[] {
  const options: ListedOption[] = [];
  for (const line of help.split("\n")) {
    const match = LINE.exec(line);
    if (match === null) continue;
    options.push({
      short: match[1],
      long: match[2],
      takesValue: match[3] !== undefined,
      line: line.trim(),
    });
  }
  return options;
}

const ARITY = "every option of `curl --help all` has curl's arity in our table";
Deno.test(ARITY, needs(ARITY, "curl"), async () => {
  const listed = listedOptions(await curlHelpAll());
  if (listed.length < 200) {
    fail(`read only ${listed.length} options from curl --help all`);
  }
  const problems: string[] = [];
  for (const option of listed) {
    const ours = LONG_OPTIONS.get(option.long);
    if (ours === undefined) {
      problems.push(`--${option.long} is missing (${option.line})`);
      continue;
    }
    if (ours.takesValue !== option.takesValue) {
      problems.push(
        `--${option.long} ${
          option.takesValue ? "takes a value" : "is a flag"
        } in curl, not in our table (${option.line})`,
      );
    }
    if (option.short !== undefined) {
      const short = SHORT_OPTIONS.get(option.short);
      if (short?.name !== option.long) {
        problems.push(
          `-${option.short} is --${option.long} in curl, ours: ${
            short ? "--" + short.name : "unknown"
          }`,
        );
      }
    }
  }
  if (problems.length > 0) {
    fail(`${problems.length} differences:\n${problems.join("\n")}`);
  }
});

const NO_STEAL = "no value-taking option of curl's list steals the URL";
Deno.test(NO_STEAL, needs(NO_STEAL, "curl"), async () => {
  const listed = listedOptions(await curlHelpAll());
  // Options that change the URL, method or body are tested on their own.
  const shaping = new Set([
    "url",
    "request",
    "get",
    "head",
    "data",
    "data-ascii",
    "data-binary",
    "data-raw",
    "data-urlencode",
    "json",
    "form",
    "form-string",
    "upload-file",
    "url-query",
    "proto-default",
    "next",
    "config",
  ]);
  const problems: string[] = [];
  for (const option of listed) {
    if (shaping.has(option.long)) continue;
    const command = option.takesValue
      ? `curl --${option.long} low https://x.example/a`
      : `curl --${option.long} https://x.example/a`;
    try {
      const { request } = parseCurl(command);
      if (request.url !== "https://x.example/a") {
        problems.push(`${command} → ${request.url}`);
      }
    } catch (error) {
      problems.push(`${command} threw ${error}`);
    }
  }
  if (problems.length > 0) {
    fail(`${problems.length} commands lost their URL:\n${problems.join("\n")}`);
  }
});
