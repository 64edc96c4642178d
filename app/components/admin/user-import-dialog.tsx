import { trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { ImportJobDialog } from "./import-job-dialog";

/** Import users from .xlsx: pick a file, watch the progress, read and download the refused rows. */
export function UserImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const refresh = useRefresh();
  return (
    <ImportJobDialog
      open={open}
      fetcherKey="admin-users-import"
      title="导入用户"
      description="上传 .xlsx 文件，首行为表头：登录名、昵称、手机号、初始密码、组织、角色。组织和角色填写名称，多个用逗号分隔，重名时写完整路径（如 浙江省财政厅/杭州市财政局）。"
      poll={(id) => trpc.org.admin.users.importProgress.query({ id })}
      summary={(p) => (
        <>
          成功导入 <b className="text-[#00b42a]">{p.succeeded}</b> 人，失败 <b className="text-danger">{p.failed}</b> 行
        </>
      )}
      errorColumns={[
        { title: "登录名", cell: (r) => r.loginName || "-" },
        { title: "昵称", cell: (r) => r.nick || "-" },
      ]}
      errorFileHref={(p) => `/api/elearning/back/user/downloadErrorUserInfo?id=${p.jobId}`}
      onClose={onClose}
      onDone={refresh}
    />
  );
}
