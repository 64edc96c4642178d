// Scenes of message tasks (back-office.md 7.7): what triggers a notice, who gets it, what the templates
// may say. Plain data and pure functions: the server checks and renders with them, the edit page previews.

export type SceneType = "EXAM_START" | "LIVE_START" | "COURSE_STUDY" | "EXAM_RESULT" | "TASK_DEADLINE";
export type SceneParamKey = "leadMinutes" | "days";

export interface SceneParam {
  key: SceneParamKey;
  name: string;
  unit: string;
  min: number;
  max: number;
  defaultValue: number;
  description: string;
}

export interface ScenePlaceholder {
  /** As written in a template: {学员姓名}. */
  key: string;
  name: string;
  description: string;
  sample: string;
}

export interface Scene {
  sceneType: SceneType;
  /** Numeric code some old clients send instead of the name. */
  code: number;
  name: string;
  description: string;
  /** Who receives it, as a phrase: 已报名该考试的学员. */
  audience: string;
  /** Where {链接} and a default link go. */
  linkName: string;
  params: SceneParam[];
  placeholders: ScenePlaceholder[];
  defaultTitle: string;
  defaultContent: string;
}

const learner: ScenePlaceholder = { key: "{学员姓名}", name: "学员姓名", description: "学员的实名，未实名认证时为昵称", sample: "张敏" };
const link = (where: string, sample: string): ScenePlaceholder => ({ key: "{链接}", name: "链接", description: `${where}的站内地址`, sample });
const leadMinutes = (defaultValue: number, what: string): SceneParam => ({
  key: "leadMinutes",
  name: "提前时间",
  unit: "分钟",
  min: 1,
  max: 10080,
  defaultValue,
  description: `${what}开始前多少分钟发送（1-10080，即最多提前7天）`,
});

export const SCENES: readonly Scene[] = [
  {
    sceneType: "EXAM_START",
    code: 1,
    name: "考试开始提醒",
    description: "考试开始前按设定的提前时间，提醒已报名该考试的学员",
    audience: "已报名该考试的学员",
    linkName: "考试详情页",
    params: [leadMinutes(30, "考试")],
    placeholders: [
      learner,
      { key: "{考试名称}", name: "考试名称", description: "考试的名称", sample: "2026年政府采购法规知识测试" },
      { key: "{开始时间}", name: "开始时间", description: "考试开始时间，如 2026-03-20 09:00", sample: "2026-03-20 09:00" },
      { key: "{结束时间}", name: "结束时间", description: "考试结束时间", sample: "2026-03-20 11:00" },
      link("考试详情页", "/exam/detail?id=1"),
    ],
    defaultTitle: "考试即将开始：{考试名称}",
    defaultContent: "{学员姓名}，您好！您报名的考试「{考试名称}」将于{开始时间}开始，请提前做好准备，准时参加。",
  },
  {
    sceneType: "LIVE_START",
    code: 2,
    name: "直播开始提醒",
    description: "直播开始前按设定的提前时间，提醒预约了该直播的学员",
    audience: "预约了该直播的学员",
    linkName: "直播间",
    params: [leadMinutes(15, "直播")],
    placeholders: [
      learner,
      { key: "{直播名称}", name: "直播名称", description: "直播的名称", sample: "政府采购法实施条例解读" },
      { key: "{主讲人}", name: "主讲人", description: "直播的主讲老师", sample: "王立新" },
      { key: "{开始时间}", name: "开始时间", description: "直播开始时间，如 2026-03-20 14:00", sample: "2026-03-20 14:00" },
      link("直播间", "/live/detail?roomId=10001"),
    ],
    defaultTitle: "直播即将开始：{直播名称}",
    defaultContent: "{学员姓名}，您好！您预约的直播「{直播名称}」（主讲：{主讲人}）将于{开始时间}开始，请准时进入直播间观看。",
  },
  {
    sceneType: "COURSE_STUDY",
    code: 3,
    name: "课程学习提醒",
    description: "学员加入课程满设定天数仍未学完时，提醒其继续学习（每门课程提醒一次）",
    audience: "加入课程后尚未学完的学员",
    linkName: "课程详情页",
    params: [{ key: "days", name: "加入后天数", unit: "天", min: 1, max: 365, defaultValue: 7, description: "学员加入课程满多少天仍未学完时发送（1-365）" }],
    placeholders: [
      learner,
      { key: "{课程名称}", name: "课程名称", description: "课程的名称", sample: "政府采购需求管理实务" },
      { key: "{加入时间}", name: "加入时间", description: "学员加入课程的日期，如 2026-03-01", sample: "2026-03-01" },
      { key: "{学习进度}", name: "学习进度", description: "学员当前的学习进度，如 35%", sample: "35%" },
      link("课程详情页", "/course/detail?id=1"),
    ],
    defaultTitle: "课程学习提醒：{课程名称}",
    defaultContent: "{学员姓名}，您好！您于{加入时间}加入的课程「{课程名称}」当前学习进度为{学习进度}，请合理安排时间，尽快完成学习。",
  },
  {
    sceneType: "EXAM_RESULT",
    code: 4,
    name: "考试结果通知",
    description: "学员交卷且成绩评定完成（含人工阅卷）后，通知其考试成绩",
    audience: "成绩已评定的考生",
    linkName: "考试结果页",
    params: [],
    placeholders: [
      learner,
      { key: "{考试名称}", name: "考试名称", description: "考试的名称", sample: "2026年政府采购法规知识测试" },
      { key: "{得分}", name: "得分", description: "本次考试得分，如 86", sample: "86" },
      { key: "{考试结果}", name: "考试结果", description: "通过 或 未通过", sample: "通过" },
      { key: "{交卷时间}", name: "交卷时间", description: "学员交卷的时间", sample: "2026-03-20 10:12" },
      link("考试结果页", "/exam/result?id=1"),
    ],
    defaultTitle: "考试成绩已公布：{考试名称}",
    defaultContent: "{学员姓名}，您好！您参加的考试「{考试名称}」成绩已评定：{得分}分，{考试结果}。",
  },
  {
    sceneType: "TASK_DEADLINE",
    code: 5,
    name: "任务截止提醒",
    description: "学习任务截止前按设定的提前天数，提醒尚未完成该任务的学员（每个任务提醒一次）",
    audience: "尚未完成该任务的学员",
    linkName: "任务详情页",
    params: [{ key: "days", name: "提前天数", unit: "天", min: 1, max: 30, defaultValue: 3, description: "任务截止前多少天发送（1-30）" }],
    placeholders: [
      learner,
      { key: "{任务名称}", name: "任务名称", description: "学习任务的名称", sample: "2026年度政府采购从业人员必修任务" },
      { key: "{截止时间}", name: "截止时间", description: "任务截止时间，如 2026-12-31 18:00", sample: "2026-12-31 18:00" },
      { key: "{完成进度}", name: "完成进度", description: "已完成的节点数，如 1/3", sample: "1/3" },
      link("任务详情页", "/task/detail?id=1"),
    ],
    defaultTitle: "任务即将截止：{任务名称}",
    defaultContent: "{学员姓名}，您好！您的学习任务「{任务名称}」将于{截止时间}截止，当前已完成{完成进度}个节点，请抓紧时间完成，截止后完成将不计积分。",
  },
];

