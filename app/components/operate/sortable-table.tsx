import { useState } from "react";
import { Table, Td, Th } from "~/components/admin/table";
import { cn } from "~/lib/utils";

export interface Column<T> {
  title: string;
  render: (row: T) => React.ReactNode;
  className?: string;
}

/**
 * A list an operator orders: drag a row onto another row's place, or use 上移/下移.
 * `onMove(id, position)` gets the 1-based target position.
 */
export function SortableTable<T extends { id: number }>({
  rows,
  columns,
  onMove,
  actions,
  busy,
}: {
  rows: T[];
  columns: Column<T>[];
  onMove: (id: number, position: number) => void;
  actions?: (row: T) => React.ReactNode;
  busy?: boolean;
}) {
  const [dragId, setDragId] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);

  return (
    <Table>
      <thead>
        <tr>
          <Th className="w-14">排序</Th>
          {columns.map((c) => (
            <Th key={c.title} className={c.className}>
              {c.title}
            </Th>
          ))}
          <Th className="w-56">操作</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr
            key={row.id}
            draggable={!busy}
            data-testid="sortable-row"
            onDragStart={(e) => {
              setDragId(row.id);
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", String(row.id));
            }}
            onDragOver={(e) => {
              e.preventDefault();
              setOverIndex(i);
            }}
            onDragLeave={() => setOverIndex((o) => (o === i ? null : o))}
            onDrop={(e) => {
              e.preventDefault();
              const id = dragId ?? Number(e.dataTransfer.getData("text/plain"));
              setDragId(null);
              setOverIndex(null);
              if (id && id !== row.id) onMove(id, i + 1);
            }}
            onDragEnd={() => {
              setDragId(null);
              setOverIndex(null);
            }}
            className={cn("bg-white", dragId === row.id && "opacity-40", overIndex === i && dragId !== row.id && "outline-2 -outline-offset-2 outline-primary")}
          >
            <Td>
              <span className="inline-flex cursor-grab items-center gap-1.5 text-muted" title="拖动调整顺序">
                <span aria-hidden>⋮⋮</span>
                {i + 1}
              </span>
            </Td>
            {columns.map((c) => (
              <Td key={c.title} className={c.className}>
                {c.render(row)}
              </Td>
            ))}
            <Td>
              <div className="flex items-center gap-3 text-sm">
                <button type="button" className="cursor-pointer text-primary disabled:cursor-not-allowed disabled:text-muted" disabled={busy || i === 0} onClick={() => onMove(row.id, i)}>
                  上移
                </button>
                <button type="button" className="cursor-pointer text-primary disabled:cursor-not-allowed disabled:text-muted" disabled={busy || i === rows.length - 1} onClick={() => onMove(row.id, i + 2)}>
                  下移
                </button>
                {actions?.(row)}
              </div>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
