import { useEffect, useState } from "react";
import { downloadFrom, type ImportResult } from "~/components/exam/admin-files";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { QuestionFolderSelect, type FolderOption } from "./question-folders";

/** Posts the spreadsheet to the import row of its format; the questions land in the chosen folder. */
async function upload(file: File, version: 1 | 2, folderId: string): Promise<ImportResult> {
  const fd = new FormData();
  fd.append("file", file);
  if (folderId) fd.append("folderId", folderId);
  const path = version === 1 ? "importQuestionExcel" : "importQuestionExcelV2";
  const res = await fetch(`/api/elearning/materialLibQuestion/${path}`, { method: "POST", body: fd, credentials: "same-origin" });
  const j = (await res.json().catch(() => null)) as { success: boolean; message: string; data: ImportResult } | null;
  if (!j) throw new Error("导入失败，请稍后再试");
  if (!j.success) throw new Error(j.message);
  return j.data;
}

/** Excel import: template download, target folder (the one being viewed by default), upload, and the per-row error report. */
export function QuestionImportDialog({
  open,
  folders,
  defaultFolderId,
  onClose,
  onDone,
}: {
  open: boolean;
  folders: FolderOption[];
  defaultFolderId: number | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [version, setVersion] = useState<1 | 2>(1);
  const [folderId, setFolderId] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    if (!open) return;
    setFolderId(defaultFolderId ? String(defaultFolderId) : "");
    setResult(null);
    setFile(null);
    setError("");
  }, [open, defaultFolderId]);

  async function run() {
    if (!file) return setError("请选择要导入的 Excel 文件");
    setBusy(true);
    setError("");
    try {
      setResult(await upload(file, version, folderId));
      onDone();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="w-[560px]">
        <DialogTitle>导入试题</DialogTitle>
        <div className="mt-4 space-y-3 text-sm">
          <div className="flex gap-4">
            <label className="flex items-center gap-1"><input type="radio" checked={version === 1} onChange={() => setVersion(1)} />格式一（每个选项一列）</label>
            <label className="flex items-center gap-1"><input type="radio" checked={version === 2} onChange={() => setVersion(2)} />格式二（选项在同一格）</label>
          </div>
          <label className="block">
            导入到文件夹
            <QuestionFolderSelect label="导入到文件夹" folders={folders} value={folderId} onChange={setFolderId} className="mt-1" />
          </label>
          <Button variant="link" size="sm" onClick={() => downloadFrom("/api/elearning/materialLibQuestion/download", { version }).catch((e) => setError(e.message))}>下载导入模板</Button>
          <input type="file" accept=".xlsx" aria-label="选择文件" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          {busy && <div className="h-2 w-full overflow-hidden rounded bg-[#f2f3f5]"><div className="h-2 w-1/2 animate-pulse bg-primary" /></div>}
          {result && (
            <div data-testid="import-result" className="rounded-md bg-[#f7f8fa] p-3">
              共{result.total}行，成功导入{result.imported}道，失败{result.failed}行
              {result.failed > 0 && (
                <>
                  <ul className="mt-2 max-h-32 overflow-auto text-danger">
                    {result.errors.map((e) => <li key={e.row}>第{e.row}行：{e.message}</li>)}
                  </ul>
                  <Button variant="link" size="sm" onClick={() => downloadFrom("/api/elearning/materialLibQuestion/downloadErrorQuestions", { importId: result.importId })}>下载失败数据</Button>
                </>
              )}
            </div>
          )}
          {error && <p role="alert" className="text-danger">{error}</p>}
        </div>
        <div className="mt-5 flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>关闭</Button>
          <Button disabled={busy} onClick={run}>{busy ? "导入中…" : "开始导入"}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
