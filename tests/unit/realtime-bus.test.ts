import { afterEach, describe, expect, it, vi } from "vitest";
import { createLocalBus } from "../../realtime/bus";

describe("in-process bus", () => {
  afterEach(() => vi.restoreAllMocks());

  it("hands every message to every handler until it unsubscribes", async () => {
    const bus = createLocalBus();
    const a: string[] = [];
    const b: string[] = [];
    const stopA = bus.subscribe((topic, message) => a.push(`${topic} ${message.type}`));
    bus.subscribe((topic) => b.push(topic));
    await bus.ready();
    await bus.publish("user/1", { type: "unread", unreadNum: 1 });
    stopA();
    await bus.publish("live/2", { type: "like" });
    expect(a).toEqual(["user/1 unread"]);
    expect(b).toEqual(["user/1", "live/2"]);
    await bus.close();
  });

  it("a failing handler does not stop the others", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const bus = createLocalBus();
    const got: string[] = [];
    bus.subscribe(() => {
      throw new Error("boom");
    });
    bus.subscribe((topic) => got.push(topic));
    await bus.publish("user/3", { type: "unread", unreadNum: 0 });
    expect(got).toEqual(["user/3"]);
    expect(warn).toHaveBeenCalledOnce();
  });
});
