import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageTitle } from "~/components/layout/page-title";
import { useRootData } from "~/components/layout/shell-types";

export const meta: MetaFunction = () => [{ title: pageTitle("关于我们") }];

const OFFER = [
  { title: "系统课程", text: "政策法规、采购方式、合同履约、质疑投诉等专题课程，随时随地学习，进度自动保存。" },
  { title: "专家直播", text: "一线专家在线讲解新政与实务案例，直播互动答疑，错过也能看回放。" },
  { title: "在线考试", text: "题库练习与正式考试，支持人脸核验与防作弊监考，成绩即时可查。" },
  { title: "学习认证", text: "完成课程、通过考试即可获得电子证书，证书编号可在认证中心公开核验。" },
];

/** The footer's 关于我们 when the site configures no link of its own. */
export default function About() {
  const hotline = useRootData()?.shell.hotline;
  return (
    <main className="mx-auto w-full max-w-[1200px] px-4 py-10">
      <section className="rounded-lg bg-gradient-to-r from-[#0a5ad8] to-[#2f7bf2] px-10 py-12 text-white">
        <h1 className="text-3xl font-semibold">关于财云学院</h1>
        <p className="mt-4 max-w-3xl leading-7 text-white/90">
          财云学院是面向政府采购从业人员的在线学习与考试平台。采购人、采购代理机构、供应商与监管部门的从业者在这里学习政策法规、
          观看专家直播、参加能力考试并取得学习证书，让专业能力的提升看得见、查得到。
        </p>
      </section>
      <section className="mt-8 grid grid-cols-4 gap-6">
        {OFFER.map((o) => (
          <div key={o.title} className="rounded-lg border border-[#e5e6eb] bg-white p-6">
            <h2 className="text-lg font-semibold text-[#1d2129]">{o.title}</h2>
            <p className="mt-3 text-sm leading-6 text-[#4e5969]">{o.text}</p>
          </div>
        ))}
      </section>
      <section className="mt-8 rounded-lg border border-[#e5e6eb] bg-white p-6 text-sm leading-7 text-[#4e5969]">
        <h2 className="text-lg font-semibold text-[#1d2129]">联系我们</h2>
        <p className="mt-2">服务热线：{hotline ?? "请通过帮助与反馈联系客服"}（工作日 9:00-18:00）</p>
        <p>
          开始学习：<Link to="/course/center" className="text-[#0a5ad8] hover:underline">课程中心</Link> ·{" "}
          <Link to="/live/center" className="text-[#0a5ad8] hover:underline">直播中心</Link> ·{" "}
          <Link to="/person/help" className="text-[#0a5ad8] hover:underline">帮助与反馈</Link>
        </p>
      </section>
    </main>
  );
}
