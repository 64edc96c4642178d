import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/components/layout/page-title";
import { useRootData } from "~/components/layout/shell-types";
import { MessageCenter, type FrameProps } from "~/components/message/message-center";
import { loadMessageCenter } from "~/components/message/message-center.server";
import { PersonPage } from "~/components/person/person-page";
import { EmptyState } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: pageTitle("消息中心", "个人中心") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const loaded = await loadMessageCenter(request);
  return data(loaded.data, { headers: loaded.headers });
}

const Frame = ({ extra, children }: FrameProps) => (
  <PersonPage title="消息中心" extra={extra}>
    {children}
  </PersonPage>
);

/** The personal centre's message centre; /message/center shows the same tabs on a page of its own. */
export default function PersonMessage() {
  const enabled = useRootData()?.shell.noticeEnabled ?? true;
  const d = useLoaderData<typeof loader>();
  if (!enabled)
    return (
      <PersonPage title="消息中心">
        <EmptyState title="当前站点未开启消息功能" hint="如需接收通知，请前往财云学院主站查看" />
      </PersonPage>
    );
  return <MessageCenter data={d} basePath="/person/message" Frame={Frame} />;
}
