import { Redis } from "ioredis";
import { env } from "@base/env.server";
import { fail } from "@base/errors";

// Redis as the cache tools see it (REDIS_URL): plain reads and deletes of one key, a bounded pattern listing.

export const NO_REDIS = "未配置 Redis（REDIS_URL）";
const REDIS_DOWN = "Redis 连接失败，请检查 REDIS_URL 与 Redis 服务";
/** Keys a pattern listing shows at most. */
export const SCAN_MAX = 200;
const TIMEOUT_MS = 2000;

let client: { url: string; redis: Redis } | undefined;

function redis(): Redis {
  const url = env().REDIS_URL;
  if (!url) throw fail(NO_REDIS);
  if (client?.url !== url) {
    client?.redis.disconnect();
    // No offline queue and one try per command: a tool answers at once when Redis is away.
    const r = new Redis(url, { lazyConnect: true, connectTimeout: TIMEOUT_MS, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    r.on("error", () => {});
    client = { url, redis: r };
  }
  return client.redis;
}

async function run<T>(work: (r: Redis) => Promise<T>): Promise<T> {
  const r = redis();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), TIMEOUT_MS)));
  try {
    if (r.status === "wait" || r.status === "end") await Promise.race([r.connect(), late]);
    return await Promise.race([work(r), late]);
  } catch (e) {
    if (e instanceof Error && /WRONGTYPE/.test(e.message)) throw fail("该键的数据类型与操作不符");
    throw fail(REDIS_DOWN);
  } finally {
    clearTimeout(timer);
  }
}

export const redisConfigured = () => !!env().REDIS_URL;

/** A key's value by its type (a string as is; a hash, list or set as its first entries); a pattern lists keys. */
export async function redisGet(key: string) {
  if (/[*?[]/.test(key)) return redisScan(key);
  return run(async (r) => {
    const type = await r.type(key);
    const ttl = await r.ttl(key);
    if (type === "none") return { source: "redis", key, exists: false };
    let value: unknown;
    if (type === "string") value = await r.get(key);
    else if (type === "hash") value = Object.fromEntries((await r.hscan(key, "0", "COUNT", SCAN_MAX))[1].reduce<[string, string][]>((acc, v, i, all) => (i % 2 ? acc : [...acc, [v, all[i + 1]!]]), []));
    else if (type === "list") value = await r.lrange(key, 0, SCAN_MAX - 1);
    else if (type === "set") value = (await r.sscan(key, "0", "COUNT", SCAN_MAX))[1];
    else value = `（${type} 类型，不在此显示）`;
    return { source: "redis", key, exists: true, type, ttl, value };
  });
}

export async function redisHGet(key: string, field: string) {
  return run(async (r) => {
    const value = await r.hget(key, field);
    return { source: "redis", key, field, exists: value !== null, value };
  });
}

export async function redisScan(pattern: string) {
  return run(async (r) => {
    const keys: string[] = [];
    let cursor = "0";
    do {
      const [next, batch] = await r.scan(cursor, "MATCH", pattern, "COUNT", 100);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== "0" && keys.length < SCAN_MAX);
    return { source: "redis", pattern, keys: keys.slice(0, SCAN_MAX), truncated: keys.length >= SCAN_MAX };
  });
}

export async function redisDel(key: string) {
  if (/[*?[]/.test(key)) throw fail("删除缓存须填写完整的键，不支持通配符");
  return run(async (r) => ({ source: "redis", key, deleted: await r.del(key) }));
}

export async function redisHDel(key: string, field: string) {
  return run(async (r) => ({ source: "redis", key, field, deleted: await r.hdel(key, field) }));
}

export async function redisStatus() {
  if (!redisConfigured()) return { configured: false, message: NO_REDIS };
  try {
    return await run(async (r) => ({ configured: true, ok: (await r.ping()) === "PONG" }));
  } catch {
    return { configured: true, ok: false, message: REDIS_DOWN };
  }
}

/** Closes the tools' Redis connection (tests, shutdown). */
export function closeToolRedis() {
  client?.redis.disconnect();
  client = undefined;
}