const SCENE_LIST_TEXT = SCENES.map((s) => s.name).join("、");
export const UNKNOWN_SCENE = `触发场景不存在，可选：${SCENE_LIST_TEXT}`;

/** A scene by its name (EXAM_START, any case) or numeric code. */
export function findScene(value: unknown): Scene | undefined {
  if (typeof value === "number") return SCENES.find((s) => s.code === value);
  if (typeof value !== "string") return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return SCENES.find((s) => s.code === Number(v));
  return SCENES.find((s) => s.sceneType === v.toUpperCase());
}

export function sceneOf(sceneType: string): Scene {
  const scene = findScene(sceneType);
  if (!scene) throw new Error(`unknown message task scene ${sceneType}`);
  return scene;
}

/** Every {…} written in a template, in order, each once. */
export function placeholdersIn(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(/\{[^{}]*\}/g), (m) => m[0]))];
}

/** Why a template cannot be used in this scene (the first placeholder it does not offer), or null. */
export function templateProblem(scene: Scene, template: string, label: string): string | null {
  const offered = new Set(scene.placeholders.map((p) => p.key));
  const unknown = placeholdersIn(template).find((p) => !offered.has(p));
  if (!unknown) return null;
  return `${label}中的 ${unknown} 不是「${scene.name}」可用的占位符，可用：${scene.placeholders.map((p) => p.key).join("、")}`;
}

/** Replaces each known placeholder with its value; the check above keeps unknown ones out. */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{[^{}]*\}/g, (p) => values[p] ?? p);
}

export function sampleValues(scene: Scene): Record<string, string> {
  return Object.fromEntries(scene.placeholders.map((p) => [p.key, p.sample]));
}

/** Station message titles hold 100 characters; a long exam or course name is cut with an ellipsis. */
export function clipTitle(title: string, max = 100): string {
  const chars = Array.from(title.trim());
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max - 1).join("")}…`;
}

export type ParamValues = Partial<Record<SceneParamKey, number>>;

/**
 * The scene's settings from what was given, else what was stored (same scene), else the defaults.
 * Answers the first problem as a sentence instead when a value is out of range.
 */
export function resolveParams(scene: Scene, given: Readonly<Record<string, unknown>>, stored: ParamValues = {}): { params: ParamValues } | { error: string } {
  const params: ParamValues = {};
  for (const p of scene.params) {
    const raw = given[p.key] ?? stored[p.key] ?? p.defaultValue;
    const n = typeof raw === "string" && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : raw;
    if (typeof n !== "number" || !Number.isInteger(n) || n < p.min || n > p.max) return { error: `${p.name}须为${p.min}-${p.max}之间的整数（${p.unit}）` };
    params[p.key] = n;
  }
  return { params };
}

/** "考试开始前 30 分钟，提醒已报名该考试的学员" */
export function ruleText(scene: Scene, params: ParamValues): string {
  if (scene.sceneType === "EXAM_START") return `考试开始前 ${params.leadMinutes ?? "-"} 分钟，提醒${scene.audience}`;
  if (scene.sceneType === "LIVE_START") return `直播开始前 ${params.leadMinutes ?? "-"} 分钟，提醒${scene.audience}`;
  if (scene.sceneType === "COURSE_STUDY") return `加入课程满 ${params.days ?? "-"} 天仍未学完时，提醒该学员`;
  if (scene.sceneType === "TASK_DEADLINE") return `任务截止前 ${params.days ?? "-"} 天，提醒${scene.audience}`;
  return "成绩评定完成后，通知考生本次成绩";
}
