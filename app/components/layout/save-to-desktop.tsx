import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { DesktopIcon } from "./icons";

// A Windows Internet Shortcut file: double-clicking it on the desktop opens the site.
function downloadShortcut() {
  const body = `[InternetShortcut]\r\nURL=${window.location.origin}/\r\n`;
  const url = URL.createObjectURL(new Blob([body], { type: "application/octet-stream" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "财云学院.url";
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function SaveToDesktop() {
  return (
    <Dialog>
      <DialogTrigger className="flex cursor-pointer items-center gap-1 text-sm text-[#4e5969] hover:text-primary">
        <DesktopIcon className="text-base" />
        保存到桌面
      </DialogTrigger>
      <DialogContent className="w-[480px]">
        <DialogTitle>保存到桌面</DialogTitle>
        <DialogDescription>把财云学院放到电脑桌面，下次学习一键直达。</DialogDescription>
        <ol className="mt-4 space-y-3 text-sm leading-6 text-[#4e5969]">
          <li>
            <span className="font-medium text-[#1d2129]">方式一：</span>点击下方“下载桌面快捷方式”，把下载的“财云学院.url”文件移动到桌面，双击即可打开。
          </li>
          <li>
            <span className="font-medium text-[#1d2129]">方式二：</span>在 Chrome 或 Edge 浏览器中，点击右上角菜单，选择“保存并分享”→“创建快捷方式”，勾选“在窗口中打开”后确认。
          </li>
          <li>
            <span className="font-medium text-[#1d2129]">方式三：</span>把地址栏左侧的网站图标直接拖到桌面。
          </li>
        </ol>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">关闭</Button>
          </DialogClose>
          <Button onClick={downloadShortcut}>下载桌面快捷方式</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
