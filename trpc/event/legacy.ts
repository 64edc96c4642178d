import { navigation, redirectTo } from "../legacy/navigation";
import { legacyRows, pass } from "../legacy/types";
import { FACE_LOGIN_FINISH_PATH } from "./face.service";

const B = "/api/elearning/back/event";
const E = "/api/event";

export const eventLegacy = legacyRows([
  // Back office (back-office.md 7.17).
  { method: "POST", path: `${B}/page`, call: pass((c) => c.event.admin.page) },
  { method: "POST", path: `${B}/eventUpdate`, call: pass((c) => c.event.admin.save) },
  { method: "POST", path: `${B}/getData`, call: pass((c) => c.event.admin.data) },
  { method: "POST", path: `${B}/findEventByAssociationId`, call: pass((c) => c.event.admin.byAssociation) },
  { method: "POST", path: `${B}/bindTrain`, call: pass((c) => c.event.admin.bindTrain) },
  { method: "POST", path: `${B}/examSuccess`, call: pass((c) => c.event.admin.reportOne) },
  { method: "POST", path: `${B}/examSuccess2`, call: pass((c) => c.event.admin.reportAll) },
  { method: "POST", path: `${B}/task/pageList`, call: pass((c) => c.event.admin.taskPage) },
  { method: "POST", path: `${B}/task/binding`, call: pass((c) => c.event.admin.bindTask) },
  { method: "POST", path: `${B}/task/getDetail`, call: pass((c) => c.event.admin.taskDetail) },
  { method: "POST", path: `${B}/task/update/thirdJumpUrl`, call: pass((c) => c.event.admin.taskJumpUrl) },

  // Face checks and their messages (learner-calls.md "Events (face and errors)").
  { method: "GET", path: `${E}/get/error/msg`, call: pass((c) => c.event.errorMessage) },
  { method: "POST", path: `${E}/hunan/face/auth/url`, call: pass((c) => c.event.faceAuthUrl) },
  { method: "POST", path: `${E}/hunan/face/login/url`, call: pass((c) => c.event.faceLoginUrl) },
  { method: "POST", path: `${E}/hunan/yongyou/face/auth`, call: pass((c) => c.event.faceCallback) },
  { method: "GET", path: `${E}/hunan/yongyou/face/get/third/pic`, call: pass((c) => c.event.thirdPicture) },
  { method: "GET", path: `${E}/hunan/face/simulator`, call: pass((c) => c.event.faceSimulator) },
  // The browser comes back from the provider: signed in, it goes on to the ticket's redirect; refused, to the login-failed page.
  {
    method: "GET",
    path: FACE_LOGIN_FINISH_PATH,
    call: navigation(async (c, i) => (await pass((x) => x.event.faceLoginFinish)(c, i)).redirect, { tag: "face", failed: "人脸登录失败，请稍后重试" }),
    respond: redirectTo,
  },
]);
