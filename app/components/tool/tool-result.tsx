import { Table, Td, Th } from "~/components/admin/table";

type Row = Record<string, unknown>;
const ROWS_SHOWN = 50;

const isFlatRow = (v: unknown): v is Row => !!v && typeof v === "object" && !Array.isArray(v) && Object.values(v).every((x) => x === null || typeof x !== "object");

/** The first list of flat records in an answer (indexes, errors, viewers), shown as a table. */
function tableOf(value: unknown): { name: string; rows: Row[] } | null {
  if (Array.isArray(value)) return value.length && value.every(isFlatRow) ? { name: "", rows: value } : null;
  if (!value || typeof value !== "object") return null;
  for (const [name, v] of Object.entries(value)) if (Array.isArray(v) && v.length && v.every(isFlatRow)) return { name, rows: v };
  return null;
}

const cell = (v: unknown) => (v === null || v === undefined ? "-" : String(v));

/** A tool's answer: a table of its list where it has one, and the whole answer as formatted JSON. */
export function ToolResult({ value }: { value: unknown }) {
  const table = tableOf(value);
  const columns = table ? [...new Set(table.rows.flatMap((r) => Object.keys(r)))] : [];
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-green-700">执行成功</p>
      {table && (
        <div className="max-h-72 overflow-auto rounded-md border border-border">
          <Table aria-label={table.name || "结果列表"}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <Th key={c}>{c}</Th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.slice(0, ROWS_SHOWN).map((r, i) => (
                <tr key={i}>
                  {columns.map((c) => (
                    <Td key={c} className="max-w-[240px] truncate" title={cell(r[c])}>
                      {cell(r[c])}
                    </Td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      <pre className="max-h-72 overflow-auto rounded-md bg-[#f7f8fa] p-3 text-xs leading-5 text-[#1d2129]" data-testid="tool-json">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}
