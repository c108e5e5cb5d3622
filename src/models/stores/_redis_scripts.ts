// The Lua scripts of the Redis store. Each state change is one script, so it
// is atomic across every router of the fleet: Redis runs scripts one at a
// time. A breaker is a hash {s, f, u, e, p, a}: state (0 closed, 1 open,
// 2 half-open), consecutive failures, open until (-1: until closed), epoch,
// probe handed out (0/1) and when (a). Times are the Router's `now`
// readings passed as arguments, like the memory store's. Every breaker
// script takes ARGV ttl, now, lease first: every write renews the key's
// expiry (ttl, ms), and every script reads the breaker through load(), so
// an elapsed opening and a probe past its lease (its router died or lost
// Redis mid-call) read alike everywhere — what CircuitBreaker.state() does.

/** Shared Lua helpers, prepended to every breaker script. */
const BREAKER_LIB = `
local function load(k, now, lease)
  local h = redis.call('HMGET', k, 's', 'f', 'u', 'e', 'p', 'a')
  local b = { s = tonumber(h[1]) or 0, f = tonumber(h[2]) or 0,
    u = tonumber(h[3]) or -1, e = tonumber(h[4]) or 0,
    p = tonumber(h[5]) or 0, a = tonumber(h[6]) or 0, dirty = false }
  if b.s == 1 and b.u >= 0 and now >= b.u then
    b.s = 2; b.p = 0; b.e = b.e + 1; b.dirty = true
  elseif b.s == 2 and b.p == 1 and lease >= 0 and now - b.a >= lease then
    b.p = 0; b.e = b.e + 1; b.dirty = true
  end
  return b
end
local function save(k, b, ttl)
  redis.call('HSET', k, 's', b.s, 'f', b.f, 'u', string.format('%.17g', b.u),
    'e', b.e, 'p', b.p, 'a', string.format('%.17g', b.a))
  redis.call('PEXPIRE', k, ttl)
end
local function open(b, now, ms)
  b.s = 1; b.p = 0; b.e = b.e + 1
  if ms < 0 then b.u = -1 else b.u = now + ms end
end
local function close(b)
  b.s = 0; b.u = -1; b.p = 0; b.f = 0; b.e = b.e + 1
end
local function reply(b)
  return { b.s, b.f, string.format('%.17g', b.u), b.e, b.p,
    string.format('%.17g', b.a) }
end
local now = tonumber(ARGV[2])
local lease = tonumber(ARGV[3])
`;

/** KEYS: breakers; ARGV: ttl, now, lease. Persists the moves load() makes. */
export const READ = BREAKER_LIB + `
local out = {}
for i, k in ipairs(KEYS) do
  local b = load(k, now, lease)
  if b.dirty then save(k, b, ARGV[1]) end
  out[i] = reply(b)
end
return out
`;

/**
 * KEYS: breaker; ARGV: ttl, now, lease, ticket, enabled, threshold,
 * timeout, count.
 */
export const FAILURE = BREAKER_LIB + `
local ticket = tonumber(ARGV[4])
local n = tonumber(ARGV[8])
local b = load(KEYS[1], now, lease)
if b.s == 2 then
  if ticket == b.e then b.f = b.f + n; open(b, now, tonumber(ARGV[7])) end
else
  b.f = b.f + n
  if b.s == 0 and ARGV[5] == '1' and b.f >= tonumber(ARGV[6]) then
    open(b, now, tonumber(ARGV[7]))
  end
end
save(KEYS[1], b, ARGV[1])
return reply(b)
`;

/** KEYS: breaker; ARGV: ttl, now, lease, ticket. */
export const SUCCESS = BREAKER_LIB + `
local b = load(KEYS[1], now, lease)
if b.s == 2 then
  if tonumber(ARGV[4]) == b.e then close(b) end
else
  b.f = 0
end
save(KEYS[1], b, ARGV[1])
return reply(b)
`;

/**
 * KEYS: breaker; ARGV: ttl, now, lease. The probe goes to one caller; once
 * its lease has passed, load() has freed it for the next.
 */
export const CLAIM = BREAKER_LIB + `
local b = load(KEYS[1], now, lease)
if b.s ~= 2 or b.p == 1 then
  if b.dirty then save(KEYS[1], b, ARGV[1]) end
  return -1
end
b.p = 1; b.a = now
save(KEYS[1], b, ARGV[1])
return b.e
`;

/** KEYS: breaker; ARGV: ttl, now, lease, ticket. */
export const RELEASE = BREAKER_LIB + `
local b = load(KEYS[1], now, lease)
if b.s == 2 and b.p == 1 and tonumber(ARGV[4]) == b.e then
  b.p = 0
  b.dirty = true
end
if b.dirty then save(KEYS[1], b, ARGV[1]) end
return 0
`;

/** KEYS: breaker; ARGV: ttl, now, lease, ms (-1: until closed), extendOnly. */
export const OPEN = BREAKER_LIB + `
local ms = tonumber(ARGV[4])
local b = load(KEYS[1], now, lease)
if ARGV[5] == '1' and b.s == 1 and (b.u < 0 or (ms >= 0 and b.u >= now + ms)) then
  return reply(b)
end
open(b, now, ms)
save(KEYS[1], b, ARGV[1])
return reply(b)
`;

