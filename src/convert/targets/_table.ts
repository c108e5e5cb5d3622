// Every code-generation target, in the order pickers show them. The CLI's
// --to choices, the playground's picker, allFormats' `code` keys, the docs
// list and the behavioural test suite all derive from this one list: adding
// a target is its file, one row here and one runner in the tests.
import type { CodeTarget } from "./target.ts";
import { curl } from "./curl.ts";
import { fetchTarget } from "./fetch.ts";
import { goNetHttp } from "./go_net_http.ts";
import { httpie } from "./httpie.ts";
import { javaHttpClient } from "./java_http_client.ts";
import { nodeAxios } from "./node_axios.ts";
import { nodeHttp } from "./node_http.ts";
import { phpCurl } from "./php_curl.ts";
import { pythonHttpx } from "./python_httpx.ts";
import { pythonRequests } from "./python_requests.ts";
import { rubyNetHttp } from "./ruby_net_http.ts";
import { wget } from "./wget.ts";

export const TARGETS: readonly CodeTarget[] = [
  curl,
  httpie,
  wget,
  fetchTarget,
  nodeHttp,
  nodeAxios,
  pythonRequests,
  pythonHttpx,
  goNetHttp,
  phpCurl,
  rubyNetHttp,
  javaHttpClient,
];
