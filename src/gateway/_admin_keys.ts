// The keys an admin creates at run time: one state, held in the shared
// store's record space when the store has one (every instance of a fleet
// reads it) and in this process otherwise. Secrets never reach here: a
// record holds the key's SHA-256, its lists, limits and budget.
//
// Propagation: before a request is authenticated, the key ring asks for
// fresh keys; at most once per `syncMs` that is one read of the space's
// version (and, when it changed, of the whole space). So a key created or
// revoked on one instance is seen by every other within `syncMs` plus one
// store round trip, without a timer that could keep a process alive.
import type { RecordSpace, RecordWrite, RouterStore } from "../models/store.ts";
import type { ApiKey } from "./keys.ts";
import { timingSafeEqual } from "./keys.ts";
import { GatewayError } from "./errors.ts";

/** The record space of runtime keys inside the store. */
export const KEY_SPACE = "admin-keys";
/** Longest wait for the store when refreshing, before using what is known. */
const STORE_WAIT_MS = 1_000;
/** Longest wait for a write, before the admin gets a 503. */
const WRITE_WAIT_MS = 5_000;

/** A runtime key as stored (the digest, never the secret). */
export interface StoredKey extends ApiKey {
  /** ISO time of creation. */
  created_at: string;
  /** ISO time of the last rotation. */
  rotated_at?: string;
}

/** Where the records live: the store's record methods, or a Map. */
export interface KeyRecords {
  readRecords(space: string): Promise<RecordSpace> | RecordSpace;
  recordsVersion(space: string): Promise<number> | number;
  writeRecord(
    space: string,
    id: string,
    mode: "create" | "replace" | "delete",
    value?: string,
  ): Promise<RecordWrite> | RecordWrite;
}

/** Records in this process only. */
class LocalRecords implements KeyRecords {
  #records = new Map<string, string>();
  #version = 0;

  readRecords(): RecordSpace {
    return {
      version: this.#version,
      records: Object.fromEntries(this.#records),
    };
  }

  recordsVersion(): number {
    return this.#version;
  }

  writeRecord(
    _space: string,
    id: string,
    mode: "create" | "replace" | "delete",
    value = "",
  ): RecordWrite {
    const exists = this.#records.has(id);
    if ((mode === "create") === exists) {
      return { ok: false, version: this.#version };
    }
    if (mode === "delete") this.#records.delete(id);
    else this.#records.set(id, value);
    return { ok: true, version: ++this.#version };
  }
}

/** The store's record methods when it has all three, else local records. */
export function recordsOf(store: RouterStore | undefined): {
  records: KeyRecords;
  shared: boolean;
} {
  if (
    store?.readRecords && store.recordsVersion && store.writeRecord
  ) {
    return { records: store as KeyRecords, shared: true };
  }
  return { records: new LocalRecords(), shared: false };
}

function parse(value: string): StoredKey | undefined {
  try {
    const key = JSON.parse(value) as StoredKey;
    return typeof key?.id === "string" && typeof key.sha256 === "string"
      ? key
      : undefined;
  } catch {
    return undefined; // a record this version cannot read is no key
  }
}

/** Resolves with `promise`'s value, or undefined after `ms`. */
async function bounded<T>(
  promise: Promise<T> | T,
  ms: number,
): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      Promise.resolve(promise),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The runtime keys as this instance last read them. */
export class RuntimeKeys {
  readonly #records: KeyRecords;
  readonly #now: () => number;
  readonly #syncMs: number;
  #keys: readonly StoredKey[] = [];
  #version = -1;
  #checkedAt = -Infinity;
  #pending: Promise<void> | undefined;

  constructor(records: KeyRecords, now: () => number, syncMs: number) {
    this.#records = records;
    this.#now = now;
    this.#syncMs = syncMs;
  }

  /** Reads the store when the last read is older than `syncMs`. */
  fresh(): Promise<void> {
    if (this.#now() - this.#checkedAt < this.#syncMs) return Promise.resolve();
    // Concurrent requests share one read.
    this.#pending ??= this.#sync().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  async #sync(): Promise<void> {
    this.#checkedAt = this.#now();
    try {
      const version = await bounded(
        this.#records.recordsVersion(KEY_SPACE),
        STORE_WAIT_MS,
      );
      if (version === undefined || version === this.#version) return;
      const space = await bounded(
        this.#records.readRecords(KEY_SPACE),
        STORE_WAIT_MS,
      );
      if (space === undefined) return;
      const keys: StoredKey[] = [];
      for (const value of Object.values(space.records)) {
        const key = parse(value);
        if (key) keys.push(key);
      }
      this.#keys = keys;
      this.#version = space.version;
    } catch {
      // The store is out: keep the keys last read, and try again after
      // syncMs (documented: a revocation waits for the store).
    }
  }

  /** The key whose digest is `digest`, every digest compared. */
  find(digest: string): ApiKey | undefined {
    let found: ApiKey | undefined;
    for (const key of this.#keys) {
      if (timingSafeEqual(digest, key.sha256)) found ??= key;
    }
    return found;
  }

  /** Every runtime key, as last read. */
  list(): readonly StoredKey[] {
    return this.#keys;
  }

  /** The key named `id`, as last read. */
  get(id: string): StoredKey | undefined {
    return this.#keys.find((key) => key.id === id);
  }

  /** One atomic write, then a read, so this instance sees it at once. */
  async write(
    id: string,
    mode: "create" | "replace" | "delete",
    key?: StoredKey,
  ): Promise<boolean> {
    let result: RecordWrite | undefined;
    try {
      result = await bounded(
        this.#records.writeRecord(
          KEY_SPACE,
          id,
          mode,
          key === undefined ? "" : JSON.stringify(key),
        ),
        WRITE_WAIT_MS,
      );
    } catch {
      result = undefined;
    }
    if (result === undefined) {
      // Whether it was written is unknown: the admin may retry (a create
      // then answers 409 if the first one landed).
      throw new GatewayError({
        status: 503,
        type: "server_error",
        message: "The key store did not answer; retry shortly.",
        code: "key_store_unavailable",
        headers: { "retry-after": "1" },
      });
    }
    // A read begun before the write may not hold it: wait for it, then read.
    await this.#pending;
    this.#checkedAt = -Infinity;
    await this.fresh();
    return result.ok;
  }
}
