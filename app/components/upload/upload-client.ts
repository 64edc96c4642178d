// Browser side of the upload flow (learner-front-end.md 4): policy, multipart POST to the storage host, file URL.
import Uppy from "@uppy/core";
import AwsS3 from "@uppy/aws-s3";
import { trpc } from "~/lib/trpc";
import { cleanFileName, uploadFailedMessage } from "@base/file-name";

export const DEFAULT_BIZ_CODE = "1133";

export class UploadError extends Error {
  constructor(public status: number) {
    super(uploadFailedMessage(status));
  }
}

export interface UploadOptions {
  bizCode?: string;
  fileName?: string;
  /** A sub-folder under the business code, e.g. "identity". */
  midPath?: string;
  onProgress?: (percent: number) => void;
}

function statusOf(error: unknown): number {
  const source = (error as { source?: { status?: number } } | undefined)?.source;
  const status = source?.status ?? (error as { status?: number } | undefined)?.status;
  return typeof status === "number" && status > 0 ? status : 500;
}

/** Uploads one file and resolves with its object key and a URL that serves it. */
export async function uploadFile(file: Blob, options: UploadOptions = {}): Promise<{ key: string; url: string }> {
  const bizCode = options.bizCode ?? DEFAULT_BIZ_CODE;
  const name = cleanFileName(options.fileName ?? (file as File).name ?? "file") || "file";
  let key = "";
  const uppy = new Uppy({ autoProceed: false, allowMultipleUploadBatches: false });
  uppy.use(AwsS3, {
    shouldUseMultipart: false,
    async getUploadParameters(f) {
      const token = await trpc.upload.getUploadToken.query({
        bizCode,
        fileName: name,
        midPath: options.midPath,
        contentType: f.type || "application/octet-stream",
        fileSize: f.size ?? undefined,
        timestamp: Date.now(),
        fileNum: 1,
      });
      key = token.data[0]!;
      return { method: "POST", url: token.host, fields: token.fields, headers: {} };
    },
  });
  uppy.on("upload-progress", (_f, progress) => {
    if (progress.bytesTotal) options.onProgress?.(Math.round(((progress.bytesUploaded ?? 0) / progress.bytesTotal) * 100));
  });
  try {
    uppy.addFile({ name, type: file.type || "application/octet-stream", data: file, source: "local" });
    const result = await uppy.upload();
    const failed = result?.failed?.[0];
    if (failed || !key) throw new UploadError(statusOf(failed?.error));
    const { url } = await trpc.upload.getDownLoadUrl.query({ bizCode, fileId: key });
    options.onProgress?.(100);
    return { key, url };
  } catch (error) {
    if (error instanceof UploadError) throw error;
    throw new UploadError(statusOf(error));
  } finally {
    uppy.destroy();
  }
}
