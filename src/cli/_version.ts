// The package version, written here rather than read from deno.json at run
// time so the npm build (which ships no deno.json) prints the same; a test
// (tests/cli/cli_test.ts) keeps it equal to deno.json's.
export const VERSION = "0.1.0";
