// What every endpoint handler reads: the router, the keys and limits, the
// metrics, the settings and the logger, built once by createGateway. The
// one piece of state that changes across requests, the open-stream count,
// changes through its methods only.
import type { Router as ModelRouter } from "../models/mod.ts";
import type { RequestLogEntry } from "./gateway_types.ts";
import type { KeyRing } from "./keys.ts";
import type { Metrics } from "./metrics.ts";
import type { RateLimiter } from "./rate_limit.ts";
import type { CacheSettings } from "./cache/_settings.ts";
import type { BudgetLimiter } from "./budgets.ts";
import type { ModelPrice } from "../models/adapters/_prices.ts";

/** Streamed answers open at once, from routing to their end. */
export class OpenStreams {
  readonly max: number;
  #open = 0;

  constructor(max: number) {
    this.max = max;
  }

  /** Whether one more would pass the bound. */
  get full(): boolean {
    return this.#open >= this.max;
  }

  opened(): void {
    this.#open++;
  }

  closed(): void {
    this.#open--;
  }
}

/** The gateway's parts, as every handler sees them. */
export interface GatewayContext {
  readonly router: ModelRouter;
  readonly keyRing: KeyRing;
  readonly limiter: RateLimiter;
  /** Key budgets (spend per period). */
  readonly budgets: BudgetLimiter;
  /** Whether answers are priced (`cost`, default true). */
  readonly costing: boolean;
  /** The config's prices, over the built-in table. */
  readonly prices: Readonly<Record<string, ModelPrice>> | undefined;
  readonly metrics: Metrics;
  readonly streams: OpenStreams;
  readonly maxBodyBytes: number;
  readonly now: () => number;
  readonly aliases: Readonly<Record<string, string>>;
  readonly timeoutMs: number | undefined;
  /** Relay OpenAI-wire answers byte for byte (`passthrough`). */
  readonly passthrough: boolean;
  /** Read every relayed stream's tokens (`passthroughTokens: "all"`). */
  readonly tapAllStreams: boolean;
  /** Unix seconds the gateway started (the model list's `created`). */
  readonly startedAt: number;
  /** Whether a backend of that name is registered. */
  registered(name: string): boolean;
  /** Writes one log line; a failing logger fails no request. */
  log(entry: RequestLogEntry): void;
  /** Whether a logger is configured (a log line is built only then). */
  readonly logging: boolean;
  /** The response cache, when configured. */
  readonly cache?: CacheSettings;
}
