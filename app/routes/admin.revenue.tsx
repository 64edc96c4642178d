import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { adminToast } from "~/components/admin/toast";
import { GoodsPicker } from "~/components/admin/goods-picker";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";

export const meta: MetaFunction = () => [{ title: "收益配置 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => ({
    departments: await caller.revenue.admin.getDepartmentType(),
    types: await caller.revenue.admin.getSupportDepartmentType(),
  }));

const field = "h-9 w-full rounded-md border border-border bg-white px-3 text-sm focus:border-primary focus:outline-none";
/** 收益配置: pick a course, live or learning map and set which department its revenue belongs to. */
export default function AdminRevenue() {
  const { departments, types } = useLoaderData<typeof loader>();
  const [type, setType] = useState<number>(types[0]?.value ?? 1);
  const [contentId, setContentId] = useState<number | null>(null);
  const [current, setCurrent] = useState<{ departmentType: number | null; departmentName: string } | null>(null);
  const [department, setDepartment] = useState<number | "">("");
  const [busy, setBusy] = useState(false);
  const typeName = types.find((t) => t.value === type)?.label ?? "内容";

  useEffect(() => {
    setCurrent(null);
    setDepartment("");
    if (!contentId) return;
    let live = true;
    trpc.revenue.admin.detail
      .query({ relateBusinessId: contentId, relateBusinessType: type })
      .then((d) => {
        if (!live) return;
        setCurrent(d);
        setDepartment(d.departmentType ?? "");
      })
      .catch((e) => adminToast.error(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [contentId, type]);

  async function save() {
    if (!contentId || department === "") return adminToast.error(!contentId ? `请选择${typeName}` : "请选择所属部门");
    setBusy(true);
    try {
      const d = await trpc.revenue.admin.relate.mutate({ relateBusinessId: contentId, relateBusinessType: type, departmentType: department });
      setCurrent(d);
      adminToast.success("收益配置已保存");
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <PageHeader title="收益配置" trail="交易" />
      <Card className="max-w-2xl space-y-4 p-6 text-sm">
        <div className="space-y-1">
          <span>业务类型</span>
          <GoodsPicker
            types={types}
            goodsType={type}
            goodsId={contentId}
            fieldClass={field}
            onChange={(t, id) => {
              setType(t);
              setContentId(id);
            }}
          />
        </div>
        {contentId && (
          <div className="space-y-3 border-t border-border pt-4">
            <p>
              当前所属部门：<span className="font-medium" data-testid="revenue-current">{current ? current.departmentName || "未配置" : "加载中…"}</span>
            </p>
            <label className="block space-y-1">
              <span>收益所属部门</span>
              <select className={field} value={department} aria-label="所属部门" onChange={(e) => setDepartment(e.target.value ? Number(e.target.value) : "")}>
                <option value="">请选择所属部门</option>
                {departments.map((d) => (
                  <option key={d.value} value={d.value}>
                    {d.label}
                  </option>
                ))}
              </select>
            </label>
            <Button onClick={() => void save()} disabled={busy}>
              {busy ? "保存中…" : "保存"}
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
