/**
 * Sends on a page's socket only while it is open. A heartbeat timer can fire after the server began
 * closing the socket (a logout ends the session) and before the page hears of it: sending then only makes
 * the browser log "WebSocket is already in CLOSING or CLOSED state".
 */
/** WebSocket.OPEN (the constant is not a global everywhere this module is loaded). */
const OPEN = 1;

export function sendWhenOpen(socket: Pick<WebSocket, "readyState" | "send"> | undefined | null, text: string): boolean {
  if (!socket || socket.readyState !== OPEN) return false;
  socket.send(text);
  return true;
}
