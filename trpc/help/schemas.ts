import { z } from "zod";
import { flag, idOf, intIn, opt, optionalId, optText, paging, requiredText } from "@base/legacy-input";
import { storageKeyOf } from "../upload/file-ref";

export const FEEDBACK_IMAGES_MAX = 6;

/** Screenshots: references to files on this site's storage, at most six (ownership is checked by the service). */
const images = opt(
  z
    .array(z.string({ error: "截图格式不正确" }).trim().refine((v) => storageKeyOf(v) !== null, "截图须为本站上传的图片"), { error: "截图格式不正确" })
    .max(FEEDBACK_IMAGES_MAX, `截图最多${FEEDBACK_IMAGES_MAX}张`),
);

export const articleListInput = z.object({ keyword: optText("关键词", 50), category: optText("分类", 30) });
export const articleIdInput = z.object({ id: idOf("文章ID") });

/** The learner's message to the platform (sendUserMessage): a new feedback, or a follow-up when feedbackId is given. */
export const sendInput = z.object({
  content: requiredText("反馈内容", 1000),
  images,
  feedbackId: optionalId("反馈ID"),
});
export const feedbackIdInput = z.object({ feedbackId: idOf("反馈ID") });
export const myFeedbackInput = z.object({ ...paging });

export const articleSaveInput = z.object({
  id: optionalId("文章ID"),
  title: requiredText("标题", 100),
  category: requiredText("分类", 30),
  content: z.string({ error: "请输入正文" }).max(50_000, "正文过长"),
  sort: opt(intIn("排序", 0, 9999)),
  published: opt(flag("是否发布")),
});
export const adminFeedbackPageInput = z.object({ ...paging, status: opt(intIn("状态", 0, 2)), keyword: optText("关键词", 50) });
export const adminReplyInput = z.object({ feedbackId: idOf("反馈ID"), content: requiredText("回复内容", 1000) });
