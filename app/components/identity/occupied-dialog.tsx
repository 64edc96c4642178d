import { Link } from "@remix-run/react";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";

export interface Occupier {
  mobile: string;
  userId: number;
}

/** The short notice under the ID field: the last four digits of each phone holding the number. */
export function occupiedNotice(list: Occupier[]) {
  const tails = list.map((o) => o.mobile.slice(-4)).join("、");
  return `该证件号码已被尾号${tails}的手机号账号认证`;
}

/** "ID number occupied": the accounts holding it, and what the learner can do. */
export function OccupiedDialog({ list, open, onClose }: { list: Occupier[]; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="w-[460px]">
        <DialogTitle>证件号码已被占用</DialogTitle>
        <DialogDescription>该证件号码已在以下账号完成实名认证，请使用以下账号登录学习，或前往帮助与反馈处理。</DialogDescription>
        <table className="mt-4 w-full border border-border text-sm">
          <thead className="bg-surface text-[#4e5969]">
            <tr>
              <th className="px-3 py-2 text-left font-medium">手机号</th>
              <th className="px-3 py-2 text-left font-medium">用户ID</th>
            </tr>
          </thead>
          <tbody>
            {list.map((o) => (
              <tr key={o.userId} className="border-t border-border">
                <td className="px-3 py-2">{o.mobile || "未绑定手机号"}</td>
                <td className="px-3 py-2">{o.userId}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <DialogFooter>
          <Link to="/person/help" className={buttonVariants({ variant: "outline" })}>
            去反馈
          </Link>
          <Button onClick={onClose}>我知道了</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
