// The application's in-process caches, as the diagnostic tools see them (docs/decisions/036-diagnostic-tools.md).
// Each cache registers itself beside its own Map, so the tool never reaches into a module's internals.

export interface CacheEntryView {
  key: string;
  /** What an admin may read of the entry: never a secret, a large value cut short. */
  value: unknown;
}

export interface RegisteredCache {
  /** A short name, used as the cache's key in the tools ("site-paths"). */
  name: string;
  title: string;
  /** What the cache holds, how long and what forgetting an entry does. */
  description: string;
  keys(): string[];
  get(key: string): CacheEntryView | null;
  /** Forgets one entry ("*" forgets all); answers how many were forgotten. */
  delete(key: string): number;
}

const registry = new Map<string, RegisteredCache>();

/** Registers a cache once per process (a module loaded twice in development keeps the newest). */
export function registerCache(cache: RegisteredCache): void {
  registry.set(cache.name, cache);
}

/** Takes a cache off the list (a test's probe; a module that drops its cache). */
export function unregisterCache(name: string): void {
  registry.delete(name);
}

export function registeredCaches(): RegisteredCache[] {
  return [...registry.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export function findCache(name: string): RegisteredCache | undefined {
  return registry.get(name);
}

/** A value cut to a readable size (data URLs, long texts). */
export function shortValue(value: unknown, max = 200): unknown {
  if (typeof value === "string" && value.length > max) return `${value.slice(0, max)}…（共${value.length}个字符）`;
  return value;
}
