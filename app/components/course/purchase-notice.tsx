import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { formatMoney } from "@base/format";

/**
 * What 购买课程 tells a learner while online payment is not open: the price, and how to get the
 * course instead (an administrator opens it after an offline payment).
 */
export function PurchaseNotice({ open, onClose, price, enrolled }: { open: boolean; onClose: () => void; price: number; enrolled: boolean }) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogTitle>{enrolled ? "课程待开通" : "在线购买暂未开放"}</DialogTitle>
        <DialogDescription>
          {enrolled
            ? `您已被报名本课程（¥${formatMoney(price)}），管理员确认缴费后即可开始学习。`
            : `本课程为付费课程，价格 ¥${formatMoney(price)}。在线购买功能暂未开放，如需学习，请联系所在单位或平台管理员线下缴费开通，开通后即可在「我的学习」中找到本课程。`}
        </DialogDescription>
        <DialogFooter>
          <Button onClick={onClose}>我知道了</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
