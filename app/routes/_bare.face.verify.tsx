import type { MetaFunction } from "@remix-run/node";
import { useNavigate } from "@remix-run/react";
import { BarePage } from "~/components/layout/bare-page";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";

export const meta: MetaFunction = () => [{ title: pageTitle("人脸核验") }];

const STEPS = ["允许浏览器使用摄像头", "正对摄像头，保持光线充足、面部无遮挡", "系统采集人脸照片，并与实名认证的证件照比对"];

export default function FaceVerify() {
  const navigate = useNavigate();
  return (
    <BarePage title="人脸核验" mark="☺">
      <p className="mt-3 text-sm leading-6 text-muted">为确认是本人参加学习或考试，需要通过摄像头进行人脸核验。核验从考试页面发起，步骤如下：</p>
      <ol className="mx-auto mt-5 max-w-[360px] space-y-2 text-left text-sm text-[#4e5969]">
        {STEPS.map((s, i) => (
          <li key={s} className="flex gap-3">
            <span className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-primary text-xs text-white">{i + 1}</span>
            {s}
          </li>
        ))}
      </ol>
      <Button variant="outline" className="mt-8 px-8" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/"))}>
        返回
      </Button>
    </BarePage>
  );
}
