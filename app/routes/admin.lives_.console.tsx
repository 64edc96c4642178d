import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { CaptionPanel, QuestionnairePanel } from "~/components/live/console-panels";
import { useLiveRoom, type RoomEvent } from "~/components/live/use-live-room";
import { Button } from "~/components/ui/button";
import { useRefresh } from "~/lib/use-refresh";
import { errorMessage, trpc } from "~/lib/trpc";
import { formatMoney, formatTime } from "@base/format";

export const meta: MetaFunction = () => [{ title: "直播控制台 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const id = new URL(request.url).searchParams.get("id") ?? "";
    const live = await caller.live.admin.detail({ id } as never);
    const [awards, awardRecords, notice, messages, muted, sign, goods, overview, users, orgs, captions, questionnaire] = await Promise.all([
      caller.live.admin.awards.list({ liveId: live.id }),
      caller.live.admin.awards.records({ liveId: live.id }),
      caller.live.admin.notice({ liveId: live.id }),
      caller.live.admin.messages({ liveId: live.id }),
      caller.live.admin.mutedUsers({ liveId: live.id }),
      caller.live.admin.signStatus({ liveId: live.id }),
      caller.live.admin.goods.list({ liveId: live.id }),
      caller.live.admin.userScore.overview({ liveId: live.id }),
      caller.live.admin.userScore.page({ liveId: live.id, pageNo: 1, pageSize: 10 } as never),
      caller.live.admin.orgScore.page({ liveId: live.id, pageNo: 1, pageSize: 10 } as never),
      caller.live.admin.captions({ liveId: live.id }),
      caller.live.admin.questionnaire({ liveId: live.id }),
    ]);
    return { live, captions, questionnaire, awards, awardRecords, notice, messages: messages.slice(-100), muted, sign, goods, overview, users: users.list as { rank: number; nick: string; orgName: string; score: number }[], orgs: orgs.list as { rank: number; orgName: string; userNum: number; score: number }[] };
  });

const STATUS = ["未开始", "直播中", "已结束"];

function download(file: { fileName: string; base64: string; contentType: string }) {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
  a.download = file.fileName;
  a.click();
  URL.revokeObjectURL(a.href);
}

