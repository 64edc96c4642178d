// Answers waiting to reach the server, kept in localStorage so a lost connection or a reload loses nothing.

export interface QueuedAnswer {
  questionId: number;
  answer: string[];
  seq: number;
}

const key = (paperId: number) => `cy-exam-queue-${paperId}`;
const seqKey = (paperId: number) => `cy-exam-seq-${paperId}`;

export function readQueue(paperId: number): QueuedAnswer[] {
  try {
    const raw = localStorage.getItem(key(paperId));
    const list = raw ? (JSON.parse(raw) as QueuedAnswer[]) : [];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export function writeQueue(paperId: number, list: QueuedAnswer[]) {
  try {
    if (list.length) localStorage.setItem(key(paperId), JSON.stringify(list));
    else localStorage.removeItem(key(paperId));
  } catch {
    // Storage full or blocked: the in-memory queue still retries.
  }
}

/** A strictly increasing sequence number for this paper, so the server keeps the newest answer. */
export function nextSeq(paperId: number): number {
  let last = 0;
  try {
    last = Number(localStorage.getItem(seqKey(paperId)) ?? 0) || 0;
  } catch {
    /* ignore */
  }
  const seq = Math.max(Date.now(), last + 1);
  try {
    localStorage.setItem(seqKey(paperId), String(seq));
  } catch {
    /* ignore */
  }
  return seq;
}

/** Replaces the queued entry of the same question (only the newest answer matters). */
export function enqueue(list: QueuedAnswer[], item: QueuedAnswer): QueuedAnswer[] {
  return [...list.filter((q) => q.questionId !== item.questionId), item];
}

/** Seconds left by the server's clock: deadline minus (local now + offset measured at load). */
export function remainingSeconds(deadline: number | null, offsetMs: number, now = Date.now()): number {
  if (!deadline) return 0;
  return Math.max(0, Math.ceil((deadline - (now + offsetMs)) / 1000));
}

export function formatClock(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}
