import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage } from "~/lib/trpc";
import { Table, Td, Th } from "./table";

/** What an import job reports while it runs and when it ends. */
export interface ImportJobProgress {
  jobId: number;
  status: string;
  processed: number;
  total: number;
  percent: number;
  message?: string | null;
  failed: number;
  errorRows: Array<{ row: number; error: string }>;
}

type ImportAnswer = { ok: boolean; message: string; jobId?: number };

/**
 * An .xlsx import in the back office: pick a file (posted to the page's action with intent "import",
 * which answers the job id), watch the progress, read the refused rows and download them.
 */
export function ImportJobDialog<P extends ImportJobProgress>({
  open,
  fetcherKey,
  title,
  description,
  pickHint = "点击选择 Excel 文件（.xlsx，不超过5MB）",
  className = "w-[720px]",
  poll,
  summary,
  errorColumns,
  errorFileHref,
  onClose,
  onDone,
}: {
  open: boolean;
  fetcherKey: string;
  title: string;
  description: React.ReactNode;
  pickHint?: string;
  className?: string;
  poll: (jobId: number) => Promise<P>;
  summary: (progress: P) => React.ReactNode;
  /** Columns shown before the reason, for each refused row. */
  errorColumns: Array<{ title: string; cell: (row: P["errorRows"][number]) => React.ReactNode }>;
  errorFileHref: (progress: P) => string;
  onClose: () => void;
  /** Called once the job has ended, to reload what the import changed. */
  onDone: () => void;
}) {
  const fetcher = useFetcher<ImportAnswer>({ key: fetcherKey });
  const [progress, setProgress] = useState<P | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const started = useRef<unknown>(null);
  // The parent's callbacks may change while a job is polled; the poll must not restart for that.
  const latest = useRef({ poll, onDone });
  latest.current = { poll, onDone };

  useEffect(() => {
    if (!open) {
      setProgress(null);
      setError(null);
      setFileName("");
    }
  }, [open]);

  // Polls the job until it has ended, then lets the page reload.
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || started.current === answer) return;
    started.current = answer;
    if (!answer.ok || !answer.jobId) {
      setError(answer.message);
      return;
    }
    const jobId = answer.jobId;
    const next = async () => {
      try {
        const p = await latest.current.poll(jobId);
        setProgress(p);
        if (p.status === "running") timer.current = setTimeout(next, 400);
        else latest.current.onDone();
      } catch (e) {
        setError(errorMessage(e));
      }
    };
    void next();
    return () => clearTimeout(timer.current);
  }, [fetcher.state, fetcher.data]);

  if (!open) return null;
  const running = fetcher.state !== "idle" || progress?.status === "running";
  return (
    <Dialog open onOpenChange={(o) => !o && !running && onClose()}>
      <DialogContent className={className}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {!progress && (
          <fetcher.Form method="post" encType="multipart/form-data" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="import" />
            <label className="flex h-24 cursor-pointer flex-col items-center justify-center rounded-md border border-dashed border-border text-sm text-[#4e5969] hover:border-primary">
              <span>{fileName || pickHint}</span>
              <input
                type="file"
                name="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="sr-only"
                aria-label="选择导入文件"
                onChange={(e) => {
                  setError(null);
                  setFileName(e.target.files?.[0]?.name ?? "");
                }}
              />
            </label>
            {error && (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                取消
              </Button>
              <Button type="submit" disabled={!fileName || fetcher.state !== "idle"}>
                {fetcher.state !== "idle" ? "上传中…" : "开始导入"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        )}
        {progress && (
          <div className="mt-4 space-y-3">
            <div>
              <div className="mb-1 flex justify-between text-sm">
                <span>{progress.status === "running" ? "正在导入…" : progress.status === "done" ? "导入完成" : "导入失败"}</span>
                <span className="tabular-nums">
                  {progress.processed}/{progress.total}
                </span>
              </div>
              <div className="h-2 rounded bg-[#f2f3f5]" role="progressbar" aria-valuenow={progress.percent} aria-valuemin={0} aria-valuemax={100} aria-label="导入进度">
                <div className="h-2 rounded bg-primary transition-all" style={{ width: `${progress.percent}%` }} />
              </div>
            </div>
            {progress.status === "failed" && <p className="text-sm text-danger">{progress.message ?? "导入失败，请重试"}</p>}
            {progress.status === "done" && (
              <p className="text-sm" data-testid="import-summary">
                {summary(progress)}
              </p>
            )}
            {progress.status === "done" && progress.failed > 0 && (
              <>
                <div className="max-h-56 overflow-y-auto rounded-md border border-border">
                  <Table>
                    <thead>
                      <tr>
                        <Th>行号</Th>
                        {errorColumns.map((c) => (
                          <Th key={c.title}>{c.title}</Th>
                        ))}
                        <Th>错误原因</Th>
                      </tr>
                    </thead>
                    <tbody>
                      {progress.errorRows.map((r) => (
                        <tr key={r.row}>
                          <Td className="tabular-nums">{r.row}</Td>
                          {errorColumns.map((c) => (
                            <Td key={c.title}>{c.cell(r)}</Td>
                          ))}
                          <Td className="whitespace-normal text-danger">{r.error}</Td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                </div>
                <a className="text-sm text-primary hover:underline" href={errorFileHref(progress)} download>
                  下载失败数据
                </a>
              </>
            )}
            <DialogFooter>
              <Button type="button" onClick={onClose} disabled={progress.status === "running"}>
                {progress.status === "running" ? "导入中…" : "完成"}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
