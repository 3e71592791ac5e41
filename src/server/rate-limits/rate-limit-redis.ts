/**
 * The rate-limit store in Redis, used when REDIS_URL is set. A counter is one key under
 * `openpress:rl:` that expires with its window, so nothing needs pruning. A hit is one Lua script
 * (INCR, and the window's expiry when the key has none): atomic on the server, and needing nothing
 * newer than the Redis 6 the client itself asks for (Valkey too).
 *
 * When Redis cannot be reached, a command waits at most `commandTimeoutMs` (a short reconnect is
 * absorbed by the client's queue) and then fails with RateLimitsUnavailableError, which the app
 * answers with 503; until the client has reconnected, later commands fail at once. The client keeps
 * reconnecting in the background; each outage is logged once, and its end.
 */
import { createClient, defineScript, type CommandParser } from '@redis/client';
import { RateLimitsUnavailableError, type RateLimitStore } from './rate-limit';

export const REDIS_KEY_PREFIX = 'openpress:rl:';

/** Answers `{hits, milliseconds left in the window}`; the first hit of a window sets its expiry. */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {hits, left}`;

/** Takes back one hit while the window lasts; never below zero, never creates the key. */
const FORGIVE_SCRIPT = `
local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
if hits > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

const forgiveScript = defineScript({
  SCRIPT: FORGIVE_SCRIPT,
  NUMBER_OF_KEYS: 1,
  parseCommand(parser: CommandParser, key: string) {
    parser.pushKey(key);
  },
  transformReply: (reply: number) => reply,
});

const hitScript = defineScript({
  SCRIPT: HIT_SCRIPT,
  NUMBER_OF_KEYS: 1,
  parseCommand(parser: CommandParser, key: string, windowMs: number) {
    parser.pushKey(key);
    parser.push(String(Math.max(1, Math.ceil(windowMs))));
  },
  transformReply: ([hits, left]: [number, number]) => ({ hits, left }),
});

export type RedisRateLimitOptions = {
  /** How long a command may wait for Redis before the call is refused. */
  commandTimeoutMs?: number;
  log?: (line: string) => void;
};

/**
 * Connects (one attempt: a wrong or unreachable REDIS_URL stops the start with its reason) and
 * answers the store. After the first connection the client reconnects for as long as it runs.
 */
export async function connectRedisRateLimits(url: string, opts: RedisRateLimitOptions = {}): Promise<RateLimitStore> {
  const log = opts.log ?? ((line: string) => console.warn(line));
  let connected = false;
  const client = createClient({
    url,
    scripts: { rateLimitHit: hitScript, rateLimitForgive: forgiveScript },
    commandOptions: { timeout: opts.commandTimeoutMs ?? 2000 },
    socket: {
      connectTimeout: 5000,
      reconnectStrategy: (retries, cause) => (connected ? Math.min(100 * 2 ** retries, 3000) : cause),
    },
  });
  // Connection errors are reported by the commands that meet them (below); without a listener they would end the process.
  client.on('error', () => {});
  try {
    await client.connect();
    connected = true;
  } catch (err) {
    // The strategy gives up with the connection's own error, so its message says what went wrong.
    throw new Error(`Cannot reach Redis at REDIS_URL (${redisAddress(url)}): ${(err as Error).message}`, { cause: err });
  }

  const key = (name: string) => `${REDIS_KEY_PREFIX}${name}`;
  // One line when Redis stops answering (down, or too slow) and one when it answers again.
  let failing = false;
  const unavailable = async <T>(command: () => Promise<T>): Promise<T> => {
    // While a known outage lasts, fail at once instead of waiting out the timeout on every call.
    if (failing && !client.isReady) throw new RateLimitsUnavailableError(new Error('not connected'));
    try {
      const result = await command();
      if (failing) log('Redis answers again; rate limits count as before.');
      failing = false;
      return result;
    } catch (err) {
      const failure = new RateLimitsUnavailableError(err);
      if (!failing) log(`Redis did not answer (${failure.reason}); calls that count attempts answer 503 until it does.`);
      failing = true;
      throw failure;
    }
  };

  return {
    async hit(limit) {
      const { hits, left } = await unavailable(() => client.rateLimitHit(key(limit.key), limit.windowMs));
      return { allowed: hits <= limit.max, retryAfterMs: Math.max(0, left) };
    },
    async forgive(limit) {
      await unavailable(() => client.rateLimitForgive(key(limit.key)));
    },
    async reset(name) {
      await unavailable(() => client.del(key(name)));
    },
    // Keys expire with their window.
    async prune() {},
    async close() {
      if (client.isOpen) await client.close();
    },
  };
}

/** The URL without its password, for messages. */
function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.username = '';
    return parsed.toString();
  } catch {
    return 'an invalid URL';
  }
}
