import { useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { Table, Td, Th } from "./table";

type Progress = Awaited<ReturnType<typeof trpc.org.users.importProgress.query>>;
type ImportAnswer = { ok: boolean; message: string; jobId?: number };

/** Import users from .xlsx: pick a file, watch the progress, read and download the refused rows. */
export function UserImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<ImportAnswer>({ key: "admin-users-import" });
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const started = useRef<unknown>(null);

  useEffect(() => {
    if (!open) {
      setProgress(null);
      setError(null);
      setFileName("");
    }
  }, [open]);

  // Polls the job until it is finished, then refreshes the list behind the dialog.
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || started.current === answer) return;
    started.current = answer;
    if (!answer.ok || !answer.jobId) {
      setError(answer.message);
      return;
    }
    const jobId = answer.jobId;
    const poll = async () => {
      try {
        const p = await trpc.org.users.importProgress.query({ id: jobId });
        setProgress(p);
        if (p.status === "running") timer.current = setTimeout(poll, 400);
        else revalidator.revalidate();
      } catch (e) {
        setError(errorMessage(e));
      }
    };
    void poll();
    return () => clearTimeout(timer.current);
  }, [fetcher.state, fetcher.data, revalidator]);

  if (!open) return null;
  const running = fetcher.state !== "idle" || progress?.status === "running";
  return (
    <Dialog open onOpenChange={(o) => !o && !running && onClose()}>
      <DialogContent className="w-[720px]">
        <DialogTitle>导入用户</DialogTitle>
        <DialogDescription>
          上传 .xlsx 文件，首行为表头：登录名、昵称、手机号、初始密码、组织、角色。组织和角色填写名称，多个用逗号分隔，重名时写完整路径（如 浙江省财政厅/杭州市财政局）。
        </DialogDescription>
        {!progress && (
          <fetcher.Form method="post" encType="multipart/form-data" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="import" />
            <label className="flex h-24 cursor-pointer flex-col items-center justify-center rounded-md border border-dashed border-border text-sm text-[#4e5969] hover:border-primary">
              <span>{fileName || "点击选择 Excel 文件（.xlsx，不超过5MB）"}</span>
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
                成功导入 <b className="text-[#00b42a]">{progress.succeeded}</b> 人，失败 <b className="text-danger">{progress.failed}</b> 行
              </p>
            )}
            {progress.status === "done" && progress.failed > 0 && (
              <>
                <div className="max-h-56 overflow-y-auto rounded-md border border-border">
                  <Table>
                    <thead>
                      <tr>
                        <Th>行号</Th>
                        <Th>登录名</Th>
                        <Th>昵称</Th>
                        <Th>错误原因</Th>
                      </tr>
                    </thead>
                    <tbody>
                      {progress.errorRows.map((r) => (
                        <tr key={r.row}>
                          <Td className="tabular-nums">{r.row}</Td>
                          <Td>{r.loginName || "-"}</Td>
                          <Td>{r.nick || "-"}</Td>
                          <Td className="whitespace-normal text-danger">{r.error}</Td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                </div>
                <a className="text-sm text-primary hover:underline" href={`/api/elearning/back/user/downloadErrorUserInfo?id=${progress.jobId}`} download>
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
