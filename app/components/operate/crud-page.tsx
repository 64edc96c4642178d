import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { PageHeader } from "~/components/admin/shell";
import { adminToast } from "~/components/admin/toast";
import type { ActionResult } from "~/components/admin/guard.server";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { EntityFormDialog, type FieldSpec } from "./entity-form";
import { SortableTable, type Column } from "./sortable-table";

/** One fetcher per page: every result shows as a toast; a successful save closes the dialog. */
export function useOperateFetcher(key: string, onOk?: (message: string) => void) {
  const fetcher = useFetcher<ActionResult>({ key });
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) {
      adminToast.success(fetcher.data.message);
      onOk?.(fetcher.data.message);
    } else adminToast.error(fetcher.data.message);
  }, [fetcher.state, fetcher.data, onOk]);
  return fetcher;
}

/**
 * A back-office list of operations content: add, edit, delete, drag to reorder.
 * The route's action answers intents save / del / move.
 */
export function CrudPage<T extends { id: number }>({
  title,
  trail,
  noun,
  rows,
  columns,
  fields,
  extra,
  nameOf,
  toolbar,
  rowActions,
  children,
}: {
  title: string;
  trail: string;
  noun: string;
  rows: T[];
  columns: Column<T>[];
  fields: FieldSpec[];
  extra?: Record<string, string>;
  nameOf: (row: T) => string;
  toolbar?: React.ReactNode;
  rowActions?: (row: T) => React.ReactNode;
  children?: React.ReactNode;
}) {
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const fetcher = useOperateFetcher(`operate-${noun}`, () => {
    setEditing(null);
    setDeleting(null);
  });
  const busy = fetcher.state !== "idle";
  const move = (id: number, position: number) => fetcher.submit({ intent: "move", id: String(id), position: String(position), ...(extra ?? {}) }, { method: "post" });

  return (
    <>
      <PageHeader title={title} trail={trail}>
        <Button onClick={() => setEditing("new")}>新增{noun}</Button>
      </PageHeader>
      {toolbar}
      <Card>
        {rows.length ? (
          <SortableTable
            rows={rows}
            columns={columns}
            busy={busy}
            onMove={move}
            actions={(row) => (
              <>
                {rowActions?.(row)}
                <button type="button" className="cursor-pointer text-primary" onClick={() => setEditing(row)}>
                  编辑
                </button>
                <button type="button" className="cursor-pointer text-[#f53f3f]" onClick={() => setDeleting(row)}>
                  删除
                </button>
              </>
            )}
          />
        ) : (
          <EmptyState title={`还没有${noun}`} hint={`点击右上角“新增${noun}”开始配置`} />
        )}
      </Card>
      {children}
      <EntityFormDialog
        open={editing !== null}
        title={editing === "new" ? `新增${noun}` : `编辑${noun}`}
        fields={fields}
        values={editing && editing !== "new" ? (editing as Record<string, unknown>) : null}
        extra={extra}
        fetcher={fetcher as never}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        request={deleting ? { title: `删除${noun}`, description: `确定删除“${nameOf(deleting)}”吗？删除后不可恢复。`, confirmText: "删除", danger: true } : null}
        busy={busy}
        onConfirm={() => deleting && fetcher.submit({ intent: "del", id: String(deleting.id) }, { method: "post" })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

export const STATUS_OPTIONS = [
  { value: "1", label: "启用" },
  { value: "0", label: "停用" },
];
