// The two calls the runtime-key tests make of a gateway: a chat completion
// sent with a key, to see whether the key is accepted, and a request to the
// admin API sent with the admin key; and a record space in memory that two
// stores share, as two processes share one Redis.
import type { Gateway } from "../../src/gateway/mod.ts";
import type { RecordSpace, RecordWrite } from "../../src/models/mod.ts";

/** The status of a chat completion for `echo` sent with `secret` (its body is discarded). */
export async function chatStatus(
  gateway: Gateway,
  secret: string,
): Promise<number> {
  const response = await gateway(
    new Request("http://localhost/v1/chat/completions", {
      method: "POST",
      headers: { authorization: `Bearer ${secret}` },
      body: JSON.stringify({
        model: "echo",
        messages: [{ role: "user", content: "hi" }],
      }),
    }),
  );
  await response.body?.cancel();
  return response.status;
}

/** A request to the admin API at `path`, sent with the admin key `adminKey`. */
export function adminRequest(
  adminKey: string,
  method: string,
  path: string,
  body?: unknown,
): Request {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { authorization: `Bearer ${adminKey}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/**
 * One record space two stores share, as two processes share one Redis: the
 * store's three record methods, the space names they were asked for, and
 * how many times the version and the whole space were read.
 */
export function sharedRecords() {
  const records = new Map<string, string>();
  const spaces = new Set<string>();
  const reads = { version: 0, space: 0 };
  let version = 0;
  return {
    spaces,
    reads,
    readRecords: (space: string): RecordSpace => {
      spaces.add(space);
      reads.space++;
      return { version, records: Object.fromEntries(records) };
    },
    recordsVersion: (space: string): number => {
      spaces.add(space);
      reads.version++;
      return version;
    },
    writeRecord: (
      space: string,
      id: string,
      mode: "create" | "replace" | "delete",
      value = "",
    ): RecordWrite => {
      spaces.add(space);
      if ((mode === "create") === records.has(id)) {
        return { ok: false, version };
      }
      if (mode === "delete") records.delete(id);
      else records.set(id, value);
      return { ok: true, version: ++version };
    },
  };
}
