import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { z } from "zod";

export const REDIS_CHANNEL = "cy:realtime";

/** What travels on the bus: a topic and the frame every subscriber of it receives. */
export const envelope = z.object({
  topic: z.string().min(1).max(200),
  message: z.looseObject({ type: z.string().min(1).max(50) }),
});
export type Envelope = z.infer<typeof envelope>;
export type BusHandler = (topic: string, message: Envelope["message"]) => void;

export interface Bus {
  publish(topic: string, message: Envelope["message"]): Promise<void>;
  /** Returns the function that removes the handler. */
  subscribe(handler: BusHandler): () => void;
  /** Resolves once messages from other processes can arrive (at most a few seconds' wait). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

function handlers() {
  const set = new Set<BusHandler>();
  return {
    add(h: BusHandler) {
      set.add(h);
      return () => void set.delete(h);
    },
    emit(topic: string, message: Envelope["message"]) {
      for (const h of set) {
        try {
          h(topic, message);
        } catch (e) {
          console.warn(`realtime bus: handler failed on ${topic}:`, e);
        }
      }
    },
    get size() {
      return set.size;
    },
  };
}

/** One app and one realtime process on a machine: the internal endpoint feeds this directly. */
export function createLocalBus(): Bus {
  const hs = handlers();
  return {
    async publish(topic, message) {
      hs.emit(topic, message);
    },
    subscribe: (h) => hs.add(h),
    async ready() {},
    async close() {},
  };
}

/**
 * Redis pub/sub on one channel, so several realtime processes serve one topic. Local handlers get
 * a message at once; the copy echoed back by Redis carries our origin and is skipped.
 */
export function createRedisBus(url: string): Bus {
  const origin = randomUUID();
  const hs = handlers();
  const opts = { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true };
  const pub = new Redis(url, opts);
  let sub: Redis | undefined;
  let subscribed: Promise<unknown> = Promise.resolve();
  // ioredis reconnects by itself; without a listener an outage would print as an unhandled error.
  pub.on("error", (e) => console.warn(`realtime bus: redis publisher: ${e.message}`));

  function listen() {
    if (sub) return;
    sub = new Redis(url, opts);
    sub.on("error", (e) => console.warn(`realtime bus: redis subscriber: ${e.message}`));
    sub.on("message", (_channel: string, raw: string) => {
      let data: unknown;
      try {
        data = JSON.parse(raw);
      } catch {
        return console.warn("realtime bus: dropped a message that is not JSON");
      }
      const parsed = envelope.extend({ origin: z.string() }).safeParse(data);
      if (!parsed.success) return console.warn("realtime bus: dropped a malformed message");
      if (parsed.data.origin !== origin) hs.emit(parsed.data.topic, parsed.data.message);
    });
    // ioredis queues the command while offline and subscribes again after every reconnect.
    subscribed = sub.subscribe(REDIS_CHANNEL).catch((e: Error) => console.warn(`realtime bus: subscribe failed: ${e.message}`));
  }

  return {
    async publish(topic, message) {
      hs.emit(topic, message);
      await pub.publish(REDIS_CHANNEL, JSON.stringify({ topic, message, origin }));
    },
    subscribe(h) {
      listen();
      return hs.add(h);
    },
    async ready() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          console.warn("realtime bus: redis not subscribed after 5 s; continuing, it will subscribe on connect");
          resolve();
        }, 5000);
      });
      await Promise.race([subscribed, late]);
      clearTimeout(timer);
    },
    async close() {
      await Promise.allSettled([pub.quit(), sub?.quit()]);
    },
  };
}

/** Redis when REDIS_URL is set, otherwise in-process. */
export function createBus(redisUrl?: string): Bus {
  return redisUrl ? createRedisBus(redisUrl) : createLocalBus();
}
