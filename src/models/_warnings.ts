// The Router's one warning channel (`config.onWarning`): a listener that
// throws or rejects never breaks routing, and clone() rebuilds a registry
// without reporting it as a routing change.

import type { IRWarning } from "./types.ts";
import { ignore } from "./_util.ts";

/** Emits warnings to `onWarning`, unless muted. */
export class Warnings {
  readonly #listener: ((warning: IRWarning) => void) | undefined;
  #muted = false;

  constructor(listener: ((warning: IRWarning) => void) | undefined) {
    this.#listener = listener;
  }

  emit(code: string, message: string, details?: Record<string, unknown>): void {
    const listener = this.#listener;
    if (listener === undefined || this.#muted) return;
    try {
      const result: unknown = listener({ code, message, details });
      if (result instanceof Promise) result.catch(ignore);
    } catch {
      // A throwing listener must never break routing.
    }
  }

  /** Stops (true) or resumes (false) emitting. */
  mute(muted: boolean): void {
    this.#muted = muted;
  }
}
