import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useMemo, useState } from "react";
import { badInput } from "@base/errors";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { priceFromForm } from "~/components/admin/price-fields";
import { PageHeader } from "~/components/admin/shell";
import { Badge } from "~/components/admin/table";
import { CategoryCascader } from "~/components/course/category-cascader";
import { ChapterEditor } from "~/components/course/chapter-editor";
import { RichTextEditor } from "~/components/course/rich-text-editor";
import { useActionToast } from "~/components/course/use-action-toast";
import { OpenRangePicker } from "~/components/org/open-range-picker";
import { rangeFromRows } from "@base/open-range";
import { UploadField } from "~/components/upload/upload-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

export const meta: MetaFunction = () => [{ title: "编辑课程 - 财云学院管理后台" }];

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const isNew = params.id === "new";
    const [course, wares, roles, groups, tags, categories, areas] = await Promise.all([
      isNew ? Promise.resolve(null) : caller.course.admin.getOne({ id: params.id }),
      caller.material.admin.courseware.pageList({ pageNo: 1, pageSize: 100 }),
      caller.course.admin.findAllRoles(),
      caller.course.admin.findAllGroups(),
      caller.course.admin.findAllTags(),
      caller.operate.admin.category.list({ type: 1, pageSize: 100 }),
      caller.identity.areaTree(),
    ]);
    return { course, wares: wares.list, roles, groups, tags, categories: categories.list, areas };
  });


export const action = async ({ request, params }: ActionFunctionArgs) => {
  const form = await request.formData();
  const text = (k: string) => String(form.get(k) ?? "");
  let createdId: number | null = null;
  const result = await adminAction(request, async (caller) => {
    const intent = text("intent");
    const id = params.id === "new" ? undefined : Number(params.id);
    if (intent === "base") {
      const saved = await caller.course.admin.saveBase({
        id,
        name: text("name"),
        coverUrl: text("coverUrl") || text("coverUrlCurrent"),
        intro: text("intro"),
        teacherName: text("teacherName"),
        teacherIntro: text("teacherIntro"),
        ...priceFromForm(form),
        categoryId: text("categoryId") || undefined,
        tagIds: form.getAll("courseTagIds").map(String),
        sort: text("sort") || undefined,
      } as never);
      if (!id) createdId = saved.id;
      return "基本信息已保存";
    }
    if (!id) throw badInput("请先保存基本信息");
    if (intent === "detail") return (await caller.course.admin.saveDetail({ id, description: text("description") }), "课程详情已保存");
    if (intent === "chapters") {
      let chapters: unknown;
      try {
        chapters = JSON.parse(text("chapters"));
      } catch {
        throw badInput("章节数据格式不正确");
      }
      await caller.course.admin.saveCourseware({ id, chapters } as never);
      return "章节与课件已保存";
    }
    if (intent === "open") {
      await caller.course.admin.saveOpen({ id, roleIds: form.getAll("roleIds").map(String), groupIds: form.getAll("groupIds").map(String), tagIds: form.getAll("tagIds").map(String), areaCodes: text("areaCodes") } as never);
      return "开放范围已保存";
    }
    if (intent === "release") return (await caller.course.admin.release({ id, status: 1 }), "课程已发布");
    if (intent === "offline") return (await caller.course.admin.release({ id, status: 2 }), "课程已下架");
    throw badInput("未知的操作");
  });
  if (createdId) throw redirect(`/admin/courses/${createdId}`);
  return result;
};

