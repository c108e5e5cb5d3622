// curl's authentication options: -u, --oauth2-bearer and the schemes
// (--basic, --digest, …), and the Authorization header they give.
import type { CurlCommand } from "./_curl_command.ts";
import { encodeBase64, utf8Bytes } from "./_bytes.ts";

/**
 * Applies an authentication option; false when `name` is not one. curl ORs
 * the schemes it is asked for (`--no-digest` takes one out again) and sends
 * a header without a server round trip only when one scheme is left.
 */
export function applyAuthOption(
  cmd: CurlCommand,
  name: string,
  v: string,
  written: string,
  at: number,
  negated = false,
): boolean {
  switch (name) {
    case "user":
      cmd.user = v;
      return true;
    case "oauth2-bearer":
      cmd.bearer = v;
      addScheme(cmd, "bearer", written, at, false);
      return true;
    case "basic":
      addScheme(cmd, "basic", written, at, negated);
      return true;
    case "digest":
    case "ntlm":
    case "ntlm-wb":
    case "negotiate":
    case "anyauth":
    case "aws-sigv4":
      addScheme(cmd, name, written, at, negated);
      if (negated) return true;
      cmd.warn(
        "UNSUPPORTED_OPTION",
        written,
        at,
        `${written} authentication needs a server round trip; no authorization header is produced, so a command written back from the request (curl.fromRequest) sends no credentials`,
      );
      return true;
    default:
      return false;
  }
}

function addScheme(
  cmd: CurlCommand,
  scheme: string,
  written: string,
  at: number,
  negated: boolean,
): void {
  if (negated) cmd.authSchemes.delete(scheme);
  else cmd.authSchemes.add(scheme);
  cmd.authOption = { written, at };
}

/**
 * The Authorization header curl sends without a server round trip: Bearer
 * for --oauth2-bearer, Basic of the UTF-8 bytes of -u (or of the URL's
 * credentials) when no other scheme was chosen. With two schemes (Basic and
 * Bearer, say) curl sends none until a 401 tells it which the server takes
 * (checked with curl 7.88.1).
 */
export function setAuthHeader(
  cmd: CurlCommand,
  user: string | undefined,
): void {
  const schemes = cmd.authSchemes;
  if (schemes.size === 1 && schemes.has("bearer")) {
    cmd.setInternal("Authorization", "Bearer " + cmd.bearer);
  } else if (
    (schemes.size === 0 || (schemes.size === 1 && schemes.has("basic"))) &&
    user !== undefined
  ) {
    cmd.setInternal(
      "Authorization",
      "Basic " +
        encodeBase64(utf8Bytes(user.includes(":") ? user : user + ":")),
    );
  } else if (
    schemes.size === 2 && schemes.has("basic") && schemes.has("bearer") &&
    cmd.authOption !== undefined
  ) {
    // The other schemes warned when they were read; these two did not.
    cmd.warn(
      "UNSUPPORTED_OPTION",
      cmd.authOption.written,
      cmd.authOption.at,
      `${cmd.authOption.written} with both Basic and Bearer chosen: curl picks one only after the server answers 401, so no authorization header is produced`,
    );
  }
}
