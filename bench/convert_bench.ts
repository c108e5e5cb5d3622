// The conversion library's benchmarks in one run: raw HTTP, curl (side by side
// with curlconverter) and HAR/random/allFormats (side by side with
// httpsnippet). Run: deno bench -A bench/convert_bench.ts
import "./convert/_string.ts";
import "./convert/_curl.ts";
import "./convert/_har.ts";
