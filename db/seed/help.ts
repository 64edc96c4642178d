import { eq, inArray } from "drizzle-orm";
import type { Db } from "@db/client";
import { lives, users } from "@db/schema";
import { saveArticle } from "@trpc-app/help/article.service";
import { answerFeedback, sendUserMessage } from "@trpc-app/help/feedback.service";
import { createAwardRecord } from "../../tests/factories/live";

const ARTICLES: { title: string; category: string; content: string }[] = [
  {
    title: "如何报名考试",
    category: "考试",
    content:
      "<p>1. 登录后进入<strong>考试中心</strong>，找到需要参加的考试。</p><p>2. 点击考试卡片进入详情页，查看报名时间、考试时间和报名条件。</p><p>3. 点击<strong>立即报名</strong>；收费考试需先完成支付。</p><p>4. 报名成功后可在“个人中心-我的学习”中查看，考试开始前 30 分钟可进入候考。</p>",
  },
  {
    title: "证书如何下载",
    category: "证书",
    content: "<p>课程学完或考试通过后，证书会自动发放到“个人中心-我的证书”。</p><p>点击证书卡片可预览，点击<strong>下载</strong>可保存 PNG 或 PDF 文件；证书编号可在证书查验页面核验真伪。</p>",
  },
  {
    title: "发票申请",
    category: "订单与发票",
    content: "<p>在“个人中心-我的订单”中找到已支付的订单，点击<strong>申请发票</strong>，填写抬头与税号后提交。</p><p>电子发票一般在 3 个工作日内开具，开具后可在订单详情中下载；抬头填错可在开票前撤回重填。</p>",
  },
  {
    title: "学时如何计算",
    category: "学习",
    content: "<p>观看课程视频按实际有效播放时长计入学时，快进、倍速跳过的部分不计入；直播按在线观看时长计入。</p><p>每门课程的学时以课程详情页标注为准，完成全部章节后计满。学时统计可能有 10 分钟左右的延迟。</p>",
  },
  {
    title: "忘记密码怎么办",
    category: "账号",
    content: "<p>在登录页点击<strong>忘记密码</strong>，输入注册手机号并获取短信验证码，验证通过后即可设置新密码。</p><p>手机号已停用的，请通过下方意见反馈联系客服人工处理。</p>",
  },
  {
    title: "直播无法播放",
    category: "直播",
    content: "<p>请先检查网络，建议下载速度不低于 100KB/s；然后刷新页面或更换 Chrome、Edge 等新版浏览器。</p><p>如直播间提示“您当前网络不佳”，可切换网络后刷新。直播结束后如开放回放，可在直播详情页观看回放。</p>",
  },
];

/** Help articles, a prize the demo learner won in an ended live, and one answered feedback of theirs. */
export async function seedHelp(db: Db) {
  for (const [i, a] of ARTICLES.entries()) await saveArticle(db, { ...a, sort: i + 1, published: 1 });

  const people = await db.select({ id: users.id, loginName: users.loginName }).from(users).where(inArray(users.loginName, ["demo_learner", "demo_admin"]));
  const learner = people.find((p) => p.loginName === "demo_learner")?.id;
  const admin = people.find((p) => p.loginName === "demo_admin")?.id;
  if (!learner || !admin) return;

  const [live] = await db.select({ id: lives.id }).from(lives).where(eq(lives.name, "电子卖场采购常见问题答疑")).limit(1);
  if (live) await createAwardRecord(db, { liveId: live.id, userId: learner, name: "答疑直播幸运抽奖", awardName: "《政府采购实务手册》纸质版" });

  const asked = await sendUserMessage(db, learner, { content: "我上周完成了《政府采购法实施条例解读》，但“我的证书”里还没有看到证书，请问多久能发放？" });
  await answerFeedback(db, admin, { feedbackId: asked.feedbackId, content: "您好，证书在课程学完后自动发放，学时统计有约 10 分钟延迟。我们已核实您的学习记录并补发了证书，请刷新“我的证书”查看。" }, { pushUnread: false });
}
