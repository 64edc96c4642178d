import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ProviderAccount {
  id: string;
  name: string;
  userName?: string;
  mobile?: string;
  avatar?: string;
}

/**
 * A small OAuth2 authorization-code provider with PKCE: authorize (a consent page) → code → token →
 * userinfo. The account that consents is set with `signIn`.
 */
export async function startOAuthProvider(opts: { clientId: string; clientSecret?: string }) {
  let account: ProviderAccount = { id: "zcy-1001", name: "张经办", mobile: "13912340001" };
  const codes = new Map<string, { challenge: string; redirectUri: string; account: ProviderAccount; used: boolean }>();
  const tokens = new Map<string, ProviderAccount>();
  const seen = { tokenRequests: 0, lastTokenForm: null as URLSearchParams | null };

  const readBody = (req: import("node:http").IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = "";
      req.on("data", (c) => (s += c));
      req.on("end", () => resolve(s));
    });
  const json = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const issue = (q: URLSearchParams) => {
    const code = randomBytes(16).toString("hex");
    codes.set(code, { challenge: q.get("code_challenge") ?? "", redirectUri: q.get("redirect_uri") ?? "", account, used: false });
    const back = new URL(q.get("redirect_uri")!);
    back.searchParams.set("code", code);
    back.searchParams.set("state", q.get("state") ?? "");
    return back.toString();
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/favicon.ico") {
      res.writeHead(204);
      return res.end();
    }
    if (req.method === "GET" && url.pathname === "/authorize") {
      const q = url.searchParams;
      if (q.get("client_id") !== opts.clientId || q.get("response_type") !== "code" || q.get("code_challenge_method") !== "S256")
        return json(res, 400, { error: "invalid_request" });
      const hidden = [...q].map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replace(/"/g, "&quot;")}">`).join("");
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(
        `<!doctype html><meta charset="utf-8"><title>政采云授权</title><h1>政采云统一认证</h1><p>${account.name} 将授权登录财云学院</p>` +
          `<form method="post" action="/authorize">${hidden}<button type="submit">同意授权</button></form>`,
      );
    }
    if (req.method === "POST" && url.pathname === "/authorize") {
      const q = new URLSearchParams(await readBody(req));
      res.writeHead(302, { location: issue(q) });
      return res.end();
    }
    if (req.method === "POST" && url.pathname === "/token") {
      seen.tokenRequests++;
      const f = new URLSearchParams(await readBody(req));
      seen.lastTokenForm = f;
      const entry = codes.get(f.get("code") ?? "");
      if (!entry || entry.used) return json(res, 400, { error: "invalid_grant" });
      entry.used = true;
      const verifier = f.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (challenge !== entry.challenge) return json(res, 400, { error: "invalid_grant", error_description: "PKCE" });
      if (f.get("redirect_uri") !== entry.redirectUri || f.get("client_id") !== opts.clientId) return json(res, 400, { error: "invalid_grant" });
      if (opts.clientSecret && f.get("client_secret") !== opts.clientSecret) return json(res, 401, { error: "invalid_client" });
      const token = randomBytes(16).toString("hex");
      tokens.set(token, entry.account);
      return json(res, 200, { access_token: token, token_type: "Bearer", expires_in: 600 });
    }
    if (req.method === "GET" && url.pathname === "/userinfo") {
      const who = tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!who) return json(res, 401, { error: "invalid_token" });
      return json(res, 200, { id: who.id, name: who.name, userName: who.userName ?? who.id, mobile: who.mobile ?? "", avatar: who.avatar ?? "" });
    }
    json(res, 404, { error: "not_found" });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    seen,
    signIn(a: ProviderAccount) {
      account = a;
    },
    /** What the browser does on the consent page: approve and follow back to the app with code and state. */
    approve(authorizeUrl: string) {
      const q = new URL(authorizeUrl).searchParams;
      const back = new URL(issue(q));
      return { code: back.searchParams.get("code")!, state: back.searchParams.get("state")!, url: back.toString() };
    },
    platform(extra: Partial<Record<string, string | number>> = {}) {
      return {
        name: "政采云",
        url: "https://www.zcygov.cn",
        picUrl: "/images/platform-zcy.svg",
        sort: 1,
        cloudRegion: "lcy",
        source: "zcy",
        clientId: opts.clientId,
        authorizeUrl: `${base}/authorize`,
        tokenUrl: `${base}/token`,
        userinfoUrl: `${base}/userinfo`,
        scope: "openid profile phone",
        ...extra,
      };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
