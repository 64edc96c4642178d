import { z } from "zod";
import { findCache, registeredCaches, shortValue } from "@base/cache-registry";
import { fail } from "@base/errors";
import { redisDel, redisGet, redisHDel, redisHGet, redisStatus } from "../redis";
import { defineTool } from "../tool";

// Caches: the application's in-process caches (base/cache-registry.ts) and Redis when REDIS_URL is set.
// A key "<cache>:<entry>" or a cache name names an in-process cache; anything else is a Redis key.
// In the hash calls (getCacheH, delCacheH) the key names the cache and the field its entry.

const KEYS_SHOWN = 200;
const key = z.string({ error: "请输入缓存键" }).trim().max(500, "缓存键不能超过500字");
const requiredKey = key.min(1, "请输入缓存键");
const field = z.string({ error: "请输入字段名" }).trim().min(1, "请输入字段名").max(500, "字段名不能超过500字");

/** The in-process cache a key names, and the entry within it ("" for the whole cache). */
function inProcess(k: string): { name: string; entry: string } | null {
  if (findCache(k)) return { name: k, entry: "" };
  const at = k.indexOf(":");
  if (at > 0 && findCache(k.slice(0, at))) return { name: k.slice(0, at), entry: k.slice(at + 1) };
  return null;
}

function readEntry(name: string, entry: string) {
  const cache = findCache(name)!;
  if (!entry) {
    const keys = cache.keys();
    return { source: "memory", cache: name, title: cache.title, description: cache.description, size: keys.length, keys: keys.slice(0, KEYS_SHOWN) };
  }
  const hit = cache.get(entry);
  return { source: "memory", cache: name, key: entry, exists: !!hit, value: hit ? shortValue(hit.value) : null };
}

function forget(name: string, entry: string) {
  const n = findCache(name)!.delete(entry || "*");
  return { source: "memory", cache: name, key: entry || "*", deleted: n };
}

export const getCacheTool = defineTool({
  code: "getCache",
  group: "cache",
  title: "查看缓存",
  description: "不填键：列出本进程的内存缓存与 Redis 状态。填缓存名或“缓存名:键”：查看内存缓存；其余按 Redis 键读取（可用 * 通配列出，最多200个）。",
  readOnly: true,
  input: z.object({ key: key.optional() }),
  fields: [{ name: "key", label: "缓存键", kind: "text", placeholder: "如 medal-qr 或 cy:*" }],
  run: async (_ctx, i) => {
    const k = i.key ?? "";
    if (!k) return { caches: registeredCaches().map((c) => ({ name: c.name, title: c.title, description: c.description, size: c.keys().length })), redis: await redisStatus() };
    const local = inProcess(k);
    return local ? readEntry(local.name, local.entry) : redisGet(k);
  },
});

export const getCacheHTool = defineTool({
  code: "getCacheH",
  group: "cache",
  title: "查看缓存字段",
  description: "读取 Redis 哈希的一个字段；键为内存缓存名时，字段即该缓存中的键。",
  readOnly: true,
  input: z.object({ key: requiredKey, field }),
  fields: [
    { name: "key", label: "键", kind: "text", required: true },
    { name: "field", label: "字段", kind: "text", required: true },
  ],
  run: async (_ctx, i) => (findCache(i.key) ? readEntry(i.key, i.field) : redisHGet(i.key, i.field)),
});

export const delCacheTool = defineTool({
  code: "delCache",
  group: "cache",
  title: "删除缓存",
  description: "删除一个缓存键：内存缓存名（整个缓存）或“缓存名:键”（一项），其余按 Redis 键删除。删除后下次使用时重新读取。",
  danger: true,
  input: z.object({ key: requiredKey }),
  fields: [{ name: "key", label: "缓存键", kind: "text", required: true }],
  run: async (_ctx, i) => {
    const local = inProcess(i.key);
    return local ? forget(local.name, local.entry) : redisDel(i.key);
  },
});

export const delCacheHTool = defineTool({
  code: "delCacheH",
  group: "cache",
  title: "删除缓存字段",
  description: "删除 Redis 哈希的一个字段；键为内存缓存名时，删除该缓存中的一项。",
  danger: true,
  input: z.object({ key: requiredKey, field }),
  fields: [
    { name: "key", label: "键", kind: "text", required: true },
    { name: "field", label: "字段", kind: "text", required: true },
  ],
  run: async (_ctx, i) => {
    if (findCache(i.key)) return forget(i.key, i.field);
    if (i.field === "*") throw fail("删除缓存字段须填写完整的字段名");
    return redisHDel(i.key, i.field);
  },
});
