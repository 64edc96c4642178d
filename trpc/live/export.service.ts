import ExcelJS from "exceljs";
import type { DbOrTx } from "@db/client";
import { liveRowsForExport, memberList } from "./admin.service";
import { messageRecords } from "./message.service";
import { winList } from "./raffle.service";
import { orgTop, regionTop, userScores } from "./score.service";
import { formatDateTime } from "@base/format";

// Excel exports of the back office; the answer carries the workbook as base64 so every client can save it.

const STATUS = ["未开始", "直播中", "已结束"];
const time = (v: number | Date | null | undefined) => formatDateTime(v instanceof Date ? v.getTime() : v);

async function workbook(sheet: string, columns: { header: string; key: string; width?: number }[], rows: Record<string, unknown>[], fileName: string) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.columns = columns.map((c) => ({ ...c, width: c.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  return { fileName, contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", base64: buffer.toString("base64"), rows: rows.length };
}

export async function exportLives(db: DbOrTx) {
  const rows = (await liveRowsForExport(db)).map((l) => ({ id: l.id, name: l.name, teacherName: l.teacherName, startTime: time(l.startTime), endTime: time(l.endTime), liveStatus: STATUS[l.liveStatus], likeCount: l.likeCount }));
  return workbook("直播列表", [{ header: "直播ID", key: "id", width: 10 }, { header: "直播名称", key: "name", width: 36 }, { header: "讲师", key: "teacherName" }, { header: "开始时间", key: "startTime", width: 22 }, { header: "结束时间", key: "endTime", width: 22 }, { header: "状态", key: "liveStatus" }, { header: "点赞数", key: "likeCount" }], rows, "直播列表.xlsx");
}

/** 观看学员: the live's member list as filtered on its page (keyword), watch and replay time in minutes. */
export async function exportMembers(db: DbOrTx, liveId: number, keyword?: string) {
  const { list } = await memberList(db, liveId, 1, 100_000, keyword);
  const rows = list.map((m) => ({ ...m, watchMinutes: Math.round(m.watchSeconds / 60), playbackMinutes: Math.round(m.playbackSeconds / 60), lastEntryAt: m.lastEntryAt ? time(m.lastEntryAt) : "未进入" }));
  return workbook(
    "观看学员",
    [
      { header: "用户ID", key: "userId", width: 10 },
      { header: "昵称", key: "nick" },
      { header: "账号", key: "loginName" },
      { header: "手机号", key: "mobile" },
      { header: "单位", key: "orgName", width: 30 },
      { header: "地区", key: "areaName" },
      { header: "进入次数", key: "entryCount" },
      { header: "观看分钟", key: "watchMinutes" },
      { header: "回放分钟", key: "playbackMinutes" },
      { header: "积分", key: "score" },
      { header: "最近进入", key: "lastEntryAt", width: 22 },
    ],
    rows,
    `直播${liveId}观看学员.xlsx`,
  );
}

export async function exportMessages(db: DbOrTx, liveId: number) {
  const rows = (await messageRecords(db, liveId, 100_000)).map((m) => ({ ...m, sentAt: time(m.sentAt), hidden: m.hidden ? "已隐藏" : "" }));
  return workbook("评论记录", [{ header: "时间", key: "sentAt", width: 22 }, { header: "用户ID", key: "userId", width: 10 }, { header: "昵称", key: "nick" }, { header: "内容", key: "content", width: 50 }, { header: "状态", key: "hidden" }], rows, `直播${liveId}评论记录.xlsx`);
}

export async function exportWinners(db: DbOrTx, liveId: number) {
  const rows = (await winList(db, liveId)).map((w) => ({ ...w, receiveStatus: ["未领取", "已填写地址", "已发货"][w.receiveStatus] ?? "未领取", createdAt: time(w.createdAt) }));
  return workbook("中奖名单", [{ header: "用户ID", key: "userId", width: 10 }, { header: "昵称", key: "nick" }, { header: "手机号", key: "mobile" }, { header: "奖品", key: "awardName" }, { header: "领取状态", key: "receiveStatus" }, { header: "收货人", key: "receiverName" }, { header: "收货电话", key: "receiverMobile" }, { header: "收货地址", key: "receiverAddress", width: 40 }, { header: "中奖时间", key: "createdAt", width: 22 }], rows, `直播${liveId}中奖名单.xlsx`);
}

export async function exportScores(db: DbOrTx, liveId: number, by: "user" | "org" | "region") {
  if (by === "user") {
    const { list } = await userScores(db, liveId, 1, 100_000);
    return workbook("学员积分", [{ header: "排名", key: "rank", width: 8 }, { header: "昵称", key: "nick" }, { header: "单位", key: "orgName", width: 30 }, { header: "地区", key: "areaName" }, { header: "积分", key: "score" }], list, `直播${liveId}学员积分.xlsx`);
  }
  const list = by === "org" ? await orgTop(db, liveId, 10_000) : await regionTop(db, liveId, 10_000);
  return workbook(by === "org" ? "单位积分" : "地区积分", [{ header: "排名", key: "rank", width: 8 }, { header: by === "org" ? "单位" : "地区", key: by === "org" ? "orgName" : "regionName", width: 30 }, { header: "人数", key: "userNum" }, { header: "积分", key: "score" }], list, `直播${liveId}${by === "org" ? "单位" : "地区"}积分.xlsx`);
}
