import { ImportJobDialog } from "~/components/admin/import-job-dialog";
import { trpc } from "~/lib/trpc";

/** Imports recipients from .xlsx (登录名 / 手机号 columns): upload, watch the progress, read and download the refused rows. */
export function RecipientImportDialog({ open, messageId, onClose, onDone }: { open: boolean; messageId: number; onClose: () => void; onDone: () => void }) {
  return (
    <ImportJobDialog
      open={open}
      fetcherKey={`message-import-${messageId}`}
      title="导入接收用户"
      description="上传 .xlsx 文件，首行为表头「登录名」「手机号」，每行填写其一即可；不超过5000行、5MB。"
      pickHint="点击选择 Excel 文件（.xlsx）"
      className="w-[680px]"
      poll={(jobId) => trpc.message.admin.importProgress.query({ jobId })}
      summary={(p) => (
        <>
          成功 <b className="text-[#00b42a]">{p.succeeded}</b> 行（新增 {p.added} 人），失败 <b className="text-danger">{p.failed}</b> 行
        </>
      )}
      errorColumns={[
        { title: "登录名", cell: (r) => r.loginName || "-" },
        { title: "手机号", cell: (r) => r.mobile || "-" },
      ]}
      errorFileHref={(p) => `/api/elearning/back/caiyun/message/downloadErrorMessage?id=${messageId}&jobId=${p.jobId}`}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
