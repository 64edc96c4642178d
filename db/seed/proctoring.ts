import type { Db } from "@db/client";
import { createExam, createFixedPaper, createQuestion } from "../../tests/factories/exam";
import { createIdentity } from "../../tests/factories/identity";
import { storeRegisteredPhoto } from "../../tests/factories/proctoring";
import { createUser } from "../../tests/factories/user";

export const PROCTOR_ACCOUNTS = {
  /** Completed identity with a registered face photo. */
  face: { account: "proctor_face", password: "Proctor@2026face", nick: "周监考" },
  /** Completed identity, used for the invigilation helper exam. */
  helper: { account: "proctor_helper", password: "Proctor@2026help", nick: "吴助手" },
  /** No identity yet: the face-verified exam asks for real name first. */
  unverified: { account: "proctor_noname", password: "Proctor@2026none", nick: "郑未认证" },
};

export const HELPER_DOWNLOADS = {
  winDownloadUrl: "https://download.caiyun.example.cn/monitor/caiyun-monitor-win.exe",
  macInterDownloadUrl: "https://download.caiyun.example.cn/monitor/caiyun-monitor-mac-intel.dmg",
  macM1DownloadUrl: "https://download.caiyun.example.cn/monitor/caiyun-monitor-mac-arm.dmg",
};

/** Demo exams with proctoring on: face verify with snapshots and recording, and one with the invigilation helper. */
export async function seedProctoring(db: Db) {
  const questions = [
    await createQuestion(db, { questionType: 3, content: "采购人可以将应当以公开招标方式采购的货物化整为零规避公开招标。", answer: ["错误"] }),
    await createQuestion(db, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] }),
  ];
  const paper = await createFixedPaper(db, "监考演示卷", questions.map((q) => ({ questionId: q.id, score: 50 })));
  const now = Date.now();
  const common = { paperId: paper.id, startTime: new Date(now - 3600_000), endTime: new Date(now + 60 * 24 * 3600_000), limitTime: 60, maxScore: 100, makeupCount: 5 };
  const face = await createExam(db, {
    ...common,
    name: "政府采购评审专家考核（人脸核验监考）",
    isFaceVerify: 1,
    instructions: "本考试开启人脸核验、考中抓拍与全程录像，请在光线充足处独立作答。",
    proctoring: { faceVerifyCount: 5, isSnapVerify: 1, isEnableVideoRecording: 1 },
  });
  const helper = await createExam(db, {
    ...common,
    name: "政府采购从业资格考试（监考助手）",
    instructions: "本考试需全程开启监考助手，关闭其他应用并只使用一个显示器。",
    proctoring: { isOpenSoftMonitor: 1, ...HELPER_DOWNLOADS },
  });
  for (const key of ["face", "helper"] as const) {
    const a = PROCTOR_ACCOUNTS[key];
    const u = await createUser(db, { loginName: a.account, password: a.password, nick: a.nick });
    await createIdentity(db, u.id, { realName: a.nick, passportPhotoUrl: await storeRegisteredPhoto(db, u.id) });
  }
  const n = PROCTOR_ACCOUNTS.unverified;
  await createUser(db, { loginName: n.account, password: n.password, nick: n.nick });
  return { faceExamId: face.id, helperExamId: helper.id };
}
