import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { TRPCError } from "@trpc/server";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { ContentCertPopup } from "~/components/cert/cert-popup";
import { CheckInWidget } from "~/components/checkin/check-in-widget";
import { CourseCover } from "~/components/course/course-card";
import { isLoggedIn, useRootData } from "~/components/layout/shell-types";
import { pageTitle } from "~/components/layout/page-title";
import { ChannelVisit } from "~/components/org/channel-visit";
import { MapCarousel, type MapNode } from "~/components/path/map-carousel";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { serverCaller } from "~/lib/caller.server";
import { openLoginDialog } from "~/lib/login-dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { cn } from "~/lib/utils";
import { formatDateTime, formatMoney } from "@base/format";

export async function loader({ request }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) return { ok: false as const, message: "学习地图不存在或已下架" };
  const { caller } = await serverCaller(request);
  try {
    const [map, nodes] = await Promise.all([caller.path.detail({ id }), caller.path.nodeList({ id })]);
    return { ok: true as const, map, nodes };
  } catch (e) {
    if (e instanceof TRPCError && e.code !== "INTERNAL_SERVER_ERROR") return { ok: false as const, message: e.message };
    throw e;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.ok ? data.map.name : "学习地图", "学习地图") }];

type Loaded = Extract<Awaited<ReturnType<typeof loader>>, { ok: true }>;
type Node = Loaded["nodes"]["list"][number];

export default function MapDetail() {
  const data = useLoaderData<typeof loader>();
  if (!data.ok)
    return (
      <div className="mx-auto max-w-[1200px] px-4 py-10">
        <div className="rounded-lg bg-white" data-testid="map-missing">
          <EmptyState
            title={data.message}
            hint="地图可能已下线或地址有误"
            action={
              <Button asChild>
                <Link to="/">返回首页</Link>
              </Button>
            }
          />
        </div>
      </div>
    );
  return <MapPage map={data.map} nodes={data.nodes} />;
}

