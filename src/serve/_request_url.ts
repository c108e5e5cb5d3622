// The URL a handler's Request carries, the same under both listeners: an
// origin-form target ("/path") is read against the Host line, as Deno.serve
// reads it, so `new URL(request.url).host` names what the client asked for.

// A Host that is not a plain authority (a "/", "@" or "?" in it) could move
// the path or the credentials part of the URL: the fallback is used instead.
const PLAIN_AUTHORITY = /^[A-Za-z0-9.:[\]-]+$/;

/**
 * The absolute URL of a request whose target is `target`, its Host line
 * `host` (absent or not a plain authority: `fallback`, an `http://` origin).
 */
export function requestUrl(
  target: string,
  host: string | undefined,
  fallback: string,
): string {
  if (!target.startsWith("/")) return target;
  return (host !== undefined && PLAIN_AUTHORITY.test(host)
    ? "http://" + host
    : fallback) + target;
}
