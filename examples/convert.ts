/**
 * `deno task convert`: the converter of the `switchyard` command, run from a
 * clone (`switchyard convert --help` lists its options).
 *
 * ```sh
 * deno task convert "curl -X POST https://example.com -d a=1"
 * cat export.har | deno task convert --to curl -
 * ```
 *
 * @module
 */
import { main } from "../src/cli/mod.ts";

if (import.meta.main) Deno.exit(await main(["convert", ...Deno.args]));
