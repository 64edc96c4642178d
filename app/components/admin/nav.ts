// Every area of the back office (back-office.md 1), grouped as the left navigation shows them.

export interface AdminArea {
  slug: string;
  title: string;
  /** What the module manages, shown on its page. */
  hint: string;
  /** No page yet: the navigation shows it as 筹备中 and the dashboard offers no tile for it. */
  pending?: true;
}
export interface AdminNavGroup {
  title: string;
  items: AdminArea[];
}

export const ADMIN_NAV: AdminNavGroup[] = [
  {
    title: "运营内容",
    items: [
      { slug: "banners", title: "轮播图", hint: "首页轮播图的新增、编辑、排序与删除" },
      { slug: "notices", title: "公告", hint: "站点公告的发布、编辑、排序与删除" },
      { slug: "recommends", title: "推荐位", hint: "首页推荐位及其数据项的配置与排序" },
      { slug: "search-bar", title: "搜索栏", hint: "搜索栏推荐词的维护与排序" },
      { slug: "marketing", title: "营销位", hint: "营销位与首页弹窗广告的配置" },
      { slug: "categories", title: "分类", hint: "运营分类的新增、编辑、移动与删除" },
      { slug: "page-layout", title: "页面布局", hint: "页头、搜索框、消息通知与页脚等全站布局开关" },
      { slug: "newcomer", title: "新人礼包", hint: "新人礼包课程、礼包弹窗的推荐内容与领取情况" },
    ],
  },
  {
    title: "用户与组织",
    items: [
      { slug: "users", title: "用户", hint: "用户的查询、启用、禁用与解锁" },
      { slug: "groups", title: "组织", hint: "组织树的新增、编辑、移动与初始化" },
      { slug: "roles", title: "角色", hint: "角色树的维护与用户角色分配" },
      { slug: "tags", title: "标签", hint: "用户标签的维护，用于课程与考试的开放范围" },
      { slug: "organizations", title: "机构", hint: "机构的新增、编辑、删除与所属行政区划" },
      { slug: "whitelists", title: "白名单", hint: "按业务类型维护白名单用户" },
      { slug: "real-name", title: "实名认证配置", hint: "哪些课程、直播需要学员先完成实名认证" },
    ],
  },
  {
    title: "内容",
    items: [
      { slug: "courses", title: "课程", hint: "课程的创建、发布、移动、复制与删除" },
      { slug: "lives", title: "直播", hint: "直播间的创建、编辑、停播，直播商品与抽奖" },
      { slug: "live-series", title: "直播系列", hint: "直播系列的维护与上下线" },
      { slug: "learning-paths", title: "学习地图", hint: "学习地图及其节点的编排与上下线" },
      { slug: "tasks", title: "任务", hint: "学习任务的节点、学员、截止时间与积分" },
      { slug: "certs", title: "证书", hint: "证书的启用、停用、移动、复制与发放记录" },
    ],
  },
  {
    title: "考试",
    items: [
      { slug: "exams", title: "考试", hint: "考试的创建、启停、移动、复制与成绩查询" },
      { slug: "exam-series", title: "考试系列", hint: "考试系列的维护与上下线" },
      { slug: "papers", title: "试卷", hint: "试卷的组卷与维护" },
      { slug: "practices", title: "练习", hint: "练习的配置与启用、停用" },
      { slug: "questions", title: "题库", hint: "题目的录入、分类与难度管理" },
      { slug: "fraud-checks", title: "防作弊", hint: "考试作弊行为的核查与备注" },
      { slug: "events", title: "培训活动", hint: "外部培训活动的课程与考试绑定、通过通知与第三方任务" },
    ],
  },
  {
    title: "素材库",
    items: [
      { slug: "folders", title: "文件夹", hint: "素材库文件夹的层级管理" },
      { slug: "courseware", title: "课件资料", hint: "课件与资料的上传与维护" },
      { slug: "media", title: "图片视频", hint: "图片与视频素材的上传与维护" },
    ],
  },
  {
    title: "互动",
    items: [
      { slug: "comments", title: "评论", hint: "评论的审核、置顶、回复、删除与禁言" },
      { slug: "questionnaires", title: "问卷", hint: "问卷的维护与批量启用、停用" },
      { slug: "messages", title: "站内信", hint: "站内信的编辑、发送与状态管理" },
      { slug: "message-tasks", title: "消息任务", hint: "消息推送任务的配置与状态管理" },
      { slug: "help", title: "帮助文档", hint: "学员帮助中心文章的编辑、分类、排序与发布" },
      { slug: "feedback", title: "意见反馈", hint: "学员反馈的处理队列：查看截图、回复与关闭" },
    ],
  },
  {
    title: "交易",
    items: [
      { slug: "orders", title: "订单", hint: "订单的查询与处理" },
      { slug: "redemption-codes", title: "兑换码", hint: "兑换码批次的生成、作废与使用记录" },
      { slug: "group-buys", title: "拼团", hint: "拼团活动的配置与作废" },
      { slug: "revenue", title: "收益配置", hint: "课程与直播收益分成的配置" },
    ],
  },
  {
    title: "站点",
    items: [
      { slug: "sites", title: "站点", hint: "站点的基础、页面与扩展配置，发布与取消发布" },
      { slug: "channels", title: "渠道", hint: "推广渠道与跳转链接的维护" },
      { slug: "platforms", title: "授权平台", hint: "学员登录可选的授权平台（登录方式3）的配置、排序与启停" },
    ],
  },
  {
    title: "工具",
    items: [
      { slug: "audit", title: "操作日志", hint: "管理后台每次写操作与登录等安全事件的记录，按人、类型与时间筛选并导出" },
      { slug: "tools", title: "诊断工具", hint: "缓存、索引、直播与学习记录的诊断与修复" },
    ],
  },
];

/** "课程管理", but "诊断工具" and "收益配置" already read as a page name. */
export const areaHeading = (area: AdminArea) => (/(工具|配置)$/.test(area.title) ? area.title : `${area.title}管理`);

export const adminPath = (slug: string) => `/admin/${slug}`;

export function findArea(slug: string): { group: AdminNavGroup; area: AdminArea } | undefined {
  for (const group of ADMIN_NAV) {
    const area = group.items.find((a) => a.slug === slug);
    if (area) return { group, area };
  }
  return undefined;
}
