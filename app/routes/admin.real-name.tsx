import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { useOperateFetcher } from "~/components/operate/crud-page";
import { formFields } from "~/components/operate/form-data";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ContentPicker } from "~/components/identity/content-picker";
import { trpc } from "~/lib/trpc";

export const meta: MetaFunction = () => [{ title: "实名认证配置 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const [rule, targets] = await Promise.all([caller.identity.admin.realNameRule(), caller.identity.admin.realNameTargets()]);
    return { rule, targets };
  });

const findCourses = async (keyword: string) => (await trpc.course.admin.page.query({ keyword, pageSize: 10 })).list.map((c) => ({ id: c.id, name: c.name }));
const findLives = async (keyword: string) => (await trpc.live.admin.page.query({ keyword, pageSize: 10 })).list.map((l) => ({ id: l.id, name: l.name }));

export const action = ({ request }: ActionFunctionArgs) =>
  adminAction(request, async (caller) => {
    const f = formFields(await request.formData());
    await caller.identity.admin.saveRealNameRule({ course: f.course === "1" ? 1 : 0, live: f.live === "1" ? 1 : 0, courseIds: f.courseIds ?? "", liveIds: f.liveIds ?? "" } as never);
    return "已保存实名认证配置";
  });

function Row({ label, children, hint }: { label: string; children: React.ReactNode; hint?: string }) {
  return (
    <div className="flex gap-4">
      <span className="w-32 shrink-0 pt-1 text-right text-sm text-[#4e5969]">{label}</span>
      <div className="min-w-0 flex-1">
        {children}
        {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
      </div>
    </div>
  );
}

export default function AdminRealName() {
  const { rule, targets } = useLoaderData<typeof loader>();
  const fetcher = useOperateFetcher("admin-real-name");
  const busy = fetcher.state !== "idle";
  return (
    <>
      <PageHeader title="实名认证配置" trail="用户与组织 / 实名认证配置" />
      <Card className="p-6">
        <fetcher.Form method="post" className="max-w-[760px] space-y-6" key={JSON.stringify({ rule, targets })}>
          <Row label="课程" hint="开启后，学员加入任何课程前都需先完成实名认证">
            <label className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" name="course" value="1" defaultChecked={rule.course === 1} className="h-4 w-4 accent-primary" />
              所有课程需实名认证
            </label>
          </Row>
          <Row label="指定课程" hint="未开启上方开关时，仅这些课程要求实名认证">
            <ContentPicker name="courseIds" noun="课程" initial={targets.courses} search={findCourses} />
          </Row>
          <Row label="直播" hint="开启后，学员预约直播前需先完成实名认证，观看时提示认证">
            <label className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" name="live" value="1" defaultChecked={rule.live === 1} className="h-4 w-4 accent-primary" />
              所有直播需实名认证
            </label>
          </Row>
          <Row label="指定直播" hint="未开启上方开关时，仅这些直播要求实名认证">
            <ContentPicker name="liveIds" noun="直播" initial={targets.lives} search={findLives} />
          </Row>
          <Row label="考试">
            <p className="pt-1 text-sm text-[#4e5969]">开启人脸核验的考试始终要求实名认证，在考试设置中配置。</p>
          </Row>
          <div className="pl-36">
            <Button type="submit" disabled={busy}>
              {busy ? "保存中…" : "保存"}
            </Button>
          </div>
        </fetcher.Form>
      </Card>
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
