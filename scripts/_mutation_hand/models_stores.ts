// The hand list of the models-stores area (scripts/_mutation_areas.ts),
// in its own file so that work on different areas never edits one list.

import type { HandMutant } from "./hand_mutant.ts";

const CORE10_STORE_EDGES_TESTS = [
  "tests/models/stores/store_edges_r11_test.ts",
];

const STK12_FLEET_TESTS = ["tests/models/stores/fleet_r12_mutants_test.ts"];
const STK12_EXPIRY_TESTS = ["tests/models/stores/redis_expiry_r12_test.ts"];
const STK13_BATCH_TESTS = ["tests/models/stores/fleet_r13_mutants_test.ts"];
const STOR16_SCRIPTS_TESTS = ["tests/models/stores/redis_scripts_r16_test.ts"];

/** The known bugs planted in the models-stores area. */
export const MODELS_STORES: HandMutant[] = [
  {
    id: "fleet-one-warning",
    bug: "fleet store: store-unavailable warned at every refused call",
    file: "src/models/_fleet.ts",
    find: `if (!this.#up) return;`,
    replace: `;`,
    tests: ["tests/models/stores/fleet_mutants_test.ts"],
  },
  {
    id: "fleet-idle-writes",
    bug: "fleet store: an idle Router sends an empty counter write per backend",
    file: "src/models/_fleet.ts",
    find: `  #dirty = false;`,
    replace: `  #dirty = true;`,
    tests: ["tests/models/stores/fleet_mutants_test.ts"],
  },
  {
    id: "fleet-sync-refused-read",
    bug: "fleet store: a read refused synchronously stops every later read",
    file: "src/models/_fleet.ts",
    find: `if (!this.#up) this.#reading = false;`,
    replace: `if (!this.#up) this.#reading = true;`,
    tests: ["tests/models/stores/fleet_mutants_test.ts"],
  },
  {
    id: "fleet-late-refusal-repaid",
    bug:
      "fleet store: a probe's report refused after the store came back is never resent",
    file: "src/models/_fleet.ts",
    find: `if (fleet.up) this.repay();`,
    replace: `if (!fleet.up) this.repay();`,
    tests: ["tests/models/stores/fleet_mutants_test.ts"],
  },
  {
    id: "fleet-claim-ticket-zero",
    bug: "fleet store: a probe claim of ticket 0 taken as refused",
    file: "src/models/_fleet.ts",
    find: `if (ticket < 0) return;`,
    replace: `if (ticket <= 0) return;`,
    tests: ["tests/models/stores/fleet_ticket_zero_test.ts"],
  },
  {
    id: "fleet-owed-at-dispose",
    bug: "fleet store: a refused probe report is lost at dispose()",
    file: "src/models/_fleet.ts",
    find:
      `if (owed !== undefined) fleet.last(() => owed.op(fleet.settings.now()));`,
    replace: `if (owed !== undefined) void owed;`,
    tests: ["tests/models/stores/fleet_mutants_test.ts"],
  },
  {
    id: "fleet-unlink",
    bug:
      "fleet store: an unregistered backend is still read every syncInterval",
    file: "src/models/_fleet.ts",
    find: `if (this.#links.get(key) === link) this.#links.delete(key);`,
    replace: `if (this.#links.get(key) === link) void link;`,
    tests: ["tests/models/stores/fleet_mutants_test.ts"],
  },
  {
    id: "redis-unknown-state",
    bug: "Redis store: a breaker state code it does not know read as undefined",
    file: "src/models/stores/redis.ts",
    find: `state: STATES[num(s)] ?? "closed",`,
    replace: `state: STATES[num(s)],`,
    tests: ["tests/models/stores/redis_replies_test.ts"],
  },
  {
    id: "tidy2-fleet-refusal-loop",
    bug:
      "fleet store: a probe's report refused while the store is out is sent again at once, without end (a loop in microtasks that fills the memory)",
    file: "src/models/_fleet.ts",
    find: `        if (fleet.up) this.repay();`,
    replace: `        this.repay();`,
    tests: ["tests/models/stores/fleet_mutants_test.ts"],
  },
  {
    id: "models-stores-idle-no-reads",
    bug:
      "fleet store: a Router with no backend reads an empty list of breakers every syncInterval",
    file: "src/models/_fleet.ts",
    find: `if (this.#links.size > 0) {`,
    replace: `if (this.#links.size >= 0) {`,
    tests: ["tests/models/stores/fleet_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-one-read-in-flight",
    bug:
      "fleet store: a slow store gets a new background read every syncInterval while one is in flight",
    file: "src/models/_fleet.ts",
    find: `if (!this.#up) this.#reading = false;`,
    replace: `if (this.#up) this.#reading = false;`,
    tests: ["tests/models/stores/fleet_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-memory-delta-finite",
    bug:
      "memory store: a NaN counters delta is added, and the counter stays NaN",
    file: "src/models/stores/memory.ts",
    find: `    checkDelta(delta);\n    let counters`,
    replace: `    ;\n    let counters`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-redis-delta-finite",
    bug:
      "redis store: a NaN counters delta is sent for Redis to refuse untyped",
    file: "src/models/stores/redis.ts",
    find: `    checkDelta(delta);\n    const args`,
    replace: `    ;\n    const args`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-memory-amount-finite",
    bug:
      "memory store: a NaN running-total amount is added, and the budget's total stays NaN",
    file: "src/models/stores/memory.ts",
    find: `    checkAmount(amount);\n    return keys.map`,
    replace: `    ;\n    return keys.map`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-redis-amount-finite",
    bug:
      "redis store: a NaN running-total amount is sent for Redis to refuse untyped",
    file: "src/models/stores/redis.ts",
    find: `    checkAmount(amount);\n    if (keys.length`,
    replace: `    ;\n    if (keys.length`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-memory-lease-fraction",
    bug: "memory store: a probe lease of 1 ms or less is refused",
    file: "src/models/stores/memory.ts",
    find: `!(lease > 0)`,
    replace: `!(lease > 1)`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-redis-take-allowed-wait",
    bug: "redis store: an admitted take names an infinite wait",
    file: "src/models/stores/redis.ts",
    find: `retryAfterMs: retry < 0 ? Infinity : retry,`,
    replace: `retryAfterMs: retry < 1 ? Infinity : retry,`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-memory-retry-ceil",
    bug:
      "memory store: a refused take's wait is rounded down, so the retry is refused again",
    file: "src/models/stores/memory.ts",
    find: `? Math.ceil((cost - tokens) * 1000 / refillPerSecond)`,
    replace: `? Math.floor((cost - tokens) * 1000 / refillPerSecond)`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-dispose-in-warning",
    bug:
      "fleet store: a Router disposed by its warning handler during a background read schedules the next read anyway",
    file: "src/models/_fleet.ts",
    find: `      if (!this.#disposed) this.#schedule();`,
    replace: `      this.#schedule();`,
    tests: ["tests/models/stores/fleet_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-refused-claim-silent",
    bug:
      "fleet store: a probe claim the store refused (-1) is handed back with a releaseProbe call",
    file: "src/models/_fleet.ts",
    find: `          if (ticket < 0) return;`,
    replace: `          if (ticket < 0) ;`,
    tests: ["tests/models/stores/fleet_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-poll-every-interval",
    bug:
      "fleet store: the background read wakes every millisecond instead of every syncInterval",
    file: "src/models/_fleet.ts",
    find: `}, Math.max(1, syncInterval));`,
    replace: `}, Math.min(1, syncInterval));`,
    tests: ["tests/models/stores/fleet_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-records-writable",
    bug:
      "redis store: a records answer's values are read-only, so a caller editing its copy throws",
    file: "src/models/stores/redis.ts",
    find: `        writable: true,`,
    replace: `        writable: false,`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-sync-answer-adopted",
    bug:
      "fleet store: a store that answers synchronously is never followed (its records are not adopted)",
    file: "src/models/_fleet.ts",
    find: `      this.#upAgain();\n      then(answer);\n      settled?.();`,
    replace: `      this.#upAgain();\n      ;\n      settled?.();`,
    tests: ["tests/models/stores/fleet_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-sync-answer-recovers",
    bug:
      "fleet store: a store that answers synchronously never brings the Router back from local state after an outage",
    file: "src/models/_fleet.ts",
    find: `    if (!(answer instanceof Promise)) {\n      this.#upAgain();`,
    replace: `    if (!(answer instanceof Promise)) {\n      ;`,
    tests: ["tests/models/stores/fleet_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-refusal-after-dispose",
    bug:
      "fleet store: a store call refused after dispose() warns store-unavailable from a disposed Router",
    file: "src/models/_fleet.ts",
    find:
      `        pending.delete(timer);\n        if (this.#disposed) return;\n        this.#down(error);`,
    replace:
      `        pending.delete(timer);\n        if (this.#disposed) ;\n        this.#down(error);`,
    tests: ["tests/models/stores/fleet_fresh_mutants_test.ts"],
  },
  {
    id: "models-stores-redis-empty-delta",
    bug:
      "redis store: an empty counters delta still sends a script (a round trip that renews the counters' expiry)",
    file: "src/models/stores/redis.ts",
    find: `    if (args.length === 1) return;`,
    replace: `    if (args.length === 1) ;`,
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "cli9-fleet-extra-records",
    bug:
      "fleet link: a store answering more records than asked makes the Router adopt one into a link that does not exist (TypeError)",
    file: "src/models/_fleet.ts",
    find: `      for (let i = 0; i < links.length; i++) {`,
    replace: `      for (let i = 0; i <= links.length; i++) {`,
    tests: ["tests/models/stores/fleet_r11_mutants_test.ts"],
  },
  {
    id: "cli9-fleet-failure-queued-and-sent",
    bug:
      "fleet link: a failure during an in-flight report is sent at once and queued too, so the store counts it twice",
    file: "src/models/_fleet.ts",
    find: `      this.#queued = { count: 1, now, ticket, rules, probe };
      return;`,
    replace: `      this.#queued = { count: 1, now, ticket, rules, probe };`,
    tests: ["tests/models/stores/fleet_r11_mutants_test.ts"],
  },
  {
    id: "cli9-fleet-repaid-report-dropped",
    bug:
      "fleet link: a repaid probe report the store refuses again is dropped, leaving the fleet's record holding the probe claim",
    file: "src/models/_fleet.ts",
    find: "this.#report(true, this.#fleet.settings.now(), owed);",
    replace: "this.#report(false, this.#fleet.settings.now(), owed);",
    tests: ["tests/models/stores/fleet_r11_mutants_test.ts"],
  },
  {
    id: "core10-memory-health-live",
    bug:
      "the memory store's readHealth answers its stored record: a caller changing the answer changes the store",
    file: "src/models/stores/memory.ts",
    find: "return health === undefined ? undefined : { ...health };",
    replace: "return health;",
    tests: CORE10_STORE_EDGES_TESTS,
  },
  {
    id: "core10-memory-counters-live",
    bug:
      "the memory store's readCounters answers its stored counters: a caller changing the answer changes the store",
    file: "src/models/stores/memory.ts",
    find: "return { ...this.#counters.get(key) };",
    replace: "return this.#counters.get(key) ?? {};",
    tests: CORE10_STORE_EDGES_TESTS,
  },
  {
    id: "core10-memory-bucket-drained-backwards",
    bug:
      "a token bucket read with an earlier now (a sibling's clock behind) drains tokens for the negative interval",
    file: "src/models/stores/memory.ts",
    find: "const elapsed = Math.max(0, now - bucket.at);",
    replace: "const elapsed = now - bucket.at;",
    tests: CORE10_STORE_EDGES_TESTS,
  },
  {
    id: "core10-memory-bucket-refilled-twice",
    bug:
      "a token bucket read with an earlier now moves its time back, so the same interval refills again",
    file: "src/models/stores/memory.ts",
    find:
      "this.#buckets.set(key, { tokens: left, at: Math.max(now, bucket.at) });",
    replace: "this.#buckets.set(key, { tokens: left, at: now });",
    tests: CORE10_STORE_EDGES_TESTS,
  },
  {
    id: "stk12-fleet-batch-first-time",
    bug:
      "failures gathered behind an in-flight failure script are counted at the first one's time: the fleet's breaker reopens early",
    file: "src/models/_fleet.ts",
    find: "queued.now = now;",
    replace: ";",
    tests: STK12_FLEET_TESTS,
  },
  {
    id: "stk12-fleet-no-resync-on-recovery",
    bug:
      "a Router whose store came back routes on its own state until syncInterval has passed since its refused read",
    file: "src/models/_fleet.ts",
    find: "this.#lastRead = -Infinity; // resynchronise",
    replace: "; // resynchronise",
    tests: STK12_FLEET_TESTS,
  },
  {
    id: "stk12-fleet-flush-resends-counts",
    bug:
      "each counters flush sends every count since the Router started: the fleet's counters grow faster than the requests",
    file: "src/models/_fleet.ts",
    find: "this.#delta = {};",
    replace: ";",
    tests: STK12_FLEET_TESTS,
  },
  {
    id: "stk12-redis-breaker-no-expiry",
    bug:
      "the Redis store's breaker keys never expire: a backend gone from every router keeps its key for ever",
    file: "src/models/stores/_redis_scripts.ts",
    find: "  redis.call('PEXPIRE', k, ttl)\nend",
    replace: "end",
    tests: STK12_EXPIRY_TESTS,
  },
  {
    id: "stk12-redis-health-no-expiry",
    bug: "the Redis store's health keys never expire",
    file: "src/models/stores/_redis_scripts.ts",
    find: "'at', ARGV[3])\nredis.call('PEXPIRE', KEYS[1], ARGV[1])",
    replace: "'at', ARGV[3])",
    tests: STK12_EXPIRY_TESTS,
  },
  {
    id: "stk12-redis-counters-no-expiry",
    bug: "the Redis store's counters keys never expire",
    file: "src/models/stores/_redis_scripts.ts",
    find: "end\nredis.call('PEXPIRE', KEYS[1], ARGV[1])\nreturn 0",
    replace: "end\nreturn 0",
    tests: STK12_EXPIRY_TESTS,
  },
  {
    id: "stk12-redis-bucket-no-expiry",
    bug: "the Redis store's token buckets never expire, full again or not",
    file: "src/models/stores/_redis_scripts.ts",
    find: "redis.call('PEXPIRE', KEYS[1], ttl)\nlocal wait",
    replace: "local wait",
    tests: STK12_EXPIRY_TESTS,
  },
  {
    id: "stk12-redis-default-ttl",
    bug: "the Redis store's default expiry is ten days, not the documented one",
    file: "src/models/stores/redis.ts",
    find: '"ttl", 86_400_000',
    replace: '"ttl", 864_000_000',
    tests: STK12_EXPIRY_TESTS,
  },
  {
    id: "stk13-fleet-batch-last-ticket",
    bug:
      "a batch of failures takes the ticket of the last failure gathered: an old call's failure after the probe's sends the old epoch, and the fleet's breaker stays half-open with its probe claimed",
    file: "src/models/_fleet.ts",
    find: "queued.ticket = Math.max(queued.ticket, ticket);",
    replace: "queued.ticket = ticket;",
    tests: STK13_BATCH_TESTS,
  },
  {
    id: "stk13-fleet-batch-probe-mark-lost",
    bug:
      "an old call's failure gathered after the probe's takes the probe's mark off the batch: refused, it is not sent again, and the fleet keeps the probe's claim",
    file: "src/models/_fleet.ts",
    find: "queued.probe ||= probe;",
    replace: "queued.probe = probe;",
    tests: STK13_BATCH_TESTS,
  },
  // Fifteenth round (core15-): a claim answered after unregister().
  {
    id: "core15-fleet-late-claim-after-unregister",
    bug:
      "a probe claim answered after its backend was unregistered is taken by the detached link and never handed back: siblings refuse the backend until probeLease",
    file: "src/models/_fleet.ts",
    find: "!this.#gone && this.#breaker.takeProbe",
    replace: "this.#breaker.takeProbe",
    tests: ["tests/models/unregister_fleet_r15_mutants_test.ts"],
  },
  // Sixteenth round (stor16-): a negative running total's amount.
  {
    id: "stor16-totals-negative-added",
    bug:
      "the router stores add a negative running total's amount: spent budget handed back to every gateway on the store, silently",
    file: "src/models/stores/_delta.ts",
    find: " || amount < 0) {",
    replace: ") {",
    tests: ["tests/models/stores/stores_fresh_mutants_test.ts"],
  },
  {
    id: "stor16-budget-store-negative-sent",
    bug:
      "a budget store takes a negative amount: the memory store hands spent budget back, and the shared store sends it, is refused, and is taken for down",
    file: "src/gateway/budget_store.ts",
    find: " || usd < 0) {",
    replace: ") {",
    tests: ["tests/gateway/budget_amount_r15_test.ts"],
  },
  // Sixteenth round (stor16-): the Redis scripts' own state, planted by
  // hand beside the draw of seed 20261175.
  {
    id: "stor16-redis-open-until-rounded",
    bug:
      "the Redis store saves a breaker's open-until time with 12 digits: a Date.now() opening ends up to 5 ms early or late on other routers",
    file: "src/models/stores/_redis_scripts.ts",
    find: "'u', string.format('%.17g', b.u)",
    replace: "'u', string.format('%.12g', b.u)",
    tests: STOR16_SCRIPTS_TESTS,
  },
  {
    id: "stor16-redis-probe-at-rounded",
    bug:
      "the Redis store saves a probe's claim time with 12 digits: the probe lease lapses up to 5 ms early or late",
    file: "src/models/stores/_redis_scripts.ts",
    find: "'a', string.format('%.17g', b.a))\n  redis.call('PEXPIRE', k, ttl)",
    replace:
      "'a', string.format('%.12g', b.a))\n  redis.call('PEXPIRE', k, ttl)",
    tests: STOR16_SCRIPTS_TESTS,
  },
  {
    id: "stor16-redis-read-writes",
    bug:
      "a Redis breaker read saves every breaker it reads: a key for every backend that never failed, and reads keep keys from expiring",
    file: "src/models/stores/_redis_scripts.ts",
    find: "  if b.dirty then save(k, b, ARGV[1]) end\n  out[i] = reply(b)",
    replace: "  save(k, b, ARGV[1])\n  out[i] = reply(b)",
    tests: STOR16_SCRIPTS_TESTS,
  },
  {
    id: "stor16-redis-ledger-unpruned",
    bug:
      "a writer's ledger of running-total charges keeps every sequence number under its floor: it grows with every charge for as long as the instance runs",
    file: "src/models/stores/_redis_scripts.ts",
    find: "  redis.call('ZREMRANGEBYSCORE', ledger, '-inf', '(' .. floor)\n",
    replace: "",
    tests: STOR16_SCRIPTS_TESTS,
  },
  {
    id: "stor16-redis-ledger-no-expiry",
    bug:
      "a writer's ledger of running-total charges never expires: every gateway instance ever run keeps one in Redis",
    file: "src/models/stores/_redis_scripts.ts",
    find: "redis.call('PEXPIRE', ledger, ARGV[n + 4])\n",
    replace: "",
    tests: STOR16_SCRIPTS_TESTS,
  },
  {
    id: "stor16-redis-replace-absent-record",
    bug:
      "a Redis record replaced after another instance deleted it is written again: a key revoked on one gateway is brought back by a rotation racing the revocation",
    file: "src/models/stores/_redis_scripts.ts",
    find: "(mode ~= 'create' and not exists)",
    replace: "(mode == 'delete' and not exists)",
    tests: STOR16_SCRIPTS_TESTS,
  },
  // Sixteenth round (stor16-): prices given in code, which a budget
  // charged nothing for when NaN or negative.
  {
    id: "stor16-gateway-prices-unchecked",
    bug:
      "createGateway takes a NaN or negative price given in code: its answers cost NaN or less than 0, which no budget charges, so a key's budget never runs out",
    file: "src/gateway/gateway.ts",
    find: "  if (wrongPrice !== undefined) {",
    replace: "  if (wrongPrice === null) {",
    tests: ["tests/gateway/prices_option_r16_test.ts"],
  },
  {
    id: "stor16-gateway-price-infinite",
    bug:
      "createGateway takes an infinite price given in code: every answer of the model costs Infinity, which the budget store refuses, so no charge lands",
    file: "src/models/adapters/_prices.ts",
    find:
      '        typeof value !== "number" || !(Number.isFinite(value) && value >= 0)',
    replace: '        typeof value !== "number" || !(value >= 0)',
    tests: [
      "tests/gateway/prices_option_r16_test.ts",
      "tests/models/adapters/prices_config_test.ts",
    ],
  },
  {
    id: "stor23-ioredis-args-before-keys",
    bug:
      "fromIoRedis hands ioredis the script's arguments before its keys, so every key is read from ARGV",
    file: "src/models/stores/redis.ts",
    find: "      client.eval(script, keys.length, ...keys, ...args),\n",
    replace: "      client.eval(script, keys.length, ...args, ...keys),\n",
    tests: ["tests/models/stores/redis_test.ts"],
  },
  {
    id: "stor23-records-version-other-key",
    bug:
      "recordsVersion reads the records' version under another key than writeRecord bumps, so a gateway never sees another instance's write",
    file: "src/models/stores/redis.ts",
    find: '        lua.RECORDS_VERSION,\n        [this.#key("v", space)],\n',
    replace: '        lua.RECORDS_VERSION,\n        [this.#key("r", space)],\n',
    tests: ["tests/models/stores/redis_scripts_r16_test.ts"],
  },
];