function Section({ title, children, hint }: { title: string; hint?: string; children: React.ReactNode }) {
  return (
    <Card className="p-6">
      <h2 className="text-base font-semibold text-[#1d2129]">{title}</h2>
      {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
      <div className="mt-4">{children}</div>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[120px_1fr] items-start gap-3">
      <Label className="pt-2.5 text-right text-sm text-[#4e5969]">{label}</Label>
      <div>{children}</div>
    </div>
  );
}

const yuan = (cents: number) => (cents ? String(cents / 100) : "");

export default function CourseEditor() {
  const { course, wares, roles, groups, tags, categories, areas } = useLoaderData<typeof loader>();
  const rangeOptions = useMemo(() => {
    const tree = (list: { id: number; name: string; parentId?: number | null }[]) => list.map((n) => ({ id: n.id, name: n.name, parentId: n.parentId ?? null }));
    return { roles: tree(roles), groups: tree(groups), tags, areas };
  }, [roles, groups, tags, areas]);
  const [range, setRange] = useState(() => rangeFromRows(course?.openRange));
  const base = useFetcher<typeof action>({ key: "course-base" });
  const other = useFetcher<typeof action>({ key: "course-other" });
  useActionToast(base);
  useActionToast(other);
  return (
    <div className="space-y-4 pb-10">
      <PageHeader title={course ? course.name : "新建课程"} trail="内容 / 课程">
        <div className="flex items-center gap-3">
          {course && <Badge tone={course.status === 1 ? "green" : course.status === 2 ? "gray" : "orange"}>{course.statusText}</Badge>}
          <Button variant="outline" asChild><Link to="/admin/courses">返回列表</Link></Button>
          {course && <Button variant="outline" asChild><Link to={`/admin/courses/${course.id}/learners`}>学员管理（{course.joinedCount}）</Link></Button>}
          {course && (
            <other.Form method="post">
              <input type="hidden" name="intent" value={course.status === 1 ? "offline" : "release"} />
              <Button type="submit">{course.status === 1 ? "下架" : "发布课程"}</Button>
            </other.Form>
          )}
        </div>
      </PageHeader>

      <Section title="基本信息">
        <base.Form method="post" className="space-y-4" key={course?.id ?? "new"}>
          <input type="hidden" name="intent" value="base" />
          <Field label="课程名称"><Input name="name" defaultValue={course?.name} required maxLength={100} /></Field>
          <Field label="封面">
            <UploadField name="coverUrl" value={undefined} label="上传封面" kind="image" accept="image/png,image/jpeg" maxSizeMb={2} />
            {course?.coverUrl && <img src={course.coverUrl} alt="当前封面" className="mt-2 h-24 rounded" />}
            {course && <input type="hidden" name="coverUrlCurrent" value={course.storedCoverUrl} />}
          </Field>
          <Field label="课程分类"><CategoryCascader name="categoryId" tree={categories} initial={course?.categoryId ?? null} /></Field>
          <Field label="课程标签">
            {tags.length ? (
              <div className="flex flex-wrap gap-x-4 gap-y-2 pt-2">
                {tags.map((t) => (
                  <label key={t.id} className="flex items-center gap-1.5 text-sm">
                    <input type="checkbox" name="courseTagIds" value={t.id} defaultChecked={!!course?.tagIds.includes(t.id)} /> {t.name}
                  </label>
                ))}
              </div>
            ) : (
              <p className="pt-2 text-sm text-muted">暂无标签</p>
            )}
          </Field>
          <Field label="讲师"><Input name="teacherName" defaultValue={course?.teacherName} maxLength={50} /></Field>
          <Field label="讲师介绍"><Input name="teacherIntro" defaultValue={course?.teacherIntro} maxLength={500} /></Field>
          <Field label="课程简介"><textarea name="intro" defaultValue={course?.intro} maxLength={500} rows={2} className="w-full rounded-md border border-border p-2 text-sm" /></Field>
          <div className="grid grid-cols-2 gap-4">
            <Field label="价格（元）"><Input name="priceYuan" defaultValue={course && !course.isFree ? yuan(course.price) : ""} placeholder="不填为免费" /></Field>
            <Field label="划线价（元）"><Input name="scribingYuan" defaultValue={course ? yuan(course.scribingPrice) : ""} /></Field>
            <Field label="学时"><Input name="learnHour" defaultValue={course?.learnHour ?? 1} type="number" min={0} /></Field>
            <Field label="排序"><Input name="sort" defaultValue={course?.sort ?? 0} type="number" min={0} /></Field>
          </div>
          <div className="pl-[132px]"><Button type="submit" disabled={base.state !== "idle"}>保存基本信息</Button></div>
        </base.Form>
      </Section>

      {course ? (
        <>
          <Section title="章节与课件" hint="课件来自素材库的「课件资料」，视频时长取自文件本身">
            <other.Form method="post">
              <input type="hidden" name="intent" value="chapters" />
              <ChapterEditor
                wares={wares}
                initial={course.chapters.map((c) => ({ id: c.id, name: c.name, children: c.children.map((s) => ({ id: s.id, name: s.name, coursewareId: s.coursewareId ?? "" })) }))}
              />
              <Button type="submit" className="mt-4">保存章节</Button>
            </other.Form>
          </Section>
          <Section title="课程详情" hint="学员在课程详情页「课程介绍」中看到的内容；图片不超过 2MB">
            <other.Form method="post">
              <input type="hidden" name="intent" value="detail" />
              <RichTextEditor name="description" initial={course.description} key={course.id} />
              <Button type="submit" className="mt-3">保存详情</Button>
            </other.Form>
          </Section>
          <Section title="开放范围" hint="不选择任何范围时，课程对所有登录学员开放">
            <other.Form method="post">
              <input type="hidden" name="intent" value="open" />
              <OpenRangePicker value={range} onChange={setRange} options={rangeOptions} formFields />
              <Button type="submit" className="mt-2">保存开放范围</Button>
            </other.Form>
          </Section>
        </>
      ) : (
        <Card className="p-6 text-sm text-muted">保存基本信息后，即可编排章节、填写详情和设置开放范围。</Card>
      )}
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
