import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "@db/index.server";
import { receiveNotification } from "@trpc-app/order/payment.service";

// Payment providers' notifications (WeChat Pay, Alipay, the sandbox): the raw body is verified by the
// provider named in the address, applied exactly once, and answered the way that provider expects.
const BODY_LIMIT = 64 * 1024;

export const action = async ({ request, params }: ActionFunctionArgs) => {
  // A declared size over the limit is refused before anything is read; an undeclared one is cut off while reading.
  if (Number(request.headers.get("content-length") ?? 0) > BODY_LIMIT) return new Response("too large", { status: 413 });
  const body = await request.text();
  if (Buffer.byteLength(body) > BODY_LIMIT) return new Response("too large", { status: 413 });
  const headers: Record<string, string> = {};
  request.headers.forEach((v, k) => (headers[k.toLowerCase()] = v));
  const result = await receiveNotification(await getDb(), params.provider ?? "", { headers, body });
  if (!result.provider) return new Response("unknown provider", { status: 404 });
  const answer = result.provider.notificationAnswer(result.ok);
  return new Response(answer.body, { status: answer.status, headers: { "content-type": answer.contentType } });
};

export const loader = () => new Response("method not allowed", { status: 405 });
