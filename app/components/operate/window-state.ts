/** How an item with a status and a time window reads in the back office (learners see only "展示中"). */
export function windowState(row: { status: number; startTime: number | null; endTime: number | null }, now: number) {
  if (row.status !== 1) return { label: "已停用", tone: "gray" as const };
  if (row.startTime && row.startTime > now) return { label: "未开始", tone: "orange" as const };
  if (row.endTime && row.endTime <= now) return { label: "已结束", tone: "gray" as const };
  return { label: "展示中", tone: "green" as const };
}
