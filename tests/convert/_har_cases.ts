// The HAR requests of the differential test against httpsnippet, shared with
// the code-generation wire suite (tests/convert/targets/).
export interface HarCase {
  name: string;
  request: Record<string, unknown>;
}

const base = {
  httpVersion: "HTTP/1.1",
  cookies: [],
  headers: [],
  queryString: [],
  headersSize: -1,
  bodySize: -1,
};

function harCase(name: string, request: Record<string, unknown>): HarCase {
  return { name, request: { ...base, ...request } };
}

export const HAR_CASES: HarCase[] = [
  harCase("simple GET", { method: "GET", url: "https://example.com/" }),
  harCase("GET with query in URL and queryString", {
    method: "GET",
    url: "https://example.com/search?q=caf%C3%A9&page=2",
    queryString: [{ name: "q", value: "café" }, { name: "page", value: "2" }],
  }),
  harCase("queryString only", {
    method: "GET",
    url: "https://example.com/items",
    queryString: [{ name: "tag", value: "a b" }, {
      name: "sort",
      value: "-date",
    }],
  }),
  harCase("headers with quotes and shell metacharacters", {
    method: "GET",
    url: "https://example.com/h",
    headers: [
      { name: "X-Quote", value: 'it\'s "quoted"' },
      { name: "X-Shell", value: "$(whoami) `id` $HOME ; | & > <" },
      { name: "Accept", value: "application/json, text/plain, */*" },
    ],
  }),
  harCase("JSON POST", {
    method: "POST",
    url: "https://api.example.com/users",
    headers: [{ name: "Content-Type", value: "application/json" }],
    postData: {
      mimeType: "application/json",
      text: '{"name":"O\'Brien","n":1}',
    },
  }),
  harCase("form POST with params and text", {
    method: "POST",
    url: "https://example.com/login",
    headers: [{
      name: "Content-Type",
      value: "application/x-www-form-urlencoded",
    }],
    postData: {
      mimeType: "application/x-www-form-urlencoded",
      text: "user=ada&pw=s3cr3t",
      params: [{ name: "user", value: "ada" }, { name: "pw", value: "s3cr3t" }],
    },
  }),
  harCase("multipart params", {
    method: "POST",
    url: "https://example.com/upload",
    postData: {
      mimeType: "multipart/form-data",
      params: [{ name: "title", value: "Hello" }, {
        name: "kind",
        value: "note",
      }],
    },
  }),
  harCase("PUT text with newlines and unicode", {
    method: "PUT",
    url: "https://example.com/notes/1",
    headers: [{ name: "Content-Type", value: "text/plain; charset=utf-8" }],
    postData: {
      mimeType: "text/plain; charset=utf-8",
      text: "line 1\nline 2 — ü 😀\n",
    },
  }),
  harCase("PATCH JSON", {
    method: "PATCH",
    url: "https://example.com/users/7",
    headers: [{ name: "Content-Type", value: "application/merge-patch+json" }],
    postData: {
      mimeType: "application/merge-patch+json",
      text: '{"active":false}',
    },
  }),
  harCase("DELETE with auth", {
    method: "DELETE",
    url: "https://example.com/users/7",
    headers: [{ name: "Authorization", value: "Bearer abc.def.ghi" }],
  }),
  harCase("HEAD", { method: "HEAD", url: "https://example.com/file.zip" }),
  harCase("OPTIONS preflight", {
    method: "OPTIONS",
    url: "https://example.com/api",
    headers: [
      { name: "Origin", value: "https://app.example.com" },
      { name: "Access-Control-Request-Method", value: "PUT" },
    ],
  }),
  harCase("custom method", {
    method: "PURGE",
    url: "http://cache.example.com/page",
  }),
  harCase("cookies array only", {
    method: "GET",
    url: "https://example.com/me",
    cookies: [{ name: "sid", value: "abc123" }, {
      name: "theme",
      value: "dark",
    }],
  }),
  harCase("http/2.0 version, port and fragment-free path", {
    method: "GET",
    url: "https://example.com:8443/a/b/c.json",
    httpVersion: "http/2.0",
    headers: [{ name: "User-Agent", value: "Mozilla/5.0 (X11; Linux x86_64)" }],
  }),
  harCase("POST empty JSON object", {
    method: "POST",
    url: "https://example.com/ping",
    headers: [{ name: "Content-Type", value: "application/json" }],
    postData: { mimeType: "application/json", text: "{}" },
  }),
  harCase("body with a single quote and backslashes", {
    method: "POST",
    url: "https://example.com/raw",
    headers: [{ name: "Content-Type", value: "text/plain" }],
    postData: {
      mimeType: "text/plain",
      text: "C:\\path\\it's \\n not a newline",
    },
  }),
  harCase("xml body", {
    method: "POST",
    url: "https://example.com/soap",
    headers: [{ name: "Content-Type", value: "application/xml" }],
    postData: {
      mimeType: "application/xml",
      text: '<?xml version="1.0"?><a b="c">&amp;</a>',
    },
  }),
];