function MapPage({ map, nodes }: { map: Loaded["map"]; nodes: Loaded["nodes"] }) {
  const user = useRootData()?.user;
  const signedIn = isLoggedIn(user);
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [joining, setJoining] = useState(false);
  const [examNode, setExamNode] = useState<{ node: Node; url: string } | null>(null);
  const carousel = useRef<HTMLDivElement>(null);

  async function join() {
    if (!signedIn) return openLoginDialog();
    setJoining(true);
    try {
      await trpc.path.entry.mutate({ learningPathId: map.id });
      toast.success("已加入学习地图，开始学习吧");
      refresh();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setJoining(false);
    }
  }

  async function collect() {
    if (!signedIn) return openLoginDialog();
    try {
      const r = await trpc.path.collect.mutate({ learningPathId: map.id, isCollect: map.isCollect ? 0 : 1 });
      toast.success(r.isCollect ? "收藏成功" : "已取消收藏");
      refresh();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  }

  async function open(n: MapNode) {
    const node = nodes.list.find((x) => x.id === n.id)!;
    if (node.status === -1) return void toast.warning(node.buttonType === 4 ? "未到学习时间" : "完成上一节内容才能解锁", { description: node.buttonType === 4 ? node.lockTip : undefined });
    if (!signedIn) return openLoginDialog();
    if (node.relationContentType === 4 && node.status !== 2) return void toast.info("完成全部学习内容后即可获得证书");
    // An external link opens in a new tab at once (a tab opened after a request would be blocked);
    // the list gives no link to who may not enter the map, so no blank tab is left behind a refusal.
    const tab = node.relationContentType === 0 && node.relationContentLinkUrl ? window.open(node.relationContentLinkUrl, "_blank") : null;
    if (tab) tab.opener = null;
    setBusyId(node.id);
    try {
      const r = await trpc.path.entryNode.mutate({ learningPathNodeId: node.id });
      if (node.relationContentType === 0) {
        if (!tab) window.location.assign(r.relationContentLinkUrl);
        refresh();
      } else if (node.relationContentType === 3 && node.isExamJump === 1 && node.status !== 2) setExamNode({ node, url: r.relationContentLinkUrl });
      else navigate(r.relationContentLinkUrl);
    } catch (e) {
      toast.error(errorMessage(e));
      refresh();
    } finally {
      setBusyId(null);
    }
  }

  const current = nodes.list[nodes.currentIndex];
  return (
    <div className="mx-auto max-w-[1200px] space-y-4 px-4 py-6" data-testid="map-page">
      <ChannelVisit type={4} objectId={map.id} />
      {signedIn && <ContentCertPopup businessType={6} businessId={map.id} ready={map.isComplete === 1} />}
      <nav aria-label="位置" className="flex items-center gap-2 text-sm text-muted">
        <Link to="/" className="hover:text-primary">
          首页
        </Link>
        <span>/</span>
        <span className="text-[#1d2129]">学习地图</span>
      </nav>
      <section className="flex gap-6 rounded-lg bg-white p-5">
        <CourseCover src={map.coverUrl} name="" className="w-[360px] shrink-0 rounded-lg" />
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex items-start gap-3">
            <h1 className="flex-1 text-xl font-semibold text-[#1d2129]">{map.name}</h1>
            <button type="button" onClick={() => void collect()} className={cn("shrink-0 text-sm", map.isCollect ? "text-[#ff7d00]" : "text-muted hover:text-primary")} aria-pressed={map.isCollect === 1}>
              {map.isCollect ? "★ 已收藏" : "☆ 收藏"}
            </button>
          </div>
          <p className="mt-2 line-clamp-3 whitespace-pre-line text-sm leading-6 text-[#4e5969]">{map.description || "暂无简介"}</p>
          <div className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted">
            <span>{map.nodeNum} 个学习节点</span>
            <span>{map.joinNum} 人已加入</span>
            {map.isCheckIn === 1 && map.checkInStartTime && map.checkInEndTime && (
              <span>
                打卡活动：{formatDateTime(map.checkInStartTime).slice(0, 10)} 至 {formatDateTime(map.checkInEndTime).slice(0, 10)}
              </span>
            )}
          </div>
          <div className="mt-auto pt-4">
            {map.isJoin ? (
              <div className="flex items-center gap-4">
                <div className="flex-1">
                  <div className="mb-1 flex justify-between text-sm">
                    <span className="text-[#4e5969]">
                      已完成 {map.completedNodeNum}/{map.nodeNum}
                    </span>
                    <span className="font-medium text-primary" data-testid="map-progress">
                      {map.progress}%
                    </span>
                  </div>
                  <div className="h-2 overflow-hidden rounded-full bg-[#f2f3f5]">
                    <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${map.progress}%` }} />
                  </div>
                </div>
                {map.isComplete ? (
                  map.userCertId ? (
                    <Button asChild>
                      <Link to={`/certificate/view?id=${map.userCertId}`}>查看证书</Link>
                    </Button>
                  ) : (
                    <span className="text-sm font-medium text-[#00b42a]">已完成全部学习</span>
                  )
                ) : (
                  current && (
                    <Button onClick={() => void open(current)} disabled={busyId !== null}>
                      继续学习
                    </Button>
                  )
                )}
              </div>
            ) : map.isOpen && map.isBuy === 0 ? (
              <div className="flex items-center gap-4" data-testid="map-buy">
                <span className="flex items-baseline gap-2">
                  <span className="text-2xl font-semibold text-[#f53f3f]">¥{formatMoney(map.realPrice)}</span>
                  {map.scribingPrice > map.realPrice && <s className="text-sm text-muted">¥{formatMoney(map.scribingPrice)}</s>}
                </span>
                <Button size="lg" onClick={() => (signedIn ? navigate(`/order?goodsType=4&goodsId=${map.id}`) : openLoginDialog())}>
                  购买学习地图
                </Button>
                <span className="text-xs text-muted">购买后即可学习地图中的全部课程与直播{map.learnHour ? `，完成可获 ${map.learnHour} 学分` : ""}</span>
              </div>
            ) : map.isOpen ? (
              <Button onClick={() => void join()} disabled={joining}>
                {joining ? "正在加入…" : "加入学习"}
              </Button>
            ) : (
              <p className="text-sm text-danger">该学习地图未对您开放</p>
            )}
          </div>
        </div>
      </section>
      {map.certTemplateId !== null && !map.isComplete && (
        <p className="rounded-lg bg-primary-50 px-4 py-2 text-sm text-primary" data-testid="map-cert-hint">
          完成地图中的全部学习内容，即可获得结业证书
        </p>
      )}
      <div ref={carousel}>
        <MapCarousel nodes={nodes.list} currentIndex={nodes.currentIndex} busyId={busyId} onOpen={(n) => void open(n)} />
      </div>
      <section className="rounded-lg bg-white p-5" aria-label="学习大纲">
        <h2 className="mb-3 text-base font-semibold text-[#1d2129]">学习大纲</h2>
        <ol className="space-y-4">
          {nodes.sections.map((s, si) => (
            <li key={s.id}>
              <p className="mb-2 text-sm font-medium text-[#1d2129]">
                {si + 1}. {s.title}
              </p>
              <ul className="divide-y divide-border rounded-lg border border-border">
                {nodes.list
                  .filter((n) => n.sectionId === s.id)
                  .map((n) => (
                    <li key={n.id} className="flex items-center gap-3 px-4 py-2.5 text-sm">
                      <span className="w-16 shrink-0 whitespace-nowrap rounded bg-[#f2f3f5] px-1.5 py-0.5 text-center text-xs text-[#4e5969]">{n.relationContentTypeName}</span>
                      <span className="min-w-0 flex-1 truncate text-[#1d2129]">{n.relationContentName}</span>
                      <span className={cn("shrink-0 text-xs", n.status === 2 ? "text-[#00b42a]" : n.status === -1 ? "text-muted" : "text-primary")}>{n.status === -1 ? n.lockTip || n.statusName : n.statusName}</span>
                      <button type="button" className="shrink-0 text-xs text-primary hover:underline disabled:text-muted" disabled={busyId === n.id} onClick={() => void open(n)}>
                        {n.status === -1 ? "查看" : n.relationContentType === 4 && n.status === 2 ? "查看证书" : n.buttonName}
                      </button>
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>
      {/* Only a map with a campaign has a widget to show (and to ask the server for). */}
      {map.isCheckIn === 1 && <CheckInWidget businessId={map.id} userId={signedIn ? user.userId : null} onStudy={() => carousel.current?.scrollIntoView({ behavior: "smooth" })} />}
      <Dialog open={examNode !== null} onOpenChange={(o) => !o && setExamNode(null)}>
        <DialogContent className="max-w-md" aria-describedby={undefined}>
          <DialogTitle>进入考试</DialogTitle>
          {examNode && (
            <div className="space-y-2 text-sm text-[#4e5969]">
              <p className="text-base font-medium text-[#1d2129]">{examNode.node.relationContentName}</p>
              {examNode.node.contentStartTime && (
                <p>
                  考试时间：{formatDateTime(examNode.node.contentStartTime)} 至 {formatDateTime(examNode.node.contentEndTime)}
                </p>
              )}
              <p>通过考试即完成本节点。进入后请按考试要求完成身份核验与设备检测。</p>
            </div>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setExamNode(null)}>
              取消
            </Button>
            <Button onClick={() => examNode && navigate(examNode.url)}>去考试</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