/** The console: run the broadcast and see what learners see, live. */
export default function LiveConsole() {
  const d = useLoaderData<typeof loader>();
  const { live } = d;
  const refresh = useRefresh();
  const [notice, setNotice] = useState("");
  const [award, setAward] = useState({ name: "直播间互动抽奖", awardName: "", winnerCount: "1", durationSeconds: "30" });
  const [signSecs, setSignSecs] = useState("60");
  const [goodsForm, setGoodsForm] = useState({ name: "", price: "", linkUrl: "" });
  const [mutedIds, setMutedIds] = useState(new Set(d.muted.map((m) => m.userId)));
  const [lastCaption, setLastCaption] = useState<string | null>(null);
  // Caption sentences arrive several a minute: shown in place, without reloading the console.
  const onEvent = (e: RoomEvent) => (e.type === "asr_sentence" ? setLastCaption(String(e.data.text ?? "")) : refresh());
  const room = useLiveRoom(live.id, true, d.messages, onEvent);

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      adminToast.success(done);
      refresh();
    } catch (e) {
      adminToast.error(errorMessage(e));
    }
  };
  const operate = (action: "start" | "pause" | "resume" | "stop", done: string) => act(() => trpc.live.admin.operate.mutate({ id: live.id, action }), done);
  const mute = (userId: number, on: boolean) =>
    act(async () => {
      await trpc.live.admin.mute.mutate({ liveId: live.id, userId, mute: on ? 1 : 0 });
      setMutedIds((s) => {
        const n = new Set(s);
        if (on) n.add(userId);
        else n.delete(userId);
        return n;
      });
    }, on ? "已禁言该学员" : "已解除禁言");

  return (
    <div className="space-y-4">
      <PageHeader title={`直播控制台：${live.name}`} trail="直播">
        <Link to="/admin/lives" className="text-sm text-primary">
          返回直播列表
        </Link>
      </PageHeader>
      <section className="flex flex-wrap items-center gap-3 rounded-lg bg-white p-4">
        <Badge tone={live.liveStatus === 1 ? "green" : live.liveStatus === 0 ? "blue" : "gray"}>{STATUS[live.liveStatus]}</Badge>
        {live.isPause === 1 && <Badge tone="orange">暂停中</Badge>}
        <span className="text-sm text-muted">在线 {room.online} 人 · 观看 {d.overview.userNum} 人 · 房间号 {live.roomId}</span>
        <span className="flex-1" />
        {live.liveStatus === 0 && <Button onClick={() => operate("start", "直播已开始")}>开始直播</Button>}
        {live.liveStatus === 1 && live.isPause === 0 && (
          <Button variant="outline" onClick={() => operate("pause", "已暂停直播")}>
            暂停直播
          </Button>
        )}
        {live.liveStatus === 1 && live.isPause === 1 && <Button onClick={() => operate("resume", "已恢复直播")}>恢复直播</Button>}
        {live.liveStatus !== 2 && (
          <Button variant="danger" onClick={() => operate("stop", "直播已结束")}>
            结束直播
          </Button>
        )}
        <Button variant="outline" onClick={() => act(async () => download(await trpc.live.admin.exportMessages.mutate({ liveId: live.id })), "已导出评论记录")}>
          导出评论记录
        </Button>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <section className="space-y-3 rounded-lg bg-white p-4">
          <h2 className="font-semibold">推送公告</h2>
          {d.notice.content && <p className="text-sm text-muted">当前公告：{d.notice.content}</p>}
          <div className="flex gap-2">
            <input aria-label="公告内容" value={notice} maxLength={500} onChange={(e) => setNotice(e.target.value)} placeholder="输入公告内容" className="h-9 flex-1 rounded-md border border-border px-3 text-sm" />
            <Button onClick={() => act(() => trpc.live.admin.publishNotice.mutate({ liveId: live.id, content: notice }).then(() => setNotice("")), "公告已推送")}>推送公告</Button>
          </div>
          <h2 className="pt-2 font-semibold">签到</h2>
          <div className="flex items-center gap-2 text-sm">
            <span>签到时长（秒）</span>
            <input aria-label="签到时长" value={signSecs} onChange={(e) => setSignSecs(e.target.value)} className="h-9 w-20 rounded-md border border-border px-2" />
            <Button onClick={() => act(() => trpc.live.admin.signStart.mutate({ liveId: live.id, durationSeconds: Number(signSecs) }), "已发起签到")}>发起签到</Button>
            <Button variant="outline" disabled={d.sign.isSign !== 1} onClick={() => act(() => trpc.live.admin.signEnd.mutate({ liveId: live.id }), "签到已结束")}>
              结束签到
            </Button>
            {d.sign.signId && <span className="text-muted">最近一轮已签到 {d.sign.signNum} 人</span>}
          </div>
        </section>

        <section className="space-y-3 rounded-lg bg-white p-4">
          <h2 className="font-semibold">抽奖</h2>
          <div className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
            {/* Visible labels: the number fields start filled, so a placeholder alone would never show what they are. */}
            {(
              [
                ["name", "抽奖名称", "text", undefined],
                ["awardName", "奖品名称", "text", undefined],
                ["winnerCount", "中奖人数", "number", "人"],
                ["durationSeconds", "抽奖时长", "number", "秒"],
              ] as const
            ).map(([key, label, type, unit]) => (
              <label key={key} className="flex flex-col gap-1">
                <span className="text-xs text-muted">{label}</span>
                <span className="flex items-center gap-1.5">
                  <input
                    aria-label={label}
                    type={type}
                    min={type === "number" ? 1 : undefined}
                    value={award[key]}
                    onChange={(e) => setAward({ ...award, [key]: e.target.value })}
                    placeholder={label}
                    className="h-9 w-full rounded-md border border-border px-3"
                  />
                  {unit && <span className="shrink-0 text-muted">{unit}</span>}
                </span>
              </label>
            ))}
          </div>
          <Button
            onClick={() =>
              act(async () => {
                const r = await trpc.live.admin.awards.create.mutate({ liveId: live.id, name: award.name, awardName: award.awardName, winnerCount: Number(award.winnerCount), durationSeconds: Number(award.durationSeconds) });
                await trpc.live.admin.awards.start.mutate({ id: r.id });
              }, "抽奖已开始")
            }
          >
            创建并开始抽奖
          </Button>
          <Table>
            <thead>
              <tr>
                <Th>抽奖</Th>
                <Th>奖品</Th>
                <Th>参与</Th>
                <Th>状态</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {d.awards.map((a) => (
                <tr key={a.id}>
                  <Td>{a.name}</Td>
                  <Td>
                    {a.awardName} × {a.winnerCount}
                  </Td>
                  <Td>{a.joinNum}</Td>
                  <Td>{["未开始", "进行中", "已开奖"][a.status]}</Td>
                  <Td className="space-x-2">
                    {a.status === 0 && <button type="button" className="text-primary" onClick={() => act(() => trpc.live.admin.awards.start.mutate({ id: a.id }), "抽奖已开始")}>开始</button>}
                    {a.status === 1 && <button type="button" className="text-primary" onClick={() => act(() => trpc.live.admin.awards.draw.mutate({ id: a.id }), "已开奖")}>立即开奖</button>}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
          {d.awardRecords.length > 0 && (
            <>
              <h3 className="pt-2 text-sm font-semibold">中奖记录</h3>
              <Table>
                <thead>
                  <tr>
                    <Th>中奖人</Th>
                    <Th>奖品</Th>
                    <Th>收货信息</Th>
                    <Th>状态</Th>
                    <Th>操作</Th>
                  </tr>
                </thead>
                <tbody>
                  {d.awardRecords.map((w) => (
                    <tr key={w.recordId}>
                      <Td>{w.nick}</Td>
                      <Td>{w.awardName}</Td>
                      <Td className="text-xs">{w.receiveStatus ? `${w.receiverName} ${w.receiverMobile} ${w.receiverAddress}` : "—"}</Td>
                      <Td>{["未填写地址", "待发货", "已发货"][w.receiveStatus]}</Td>
                      <Td>{w.receiveStatus === 1 && <button type="button" className="text-primary" onClick={() => act(() => trpc.live.admin.awards.ship.mutate({ liveUserAwardRecordId: w.recordId }), "已标记发货")}>标记发货</button>}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </>
          )}
        </section>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <CaptionPanel live={live} recent={d.captions} lastCaption={lastCaption} onSent={setLastCaption} act={act} />
        <QuestionnairePanel liveId={live.id} current={d.questionnaire} act={act} />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <section className="space-y-3 rounded-lg bg-white p-4">
          <h2 className="font-semibold">直播商品</h2>
          <div className="flex gap-2 text-sm">
            <input aria-label="商品名称" value={goodsForm.name} onChange={(e) => setGoodsForm({ ...goodsForm, name: e.target.value })} placeholder="商品名称" className="h-9 flex-1 rounded-md border border-border px-3" />
            <input aria-label="价格（元）" value={goodsForm.price} onChange={(e) => setGoodsForm({ ...goodsForm, price: e.target.value })} placeholder="价格（元）" className="h-9 w-24 rounded-md border border-border px-2" />
            <input aria-label="链接" value={goodsForm.linkUrl} onChange={(e) => setGoodsForm({ ...goodsForm, linkUrl: e.target.value })} placeholder="链接" className="h-9 w-40 rounded-md border border-border px-2" />
            <Button variant="outline" className="shrink-0" onClick={() => act(() => trpc.live.admin.goods.save.mutate({ liveId: live.id, name: goodsForm.name, price: Math.round(Number(goodsForm.price || 0) * 100), linkUrl: goodsForm.linkUrl }).then(() => setGoodsForm({ name: "", price: "", linkUrl: "" })), "已添加商品")}>
              添加
            </Button>
          </div>
          <Table>
            <tbody>
              {d.goods.map((g) => (
                <tr key={g.goodsId}>
                  <Td>{g.name}</Td>
                  <Td>¥{formatMoney(g.price)}</Td>
                  <Td>点击 {g.clicks}</Td>
                  <Td className="space-x-3 whitespace-nowrap">
                    <button type="button" className="text-primary" onClick={() => act(() => trpc.live.admin.goods.putOrDown.mutate({ id: g.goodsId, status: g.status ? 0 : 1 }), g.status ? "已下架" : "已上架")}>
                      {g.status ? "下架" : "上架"}
                    </button>
                    <button type="button" className="text-danger" onClick={() => act(() => trpc.live.admin.goods.del.mutate({ goodsId: g.goodsId }), "已删除商品")}>
                      删除
                    </button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
        <section className="space-y-3 rounded-lg bg-white p-4">
          <div className="flex items-center gap-3">
            <h2 className="font-semibold">积分榜</h2>
            <span className="text-sm text-muted">
              {d.overview.userNum} 人 · 平均 {d.overview.avgScore} 分
            </span>
            <span className="flex-1" />
            {(["userScore", "orgScore", "regionScore"] as const).map((k) => (
              <button key={k} type="button" className="text-sm text-primary" onClick={() => act(async () => download(await trpc.live.admin[k].export.mutate({ liveId: live.id })), "已导出")}>
                导出{k === "userScore" ? "学员" : k === "orgScore" ? "单位" : "地区"}
              </button>
            ))}
          </div>
          <div className="grid grid-cols-2 gap-3 text-sm">
            <ol className="space-y-1">
              {d.users.map((u) => (
                <li key={u.rank} className="flex justify-between">
                  <span>
                    {u.rank}. {u.nick}
                  </span>
                  <span className="text-muted">{u.score} 分</span>
                </li>
              ))}
            </ol>
            <ol className="space-y-1">
              {d.orgs.map((o) => (
                <li key={o.rank} className="flex justify-between">
                  <span className="truncate">
                    {o.rank}. {o.orgName}
                  </span>
                  <span className="shrink-0 text-muted">{o.score} 分</span>
                </li>
              ))}
            </ol>
          </div>
        </section>
      </div>
      <section className="rounded-lg bg-white p-4">
        <h2 className="mb-3 font-semibold">实时评论</h2>
        <Table>
          <thead>
            <tr>
              <Th>时间</Th>
              <Th>学员</Th>
              <Th>内容</Th>
              <Th>操作</Th>
            </tr>
          </thead>
          <tbody data-testid="console-comments">
            {room.comments
              .slice(-50)
              .reverse()
              .map((c) => (
                <tr key={c.msgId}>
                  <Td className="whitespace-nowrap">{formatTime(c.sentAt)}</Td>
                  <Td>{c.nick}</Td>
                  <Td>{c.content}</Td>
                  <Td className="space-x-3 whitespace-nowrap">
                    <button type="button" className="text-primary" onClick={() => act(() => trpc.live.admin.hide.mutate({ liveId: live.id, msgId: c.msgId, hidden: 1 }), "已隐藏该评论")}>
                      隐藏
                    </button>
                    {c.userId && (
                      <button type="button" className="text-danger" onClick={() => mute(c.userId!, !mutedIds.has(c.userId!))}>
                        {mutedIds.has(c.userId) ? "解除禁言" : "禁言"}
                      </button>
                    )}
                  </Td>
                </tr>
              ))}
          </tbody>
        </Table>
        {room.comments.length === 0 && <p className="py-6 text-center text-sm text-muted">暂无评论</p>}
      </section>
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
