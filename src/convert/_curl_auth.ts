// curl's authentication options: -u, --oauth2-bearer and the schemes
// (--basic, --digest, …), and the Authorization header they give.
import type { CurlCommand } from "./_curl_command.ts";
import { encodeBase64, utf8Bytes } from "./_bytes.ts";

/** Applies an authentication option; false when `name` is not one. */
export function applyAuthOption(
  cmd: CurlCommand,
  name: string,
  v: string,
  written: string,
  at: number,
): boolean {
  switch (name) {
    case "user":
      cmd.user = v;
      return true;
    case "oauth2-bearer":
      cmd.bearer = v;
      cmd.auth = "bearer";
      return true;
    case "basic":
      cmd.auth = "basic";
      return true;
    case "digest":
    case "ntlm":
    case "ntlm-wb":
    case "negotiate":
    case "anyauth":
    case "aws-sigv4":
      cmd.auth = "other";
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

/**
 * The Authorization header curl sends without a server round trip: Bearer
 * for --oauth2-bearer, Basic of the UTF-8 bytes of -u (or of the URL's
 * credentials) unless another scheme was chosen.
 */
export function setAuthHeader(
  cmd: CurlCommand,
  user: string | undefined,
): void {
  if (cmd.auth === "bearer" && cmd.bearer !== undefined) {
    cmd.setInternal("Authorization", "Bearer " + cmd.bearer);
  } else if (cmd.auth === "basic" && user !== undefined) {
    cmd.setInternal(
      "Authorization",
      "Basic " +
        encodeBase64(utf8Bytes(user.includes(":") ? user : user + ":")),
    );
  }
}
