// Shared by the browser (before asking for a policy) and the server (when building the object key).
export const MAX_FILE_NAME = 100;

/** Strips the path, removes spaces, commas and dollar signs, keeps at most 100 characters with the extension. */
export function cleanFileName(raw: string): string {
  const base = String(raw ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(/[\s,，$]/g, "");
  if (cleaned.length <= MAX_FILE_NAME) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const ext = dot > 0 && cleaned.length - dot <= 20 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, MAX_FILE_NAME - ext.length) + ext;
}

/** 1 MB is 1048576 bytes (learner-front-end.md 9). */
export const MB = 1048576;

export function oversizeMessage(maxSizeMb: number) {
  return `图片大小不能超过${maxSizeMb}Mb`;
}

export function uploadFailedMessage(status?: number) {
  return `上传失败，请检查网络后重试（${status || 500}）`;
}
