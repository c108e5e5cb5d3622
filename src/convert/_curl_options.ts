// curl's command-line options and their arity, so that an option's value is
// never mistaken for the URL and the URL is never eaten as an option value.
//
// Source: `curl --help all` of curl 7.88.1 (the manual of the curl on the
// build machine), plus the options added in curl 8.0–8.17 from curl's
// changelog, plus the names curl accepts but does not list (last lines:
// the deprecated `--krb4` alias of `--krb`, `--ftp-ssl`, and the positive
// forms of the listed `--no-…` flags). `name=` takes a value, a bare `name`
// is a boolean flag, and `c:name` gives the short form `-c`.
// tests/convert/curl_options_table_test.ts checks every listed option's
// arity against the machine's real `curl --help all`.

const TABLE = `
abstract-unix-socket= alt-svc= anyauth a:append aws-sigv4= basic cacert=
capath= E:cert= cert-status cert-type= ciphers= compressed compressed-ssh
K:config= connect-timeout= connect-to= C:continue-at= b:cookie= c:cookie-jar=
create-dirs create-file-mode= crlf crlfile= curves= d:data= data-ascii=
data-binary= data-raw= data-urlencode= delegation= digest q:disable
disable-eprt disable-epsv disallow-username-in-url dns-interface=
dns-ipv4-addr= dns-ipv6-addr= dns-servers= doh-cert-status doh-insecure
doh-url= D:dump-header= egd-file= engine= etag-compare= etag-save=
expect100-timeout= f:fail fail-early fail-with-body false-start F:form=
form-escape form-string= ftp-account= ftp-alternative-to-user=
ftp-create-dirs ftp-method= ftp-pasv P:ftp-port= ftp-pret ftp-skip-pasv-ip
ftp-ssl-ccc ftp-ssl-ccc-mode= ftp-ssl-control G:get g:globoff
happy-eyeballs-timeout-ms= haproxy-protocol I:head H:header= h:help=
hostpubmd5= hostpubsha256= hsts= http0.9 0:http1.0 http1.1 http2
http2-prior-knowledge http3 http3-only ignore-content-length i:include
k:insecure interface= 4:ipv4 6:ipv6 json= j:junk-session-cookies
keepalive-time= key= key-type= krb= krb4= libcurl= limit-rate= l:list-only
local-port= L:location location-trusted login-options= mail-auth=
mail-from= mail-rcpt= mail-rcpt-allowfails M:manual max-filesize=
max-redirs= m:max-time= metalink negotiate n:netrc netrc-file=
netrc-optional ::next no-alpn N:no-buffer no-clobber no-keepalive no-npn
no-progress-meter no-sessionid noproxy= ntlm ntlm-wb oauth2-bearer= o:output= output-dir=
Z:parallel parallel-immediate parallel-max= pass= path-as-is pinnedpubkey=
post301 post302 post303 preproxy= #:progress-bar proto= proto-default=
proto-redir= x:proxy= proxy-anyauth proxy-basic proxy-cacert= proxy-capath=
proxy-cert= proxy-cert-type= proxy-ciphers= proxy-crlfile= proxy-digest
proxy-header= proxy-insecure proxy-key= proxy-key-type= proxy-negotiate
proxy-ntlm proxy-pass= proxy-pinnedpubkey= proxy-service-name=
proxy-ssl-allow-beast proxy-ssl-auto-client-cert proxy-tls13-ciphers=
proxy-tlsauthtype= proxy-tlspassword= proxy-tlsuser= proxy-tlsv1
U:proxy-user= proxy1.0= p:proxytunnel pubkey= Q:quote= random-file= r:range=
rate= raw e:referer= J:remote-header-name O:remote-name remote-name-all
R:remote-time remove-on-error X:request= request-target= resolve= retry=
retry-all-errors retry-connrefused retry-delay= retry-max-time=
sasl-authzid= sasl-ir service-name= S:show-error s:silent socks4= socks4a=
socks5= socks5-basic socks5-gssapi socks5-gssapi-nec socks5-gssapi-service=
socks5-hostname= Y:speed-limit= y:speed-time= ssl ssl-allow-beast
ssl-auto-client-cert ssl-no-revoke ssl-reqd ssl-revoke-best-effort 2:sslv2
3:sslv3 stderr= styled-output suppress-connect-headers tcp-fastopen
tcp-nodelay t:telnet-option= tftp-blksize= tftp-no-options z:time-cond=
tls-max= tls13-ciphers= tlsauthtype= tlspassword= tlsuser= 1:tlsv1 tlsv1.0
tlsv1.1 tlsv1.2 tlsv1.3 tr-encoding trace= trace-ascii= trace-time
unix-socket= T:upload-file= url= url-query= B:use-ascii u:user=
A:user-agent= v:verbose V:version w:write-out= xattr
ca-native proxy-ca-native proxy-http2 ech= ip-tos= vlan-priority= mptcp
trace-config= variable= haproxy-clientip= skip-existing dump-ca-embed
keepalive-cnt= ssl-sessions= tls-earlydata sigalgs= upload-flags= out-null
follow show-headers ipfs-gateway= knownhosts= parallel-max-host= etag
alpn buffer clobber epsv eprt ftp-ssl ftp-ssl-reqd keepalive npn
progress-meter sessionid trace-ids test-duphandle test-event wdebug
`;

