import { useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { trpc } from "~/lib/trpc";

const CODE = /^[A-Za-z0-9_]{2,32}$/;

/**
 * A detail page opened from a promotion link (?channel=CODE) counts the visit once it shows. The server
 * counts a visitor once a day; a failure never troubles the learner.
 */
export function ChannelVisit({ type, objectId }: { type: 1 | 2 | 4; objectId?: number }) {
  const channel = useSearchParams()[0].get("channel") ?? "";
  useEffect(() => {
    if (!CODE.test(channel)) return;
    trpc.org.promote.mutate({ channel, type, objectId }).catch(() => undefined);
  }, [channel, type, objectId]);
  return null;
}
