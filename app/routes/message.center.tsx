import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/components/layout/page-title";
import { useRootData } from "~/components/layout/shell-types";
import { MessageCenter, type FrameProps } from "~/components/message/message-center";
import { loadMessageCenter } from "~/components/message/message-center.server";
import { LoginRequired } from "~/components/person/login-required";
import { EmptyState } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: pageTitle("消息中心") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const loaded = await loadMessageCenter(request);
  return data(loaded.data, { headers: loaded.headers });
}

const Frame = ({ extra, children }: FrameProps) => (
  <section className="min-h-[560px] rounded-lg bg-white">
    <div className="flex h-14 items-center justify-between border-b border-border px-6">
      <h1 className="text-base font-semibold text-[#1d2129]">消息中心</h1>
      {extra}
    </div>
    <div className="p-6">{children}</div>
  </section>
);

/** /message/center (learner-front-end.md 2): the message centre on a page of its own, the same tabs as /person/message. */
export default function MessageCenterPage() {
  const enabled = useRootData()?.shell.noticeEnabled ?? true;
  const d = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6">
      {!d.loggedIn ? (
        <section className="rounded-lg bg-white">
          <LoginRequired />
        </section>
      ) : enabled ? (
        <MessageCenter data={d} basePath="/message/center" Frame={Frame} />
      ) : (
        <Frame>
          <EmptyState title="当前站点未开启消息功能" hint="如需接收通知，请前往财云学院主站查看" />
        </Frame>
      )}
    </div>
  );
}
