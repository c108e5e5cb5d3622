// How a server's delivery promise (`completed`) tells a body that failed
// from a client that left: a relayed stream cut by its upstream is the
// backend's failure, a client gone is the client's.

/**
 * The reason `completed` rejects with when the answer's own body failed
 * mid-way (its `cause`: the body's error), not the client's connection.
 */
export class BodyFailed extends Error {
  /** @param cause The error the body's read rejected with. */
  constructor(cause: unknown) {
    super("the response body failed before its end", { cause });
    this.name = "BodyFailed";
  }
}
