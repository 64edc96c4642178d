import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { formatDateTime } from "@base/format";
import { pageTitle } from "~/components/layout/page-title";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { handleApiError } from "~/lib/api-errors";
import { serverCaller } from "~/lib/caller.server";
import { errorCode, errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { cn } from "~/lib/utils";

export const meta: MetaFunction = () => [{ title: pageTitle("奖品记录", "个人中心") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { caller, ctx } = await serverCaller(request);
  if (!ctx.user) return { prizes: [] };
  return { prizes: await caller.live.awardRecords({}) };
}

type Prize = ReturnType<typeof useLoaderData<typeof loader>>["prizes"][number];

const STATUS: Record<number, { label: string; tone: string }> = {
  0: { label: "待填写收货信息", tone: "bg-[#fff7e8] text-[#ff7d00]" },
  1: { label: "待发货", tone: "bg-primary-50 text-primary" },
  2: { label: "已发货", tone: "bg-[#e8fff3] text-[#00a870]" },
};

function AddressForm({ prize, onDone }: { prize: Prize; onDone: () => void }) {
  const [form, setForm] = useState({ receiverName: prize.receiverName, receiverMobile: prize.receiverMobile, receiverAddress: prize.receiverAddress });
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });
  async function save() {
    setError("");
    setBusy(true);
    try {
      await trpc.live.receiveAward.mutate({ liveUserAwardRecordId: prize.liveUserAwardRecordId, ...form });
      onDone();
    } catch (e) {
      if (errorCode(e) === "281") handleApiError(e);
      else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-3 grid gap-2 sm:grid-cols-2">
      <Input aria-label="收货人" placeholder="收货人姓名" maxLength={30} value={form.receiverName} onChange={set("receiverName")} />
      <Input aria-label="手机号" placeholder="手机号" maxLength={11} inputMode="numeric" value={form.receiverMobile} onChange={set("receiverMobile")} />
      <Input aria-label="收货地址" placeholder="省市区及详细地址" maxLength={200} value={form.receiverAddress} onChange={set("receiverAddress")} className="sm:col-span-2" />
      {error && <p className="text-sm text-[#f53f3f] sm:col-span-2">{error}</p>}
      <div className="sm:col-span-2">
        <Button type="button" onClick={save} disabled={busy}>{busy ? "保存中…" : "保存收货信息"}</Button>
      </div>
    </div>
  );
}

function PrizeCard({ prize, onDone }: { prize: Prize; onDone: () => void }) {
  const [editing, setEditing] = useState(prize.receiveStatus === 0);
  const status = STATUS[prize.receiveStatus] ?? STATUS[0]!;
  return (
    <Card className="p-4" data-testid="prize-card">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-base font-semibold text-[#1d2129]">{prize.awardName}</p>
          <p className="mt-1 text-xs text-muted">
            来自直播《{prize.liveName}》 · 中奖时间 {formatDateTime(prize.winTime)}
          </p>
        </div>
        <span className={cn("shrink-0 rounded px-2 py-0.5 text-xs", status.tone)}>{status.label}</span>
      </div>
      {prize.receiveStatus > 0 && !editing && (
        <div className="mt-3 rounded-md bg-[#f7f8fa] p-3 text-sm text-[#4e5969]">
          <p>
            收货人：{prize.receiverName}　{prize.receiverMobile}
          </p>
          <p className="mt-1">收货地址：{prize.receiverAddress}</p>
          {prize.receiveStatus === 2 ? (
            <p className="mt-1 text-xs text-muted">奖品已于 {formatDateTime(prize.shipTime)} 发货，收货信息不能再修改</p>
          ) : (
            <button type="button" className="mt-2 text-xs text-primary" onClick={() => setEditing(true)}>修改收货信息</button>
          )}
        </div>
      )}
      {editing && prize.receiveStatus !== 2 && (
        <AddressForm
          prize={prize}
          onDone={() => {
            setEditing(false);
            onDone();
          }}
        />
      )}
    </Card>
  );
}

export default function PersonPrize() {
  const { prizes } = useLoaderData<typeof loader>();
  const refresh = useRefresh();
  return (
    <PersonPage title="奖品记录">
      {prizes.length ? (
        <div className="space-y-4">
          <p className="text-sm text-muted">实物奖品请填写收货信息，发货前可随时修改。</p>
          {prizes.map((p) => (
            <PrizeCard key={p.liveUserAwardRecordId} prize={p} onDone={refresh} />
          ))}
        </div>
      ) : (
        <EmptyState
          title="暂无奖品记录"
          hint="参与直播间抽奖获得的奖品会记录在这里"
          action={
            <Button asChild variant="outline">
              <Link to="/live/center">去直播中心</Link>
            </Button>
          }
        />
      )}
    </PersonPage>
  );
}
