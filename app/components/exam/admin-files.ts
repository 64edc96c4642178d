// Back-office file helpers: downloads and multipart uploads go through the legacy rows (the tRPC
// client speaks JSON only), which call the same procedures.

export async function downloadFrom(path: string, body: unknown = {}) {
  const res = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
  if (!res.ok || (res.headers.get("content-type") ?? "").includes("json")) {
    const j = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(j?.message ?? "下载失败，请稍后再试");
  }
  const name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "导出.xlsx");
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface ImportResult {
  importId: number;
  total: number;
  imported: number;
  failed: number;
  errors: { row: number; message: string }[];
}

export async function uploadQuestions(file: File, version: 1 | 2): Promise<ImportResult> {
  const fd = new FormData();
  fd.append("file", file);
  const path = version === 1 ? "importQuestionExcel" : "importQuestionExcelV2";
  const res = await fetch(`/api/elearning/materialLibQuestion/${path}`, { method: "POST", body: fd, credentials: "same-origin" });
  const j = (await res.json()) as { success: boolean; message: string; data: ImportResult };
  if (!j.success) throw new Error(j.message);
  return j.data;
}
