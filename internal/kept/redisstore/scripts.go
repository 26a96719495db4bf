package redisstore

// The scripts run on the server, each at once (no other command runs in
// between): KEYS are lru, held and bytes (see keys); the time is the
// server's.

// stampLua is the part of a script that knows the time: now, in
// microseconds, and stamp, the score of a use now in lru: now, or just
// after the last use, so that the uses keep their order within one
// microsecond too.
const stampLua = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local function stamp()
  local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
  if #last == 2 and tonumber(last[2]) >= now then return tonumber(last[2]) + 1 end
  return now
end
`

// dropLua is the part of a script that drops a copy and remembers why.
const dropLua = stampLua + `
local function drop(p, victim, why, goneFor)
  local held = tonumber(redis.call('HGET', KEYS[2], victim) or '0')
  redis.call('HDEL', KEYS[2], victim)
  redis.call('ZREM', KEYS[1], victim)
  redis.call('DECRBY', KEYS[3], held)
  redis.call('DEL', p .. 'c:' .. victim, p .. 'b:' .. victim)
  redis.call('SET', p .. 'gone:' .. victim, why, 'PX', goneFor)
end
`

// reserveScript counts a new copy of ARGV[2] bytes (id ARGV[1]) against
// the store: it drops the copies whose time (ARGV[3] ms after their last
// use) is over, then the least recently used ones until the new one fits
// ARGV[4] bytes and ARGV[5] copies. It answers 1, or 0 when it cannot fit.
// ARGV[6] is the prefix, ARGV[7] how long a reason is kept, ARGV[8] and
// ARGV[9] the reasons (expired, no room).
const reserveScript = dropLua + `
local id, n, ttl = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local maxBytes, maxCount, p, goneFor = tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6], tonumber(ARGV[7])
for _, v in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now - ttl * 1000)) do
  drop(p, v, ARGV[8], goneFor)
end
if n > maxBytes then return 0 end
while true do
  local total = tonumber(redis.call('GET', KEYS[3]) or '0')
  if total + n <= maxBytes and redis.call('ZCARD', KEYS[1]) < maxCount then break end
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0)
  if #oldest == 0 then return 0 end
  drop(p, oldest[1], ARGV[9], goneFor)
end
redis.call('ZADD', KEYS[1], stamp(), id)
redis.call('HSET', KEYS[2], id, n)
redis.call('INCRBY', KEYS[3], n)
return 1
`

// finishScript writes the record of copy ARGV[1] (sum, size, kept, meta:
// ARGV[2..5]) once its bytes are written, unless it was dropped in the
// meantime (0); both keys then live ARGV[6] ms. ARGV[7] is the prefix.
const finishScript = stampLua + `
local id, p, ttl = ARGV[1], ARGV[7], tonumber(ARGV[6])
if not redis.call('ZSCORE', KEYS[1], id) then
  redis.call('DEL', p .. 'b:' .. id)
  return 0
end
redis.call('HSET', p .. 'c:' .. id, 'sum', ARGV[2], 'size', ARGV[3], 'kept', ARGV[4], 'meta', ARGV[5])
redis.call('PEXPIRE', p .. 'c:' .. id, ttl)
redis.call('PEXPIRE', p .. 'b:' .. id, ttl)
redis.call('ZADD', KEYS[1], stamp(), id)
return 1
`

// touchScript returns {1, record} of copy ARGV[1] and starts its time
// (ARGV[2] ms) again, or {0, why} when it is not there (why is false when
// the store does not know). ARGV[3] is the prefix.
const touchScript = stampLua + `
local id, ttl, p = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local rec = redis.call('HGETALL', p .. 'c:' .. id)
if next(rec) == nil then
  return {0, redis.call('GET', p .. 'gone:' .. id)}
end
redis.call('PEXPIRE', p .. 'c:' .. id, ttl)
redis.call('PEXPIRE', p .. 'b:' .. id, ttl)
redis.call('ZADD', KEYS[1], 'XX', stamp(), id)
return {1, rec}
`
