import { z } from "zod";
import { idField } from "./schemas";

export const recordingInput = z.object({
  paperId: idField("试卷ID"),
  seq: z.coerce.number({ error: "录像序号不正确" }).int("录像序号不正确").min(0, "录像序号不正确").max(100_000, "录像序号不正确"),
  fileId: z.string({ error: "请上传录像文件" }).trim().min(1, "请上传录像文件").max(400, "录像文件ID过长"),
  durationMs: z.coerce.number().int().min(0).max(24 * 3600_000).optional(),
});

export const attemptRefInput = z.object({ paperId: idField("答卷ID") });
