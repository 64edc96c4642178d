import { z } from "zod";
import { idOf, ids, intIn, opt, paging, withPaging } from "@base/legacy-input";

export const COMMENT_MAX = 500;


/** Plain text, trimmed; empty and over-long content are refused with the reason. */
export const contentField = (label: string) =>
  z
    .string({ error: `请输入${label}内容` })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, `请输入${label}内容`).max(COMMENT_MAX, `${label}内容不能超过${COMMENT_MAX}字`));


export const listInput = z.object({ courseId: idOf("课程ID"), ...paging }).transform((v) => withPaging(v));
export const addInput = z.object({ courseId: idOf("课程ID"), content: contentField("评论") });
/** status 1 likes, 0 takes the like back; absent toggles. */
export const praiseInput = z
  .object({ commentId: opt(idOf("评论ID")), id: opt(idOf("评论ID")), status: opt(intIn("点赞状态", 0, 1)) })
  .transform((v, ctx) => {
    const commentId = v.commentId ?? v.id;
    if (!commentId) {
      ctx.addIssue({ code: "custom", message: "请选择要点赞的评论", path: ["commentId"] });
      return z.NEVER;
    }
    return { commentId, status: v.status as 0 | 1 | undefined };
  });
export const pageInput = z.object(paging).transform((v) => withPaging(v));
/** One reply, or every reply to the user when no id is given. */
export const readReplyInput = z
  .object({ id: opt(idOf("回复ID")), replyId: opt(idOf("回复ID")) })
  .optional()
  .transform((v) => ({ id: v?.id ?? v?.replyId ?? null }));

export const adminPageInput = z
  .object({
    courseId: opt(idOf("课程ID")),
    keyword: opt(z.string().trim().max(50, "关键词不能超过50字")),
    status: opt(intIn("评论状态", 0, 1)),
    ...paging,
  })
  .transform((v) => withPaging(v));
export const idsInput = z.object({ ids: ids("评论ID", "请选择评论") });
export const statusBatchInput = z.object({ ids: ids("评论ID", "请选择评论"), status: intIn("评论状态", 0, 1) });
export const replyInput = z.object({ commentId: idOf("评论ID"), content: contentField("回复") });
export const commentIdInput = z.object({ commentId: idOf("评论ID") });
export const replyIdInput = z.object({ id: idOf("回复ID") });
export const topInput = z.object({ id: idOf("评论ID"), top: intIn("置顶", 0, 1) });
const remark = z.string({ error: "备注格式不正确" }).trim().max(200, "备注不能超过200字");
export const banInput = z.object({ userId: idOf("用户ID"), remark: remark.optional() });
export const unbanInput = z.object({ userId: idOf("用户ID") });
export const banRemarkInput = z.object({ userId: idOf("用户ID"), remark });
export const banPageInput = z.object({ keyword: opt(z.string().trim().max(50, "关键词不能超过50字")), ...paging }).transform((v) => withPaging(v));
