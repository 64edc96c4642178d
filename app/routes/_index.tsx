import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { pageTitle } from "~/components/layout/page-title";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";

export const meta: MetaFunction = () => [
  { title: pageTitle("首页") },
  { name: "description", content: "财云学院：面向政府采购从业人员的在线学习与考试平台，提供精品课程、专家直播与能力认证。" },
];

const FEATURES = [
  { title: "精品课程", text: "法规解读与实务操作，体系化学习" },
  { title: "专家直播", text: "政策热点实时解读，在线互动答疑" },
  { title: "能力认证", text: "在线考试与电子证书，学习成果可查" },
];

function Hero() {
  return (
    <section className="bg-gradient-to-br from-primary to-[#3d8bff] text-white">
      <div className="mx-auto flex max-w-[1200px] items-center justify-between gap-10 px-4 py-14">
        <div className="max-w-[600px]">
          <p className="text-sm tracking-[0.3em] text-white/70">政府采购从业人员学习平台</p>
          <h1 className="mt-4 text-4xl font-bold leading-tight">学政采，上财云学院</h1>
          <p className="mt-4 text-base leading-7 text-white/85">课程、直播、考试与证书一站式学习，帮助每一位政府采购从业人员提升专业能力。</p>
          <div className="mt-8 flex gap-3">
            <Button asChild size="lg" className="bg-white text-primary hover:bg-white/90">
              <Link to="/course/center">进入课程中心</Link>
            </Button>
            <Button asChild size="lg" variant="ghost" className="border border-white/60 text-white hover:bg-white/10 hover:text-white">
              <Link to="/live/center">观看直播</Link>
            </Button>
          </div>
        </div>
        <ul className="grid w-[380px] shrink-0 gap-3">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-xl bg-white/12 px-5 py-4 ring-1 ring-white/20 backdrop-blur-sm">
              <p className="text-base font-semibold">{f.title}</p>
              <p className="mt-1 text-sm text-white/75">{f.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Section({ title, more, children }: { title: string; more: string; children: ReactNode }) {
  return (
    <section className="mt-8">
      <div className="mb-4 flex items-end justify-between">
        <h2 className="text-xl font-semibold text-[#1d2129]">{title}</h2>
        <Link to={more} className="text-sm text-muted hover:text-primary">
          查看更多 ›
        </Link>
      </div>
      <div className="rounded-lg bg-white">{children}</div>
    </section>
  );
}

/** The home page body; unknown paths render it too. */
export default function Home() {
  return (
    <>
      <Hero />
      <div className="mx-auto max-w-[1200px] px-4 pb-12">
        <Section title="推荐课程" more="/course/center">
          <EmptyState title="推荐课程正在准备中" hint="精选课程即将上线，届时可在这里直接开始学习" />
        </Section>
        <Section title="直播" more="/live/center">
          <EmptyState title="直播内容正在准备中" hint="直播排期公布后会在这里展示，可提前预约" />
        </Section>
        <Section title="考试" more="/verify/center">
          <EmptyState title="考试正在准备中" hint="认证考试开放后会在这里展示报名入口" />
        </Section>
      </div>
    </>
  );
}
