import { expect, it } from "vitest";
import { sendWhenOpen } from "~/lib/socket";

// A heartbeat fired while the server closes the socket (a logout) must not reach a closing socket: the
// browser would log "WebSocket is already in CLOSING or CLOSED state" (seen in the SSO browser test).
it("sends only on an open socket", () => {
  const sent: string[] = [];
  const socket = (readyState: WebSocket["readyState"]) => ({ readyState, send: (t: string) => void sent.push(t) });
  expect(sendWhenOpen(socket(0), "connecting")).toBe(false);
  expect(sendWhenOpen(socket(1), "open")).toBe(true);
  expect(sendWhenOpen(socket(2), "closing")).toBe(false);
  expect(sendWhenOpen(socket(3), "closed")).toBe(false);
  expect(sendWhenOpen(undefined, "none")).toBe(false);
  expect(sent).toEqual(["open"]);
});
