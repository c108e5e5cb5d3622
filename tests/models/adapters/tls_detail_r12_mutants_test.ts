// The detail of a TLS failure as Node's fetch reports it: undici's
// `fetch failed` whose cause is an OpenSSL error, written as a source
// location (`…:error:0A00010B:SSL routines:…:wrong version number:…/ssl3_record.c:354:`)
// with an `ERR_SSL_…` code. The message says what OpenSSL's code says, in
// words, and none of the location; an `ERR_SSL_` error whose message is
// already words keeps them. A coverage run of the area's tests while a
// mutation draw ran found this branch never taken (Deno's own TLS errors
// are words). Portable: the harness only.
import { describe, it } from "../../_harness.ts";
import assert from "node:assert/strict";
import { failingWith } from "./_fetch_failure.ts";

describe("a TLS failure's detail on Node", () => {
  it("an OpenSSL source-location message is told by its code, in words", async () => {
    const error = await failingWith(Object.assign(
      new Error(
        "C0D2A8E4F87F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:354:\n",
      ),
      { code: "ERR_SSL_WRONG_VERSION_NUMBER", library: "SSL routines" },
    ));
    assert.equal(error.code, "NETWORK_ERROR");
    assert.equal(error.details?.cause, "tls");
    assert.equal(
      error.message,
      "openai: TLS failed (api.example.com:443): wrong version number",
    );
  });

  it("an ERR_SSL_ error whose message is already words keeps them", async () => {
    const error = await failingWith(Object.assign(
      new Error("bad record mac in record 12 from the peer"),
      { code: "ERR_SSL_DECRYPTION_FAILED_OR_BAD_RECORD_MAC" },
    ));
    assert.equal(error.details?.cause, "tls");
    assert.equal(
      error.message,
      "openai: TLS failed (api.example.com:443): bad record mac in record 12 from the peer",
    );
  });
});
