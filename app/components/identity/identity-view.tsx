import { useNavigate } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { toast } from "sonner";
import type { IdentityRecord } from "@trpc-app/identity/identity.service";
import { Avatar } from "~/components/layout/avatar";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { PhotoField } from "./photo-field";
import { formatDateTime } from "@base/format";
import { useRefresh } from "~/lib/use-refresh";

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex min-h-12 items-center border-b border-border py-2 text-sm last:border-b-0">
      <span className="w-32 shrink-0 text-muted">{label}</span>
      <div className="flex flex-1 items-center gap-3 text-[#1d2129]" data-testid={testId}>
        {children}
      </div>
    </div>
  );
}

/** Read-only identity (isAuth 1); the photo may still be added once. */
export function IdentityView({ record, from }: { record: IdentityRecord; from: string }) {
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [shown, setShown] = useState(false);
  const [photo, setPhoto] = useState("");
  const [saving, setSaving] = useState(false);

  async function savePhoto() {
    setSaving(true);
    try {
      await trpc.identity.completePassportPhoto.mutate({ passportPhotoUrl: photo });
      setPhoto("");
      toast.success("证件照上传成功");
      refresh();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div>
      <div className="flex items-center gap-4 border-b border-border pb-5">
        <Avatar src={record.headPic} name={record.nick} className="h-16 w-16 text-xl" />
        <div className="flex flex-col gap-1">
          <span className="text-base font-semibold text-[#1d2129]">{record.nick}</span>
          <span className="text-xs text-[#00b42a]">已完成实名认证</span>
        </div>
      </div>
      <Row label="账号">{record.loginName}</Row>
      <Row label="用户ID">{record.userId}</Row>
      <Row label="一寸照片">
        {record.passportPhotoUrl ? (
          <img src={record.passportPhotoUrl} alt="证件照" className="h-[138px] w-[99px] rounded border border-border object-cover" data-testid="passport-photo" />
        ) : (
          <PhotoField value={photo} onChange={setPhoto} />
        )}
      </Row>
      <Row label="真实姓名" testId="real-name">{record.realName}</Row>
      <Row label="证件类型" testId="id-type">{record.idTypeName}</Row>
      <Row label="证件号码">
        <span data-testid="id-no" className="font-mono tracking-wide">
          {shown ? record.cardNo : record.idNo}
        </span>
        <button type="button" className="text-primary hover:underline" onClick={() => setShown((s) => !s)}>
          {shown ? "隐藏" : "显示"}
        </button>
      </Row>
      {record.identityNames.length ? <Row label="身份类型">{record.identityNames.join("、")}</Row> : null}
      {record.orgName ? <Row label="单位名称">{record.orgName}</Row> : null}
      {record.areaName ? <Row label="所属地区">{record.areaName}</Row> : null}
      <Row label="最近更新时间">{formatDateTime(record.modifiedTime) || "-"}</Row>
      <div className="flex justify-center pt-6">
        <Button variant="outline" className="w-32" onClick={() => navigate(from)}>
          返回
        </Button>
      </div>
      <Dialog open={!!photo} onOpenChange={(o) => !o && !saving && setPhoto("")}>
        <DialogContent>
          <DialogTitle>确认上传</DialogTitle>
          <DialogDescription>证件照上传后将用于培训证书，且不可修改，确认上传该照片吗？</DialogDescription>
          <div className="mt-4 flex justify-center">
            {photo ? <img src={photo} alt="待上传证件照" className="h-[138px] w-[99px] rounded border border-border object-cover" /> : null}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setPhoto("")} disabled={saving}>
              取消
            </Button>
            <Button onClick={() => void savePhoto()} disabled={saving}>
              确认上传
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