/** KEYS: breaker; ARGV: ttl, now, lease. */
export const CLOSE = BREAKER_LIB + `
local b = load(KEYS[1], now, lease)
close(b)
save(KEYS[1], b, ARGV[1])
return 0
`;

/** KEYS: health; ARGV: ttl, healthy (0/1), at. */
export const SET_HEALTH = `
redis.call('HSET', KEYS[1], 'h', ARGV[2], 'at', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 0
`;

/** KEYS: health. */
export const READ_HEALTH = `
return redis.call('HMGET', KEYS[1], 'h', 'at')
`;

/** KEYS: counters; ARGV: ttl, name1, delta1, name2, delta2 … */
export const ADD_COUNTERS = `
for i = 2, #ARGV, 2 do
  redis.call('HINCRBYFLOAT', KEYS[1], ARGV[i], ARGV[i + 1])
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 0
`;

/** KEYS: counters. */
export const READ_COUNTERS = `
return redis.call('HGETALL', KEYS[1])
`;

/**
 * KEYS: bucket; ARGV: cost, capacity, refillPerSecond, now. A new bucket
 * is full; it expires once it would be full again.
 */
export const TAKE = `
local cost = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local rate = tonumber(ARGV[3])
local now = tonumber(ARGV[4])
local h = redis.call('HMGET', KEYS[1], 't', 'a')
local tokens = tonumber(h[1]) or capacity
local at = tonumber(h[2]) or now
if now > at then
  tokens = math.min(capacity, tokens + (now - at) * rate / 1000)
  at = now
end
local allowed = 0
if tokens >= cost then tokens = tokens - cost; allowed = 1 end
redis.call('HSET', KEYS[1], 't', string.format('%.17g', tokens), 'a', string.format('%.17g', at))
local ttl = 60000
if rate > 0 then ttl = math.ceil((capacity - tokens) * 1000 / rate) + 1000 end
redis.call('PEXPIRE', KEYS[1], ttl)
local wait = 0
if allowed == 0 then
  if rate > 0 then wait = math.ceil((cost - tokens) * 1000 / rate) else wait = -1 end
end
return { allowed, string.format('%.17g', tokens), wait }
`;

/**
 * KEYS: records hash, version; ARGV: id, mode (create | replace | delete),
 * value. One script, so the check, the write and the version bump are one
 * step for the whole fleet. Records never expire.
 */
export const WRITE_RECORD = `
local exists = redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1
local mode = ARGV[2]
if (mode == 'create' and exists) or (mode ~= 'create' and not exists) then
  return { 0, tonumber(redis.call('GET', KEYS[2]) or '0') }
end
if mode == 'delete' then
  redis.call('HDEL', KEYS[1], ARGV[1])
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
end
return { 1, redis.call('INCR', KEYS[2]) }
`;

/** KEYS: records hash, version. Returns the version and the flat hash. */
export const READ_RECORDS = `
return { tonumber(redis.call('GET', KEYS[2]) or '0'), redis.call('HGETALL', KEYS[1]) }
`;

/** KEYS: version. */
export const RECORDS_VERSION = `
return tonumber(redis.call('GET', KEYS[1]) or '0')
`;

/**
 * KEYS: running totals; ARGV: amount, then one ttl per key (0: no expiry).
 * Answers the new totals as strings (a Lua number would lose its fraction).
 */
export const ADD_TOTALS = `
local out = {}
for i = 1, #KEYS do
  local total = redis.call('INCRBYFLOAT', KEYS[i], ARGV[1])
  local ttl = tonumber(ARGV[i + 1])
  if ttl > 0 then redis.call('PEXPIRE', KEYS[i], ttl) else redis.call('PERSIST', KEYS[i]) end
  out[i] = total
end
return out
`;

/**
 * ADD_TOTALS made at most once per writer and sequence number. KEYS:
 * running totals, then the writer's ledger (a sorted set of the sequence
 * numbers it applied, and the member `floor`: every lower number is
 * settled). ARGV: amount, one ttl per total, seq, floor, the ledger's ttl.
 * A repeat, or a number under the floor, reads the totals instead.
 */
export const ADD_TOTALS_ONCE = `
local n = #KEYS - 1
local ledger = KEYS[#KEYS]
local seq = tonumber(ARGV[n + 2])
local floor = tonumber(redis.call('ZSCORE', ledger, 'floor') or '0')
local given = tonumber(ARGV[n + 3])
if given > floor then
  floor = given
  redis.call('ZADD', ledger, floor, 'floor')
  redis.call('ZREMRANGEBYSCORE', ledger, '-inf', '(' .. floor)
end
local fresh = seq >= floor and redis.call('ZADD', ledger, 'NX', seq, tostring(seq)) == 1
redis.call('PEXPIRE', ledger, ARGV[n + 4])
local out = {}
for i = 1, n do
  if fresh then
    out[i] = redis.call('INCRBYFLOAT', KEYS[i], ARGV[1])
    local ttl = tonumber(ARGV[i + 1])
    if ttl > 0 then redis.call('PEXPIRE', KEYS[i], ttl) else redis.call('PERSIST', KEYS[i]) end
  else
    out[i] = redis.call('GET', KEYS[i]) or '0'
  end
end
return out
`;
