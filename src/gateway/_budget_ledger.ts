// Spend a SharedBudgetStore owes the shared store: charges whose answer was
// lost (they may or may not have landed, so each keeps its sequence number
// and is sent again under it, never twice) and spend counted while the
// store was out (never sent, so merged per set of totals to stay small
// however long the outage lasts).

/** One charge owed to the shared store. */
export interface OwedCharge {
  keys: readonly string[];
  usd: number;
  ttls: readonly number[];
  /** Set once the charge has been sent (then it is only resent under it). */
  seq?: number;
  /** Its first call has not answered or failed yet. */
  inFlight: boolean;
}

/** What one instance owes, and the sequence numbers it gave out. */
export class BudgetLedger {
  #seq = 0;
  readonly #sent = new Map<number, OwedCharge>();
  readonly #unsent = new Map<string, OwedCharge>();

  /** A charge about to be sent while the store is up. */
  send(keys: readonly string[], usd: number, ttls: readonly number[]) {
    const charge: OwedCharge = {
      keys,
      usd,
      ttls,
      seq: ++this.#seq,
      inFlight: true,
    };
    this.#sent.set(charge.seq!, charge);
    return charge;
  }

  /** Spend counted locally while the store is out. */
  keep(keys: readonly string[], usd: number, ttls: readonly number[]): void {
    const name = keys.join("\n");
    const owed = this.#unsent.get(name);
    if (owed === undefined) {
      this.#unsent.set(name, { keys, usd, ttls, inFlight: false });
      return;
    }
    owed.usd += usd;
    // The later charge's expiries reach further into the period's end.
    owed.ttls = owed.ttls.map((ttl, i) => Math.max(ttl, ttls[i] ?? 0));
  }

  /** The store answered for this charge: it is in the shared totals. */
  settle(charge: OwedCharge): void {
    if (charge.seq !== undefined) this.#sent.delete(charge.seq);
  }

  /**
   * Every charge to send now: unsent spend gets its sequence number here,
   * so from now on it too is sent only under that number.
   */
  due(): OwedCharge[] {
    for (const owed of this.#unsent.values()) {
      owed.seq = ++this.#seq;
      this.#sent.set(owed.seq, owed);
    }
    this.#unsent.clear();
    return [...this.#sent.values()].filter((charge) => !charge.inFlight);
  }

  /** The lowest sequence number not settled: all below it are. */
  get floor(): number {
    for (const seq of this.#sent.keys()) return seq; // insertion order
    return this.#seq + 1;
  }

  /** Whether anything is owed that no call is carrying now. */
  get owing(): boolean {
    if (this.#unsent.size > 0) return true;
    for (const charge of this.#sent.values()) if (!charge.inFlight) return true;
    return false;
  }
}
