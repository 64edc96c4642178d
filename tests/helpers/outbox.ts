import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface OutboxMessage {
  mobile: string;
  code: string;
  text: string;
  at: string;
}

function outboxFile() {
  return join(process.env.DATA_DIR!, "sms-outbox.jsonl");
}

/** Every message the development SMS sender wrote for this test file, oldest first. */
export function outboxMessages(mobile?: string): OutboxMessage[] {
  const file = outboxFile();
  if (!existsSync(file)) return [];
  const all = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as OutboxMessage);
  return mobile === undefined ? all : all.filter((m) => m.mobile === mobile);
}

export function outboxCount(mobile?: string): number {
  return outboxMessages(mobile).length;
}

/** The newest code sent to a phone; fails the test when none was sent. */
export function latestCode(mobile: string): string {
  const sent = outboxMessages(mobile);
  const last = sent[sent.length - 1];
  if (!last) throw new Error(`no SMS in the outbox for ${mobile}`);
  return last.code;
}