/** What the parser knows about one curl option. */
export interface CurlOption {
  /** The long name without dashes, e.g. `data-raw`. */
  readonly name: string;
  /** True when the option consumes a value. */
  readonly takesValue: boolean;
}

/** Long name → option. */
export const LONG_OPTIONS: ReadonlyMap<string, CurlOption> = new Map();
/** Short letter → option. */
export const SHORT_OPTIONS: ReadonlyMap<string, CurlOption> = new Map();

for (const token of TABLE.split(/\s+/)) {
  if (token === "") continue;
  // The short letter may itself be ":" (`-:` is --next), so split at index 1.
  const short = token.length > 2 && token[1] === ":" ? token[0] : undefined;
  const rest = short === undefined ? token : token.slice(2);
  const takesValue = rest.endsWith("=");
  const name = takesValue ? rest.slice(0, -1) : rest;
  const option: CurlOption = { name, takesValue };
  (LONG_OPTIONS as Map<string, CurlOption>).set(name, option);
  if (short !== undefined) {
    (SHORT_OPTIONS as Map<string, CurlOption>).set(short, option);
  }
}

/**
 * The option a long name (without the leading `--`) means: an exact name, a
 * `no-` negated boolean, or — as curl allows — an unambiguous prefix.
 * Returns the option and whether it was negated, or undefined when unknown.
 */
export function lookupLong(
  name: string,
): { option: CurlOption; negated: boolean } | undefined {
  const exact = LONG_OPTIONS.get(name);
  if (exact !== undefined) return { option: exact, negated: false };
  if (name.startsWith("no-")) {
    const positive = LONG_OPTIONS.get(name.slice(3));
    if (positive !== undefined && !positive.takesValue) {
      return { option: positive, negated: true };
    }
  }
  const prefixed = uniquePrefix(name);
  return prefixed === undefined
    ? undefined
    : { option: prefixed, negated: false };
}

function uniquePrefix(prefix: string): CurlOption | undefined {
  // curl 7.88 takes one letter too (`--q QUIT` is --quote QUIT); only an
  // empty name (after `--expand-`) would match every option.
  if (prefix === "") return undefined;
  let found: CurlOption | undefined;
  for (const [name, option] of LONG_OPTIONS) {
    if (!name.startsWith(prefix)) continue;
    if (found !== undefined) return undefined;
    found = option;
  }
  return found;
}

/**
 * Whether curl takes the text after a `-H` header's colon as no content:
 * nothing but what C's isspace skips (space, tab, LF, VT, FF, CR). curl then
 * removes the header instead of sending it (checked with curl 7.88.1).
 */
export function isBlankHeaderValue(text: string): boolean {
  return /^[ \t\n\v\f\r]*$/.test(text);
}
