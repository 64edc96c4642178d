import { Form, Link, useSubmit } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export interface UserFilterValues {
  keyword: string;
  status: string;
  isAdmin: string;
  locked: string;
}

const selectClass = "h-9 rounded-md border border-border bg-white px-3 text-sm text-[#1d2129] focus:border-primary focus:outline-none";

function Select({ name, label, value, options }: { name: string; label: string; value: string; options: [string, string][] }) {
  return (
    <label className="flex items-center gap-2 text-sm text-[#4e5969]">
      {label}
      <select name={name} defaultValue={value} className={selectClass}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A GET form, so every search is a link that can be shared and reloaded. */
export function UserFilters({ values }: { values: UserFilterValues }) {
  const submit = useSubmit();
  // Blank fields stay out of the address, so it reads ?keyword=张 rather than a row of empty keys.
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    for (const [k, v] of [...form.entries()]) if (v === "") form.delete(k);
    submit(form, { method: "get" });
  };
  return (
    // The key resets the fields when the address changes (reset link, dashboard cards).
    <Form method="get" onSubmit={onSubmit} key={JSON.stringify(values)} className="flex flex-wrap items-center gap-x-5 gap-y-3" role="search">
      <Input
        name="keyword"
        defaultValue={values.keyword}
        placeholder="登录名 / 昵称 / 手机号"
        maxLength={40}
        className="h-9 w-64"
        aria-label="关键词"
      />
      <Select
        name="status"
        label="状态"
        value={values.status}
        options={[
          ["", "全部"],
          ["1", "启用"],
          ["0", "禁用"],
        ]}
      />
      <Select
        name="isAdmin"
        label="管理员"
        value={values.isAdmin}
        options={[
          ["", "全部"],
          ["1", "是"],
          ["0", "否"],
        ]}
      />
      <Select
        name="locked"
        label="锁定"
        value={values.locked}
        options={[
          ["", "全部"],
          ["1", "已锁定"],
          ["0", "未锁定"],
        ]}
      />
      <span className="flex gap-2">
        <Button type="submit">查询</Button>
        <Button asChild variant="outline">
          <Link to="/admin/users">重置</Link>
        </Button>
      </span>
    </Form>
  );
}
