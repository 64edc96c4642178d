import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import Provider from "oidc-provider";

/** An account of the provider: what it logs in with and the claims it hands out. */
export interface OidcAccount {
  sub: string;
  username: string;
  password: string;
  name?: string;
  phone_number?: string;
  phone_number_verified?: boolean;
  employee_number?: string;
  org_code?: string;
}

export interface OidcClientSetup {
  clientId: string;
  /** Absent: a public client (token endpoint auth none, PKCE only). */
  clientSecret?: string;
  /** The app's address, e.g. http://127.0.0.1:4123: redirect, logout and back-channel URIs hang off it. */
  appBase: string;
}

const html = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>统一身份认证</title></head><body>${body}</body></html>`);
};
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function formOf(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * A real OpenID provider (oidc-provider) on port 0 for tests and local trials: authorisation code with
 * PKCE required, a static account store, a small login page of its own (账号/密码, with 取消 for a refused
 * consent), consent granted for the first-party client, RP-initiated and back-channel logout.
 * The issuer is known once it listens; the client is registered afterwards (the app's port may come later).
 */
export async function startOidcProvider(opts: { accounts?: OidcAccount[]; port?: number } = {}) {
  const accounts = new Map<string, OidcAccount>();
  for (const a of opts.accounts ?? []) accounts.set(a.sub, a);
  const seen = { backchannelErrors: [] as string[], backchannelSent: 0 };
  let provider: Provider | undefined;
  let signer: { key: CryptoKey; kid: string; clientId: string } | undefined;

  const loginPage = (uid: string, error = "") =>
    `<main><h1>统一身份认证</h1>${error ? `<p role="alert">${escape(error)}</p>` : ""}` +
    `<form method="post" action="/interaction/${uid}/login" autocomplete="off">` +
    `<label>账号 <input name="username" required></label> <label>密码 <input name="password" type="password" required></label> ` +
    `<button type="submit">登录</button></form>` +
    `<form method="post" action="/interaction/${uid}/abort"><button type="submit">取消</button></form></main>`;

  async function interaction(req: IncomingMessage, res: ServerResponse, p: Provider) {
    const [, , uid, step] = (req.url ?? "").split("?")[0]!.split("/");
    const details = await p.interactionDetails(req, res);
    if (req.method === "GET" && details.prompt.name === "login") return html(res, 200, loginPage(uid!));
    if (req.method === "GET" && details.prompt.name === "consent") {
      // The platform is a first-party client: consent is given for what it asks.
      const accountId = details.session!.accountId;
      const grant = details.grantId ? (await p.Grant.find(details.grantId))! : new p.Grant({ accountId, clientId: details.params.client_id as string });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      return p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }
    if (req.method === "POST" && step === "login") {
      const form = await formOf(req);
      const account = [...accounts.values()].find((a) => a.username === form.get("username"));
      if (!account || account.password !== form.get("password")) return html(res, 200, loginPage(uid!, "账号或密码错误"));
      return p.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
    }
    if (req.method === "POST" && step === "abort") {
      return p.interactionFinished(req, res, { error: "access_denied", error_description: "用户取消了登录" }, { mergeWithLastSubmission: false });
    }
    html(res, 404, "<p>页面不存在</p>");
  }

  const server: Server = createServer((req, res) => {
    if (req.url === "/favicon.ico") {
      res.writeHead(204);
      return res.end();
    }
    if (!provider) return html(res, 503, "<p>尚未配置客户端</p>");
    if ((req.url ?? "").startsWith("/interaction/")) {
      interaction(req, res, provider).catch((e: Error) => html(res, 400, `<p>${escape(e.message)}</p>`));
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, "127.0.0.1", r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    seen,
    accounts,
    /** Sets up the provider for one client of the app at appBase. */
    async registerClient(client: OidcClientSetup) {
      const { privateKey } = await generateKeyPair("RS256", { extractable: true });
      const jwk = { ...(await exportJWK(privateKey)), kid: randomBytes(6).toString("hex"), use: "sig", alg: "RS256" };
      signer = { key: privateKey, kid: jwk.kid, clientId: client.clientId };
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: client.clientId,
            ...(client.clientSecret ? { client_secret: client.clientSecret } : { token_endpoint_auth_method: "none" }),
            redirect_uris: [`${client.appBase}/api/login/caiyun/sso/callback`],
            post_logout_redirect_uris: [`${client.appBase}/api/login/caiyun/sso/logged-out`],
            backchannel_logout_uri: `${client.appBase}/api/login/caiyun/sso/backchannel-logout`,
            backchannel_logout_session_required: true,
            grant_types: ["authorization_code"],
            response_types: ["code"],
          },
        ],
        jwks: { keys: [jwk as never] },
        // The provider refuses to call special-use addresses (SSRF guard); here the app is on loopback.
        fetch: (url, options) => {
          const { dispatcher: _guard, ...rest } = (options ?? {}) as RequestInit & { dispatcher?: unknown };
          return globalThis.fetch(url, rest);
        },
        cookies: { keys: [randomBytes(16).toString("hex")] },
        pkce: { required: () => true },
        ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600 },
        features: {
          devInteractions: { enabled: false },
          backchannelLogout: { enabled: true },
          rpInitiatedLogout: {
            enabled: true,
            postLogoutSuccessSource: async (ctx) => {
              ctx.body = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>已退出</title></head><body><p>您已退出统一身份认证</p></body></html>`;
            },
            logoutSource: async (ctx, form) => {
              ctx.body = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>退出统一身份认证</title></head><body><h1>是否退出统一身份认证？</h1>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">确认退出</button></body></html>`;
            },
          },
        },
        claims: {
          openid: ["sub"],
          profile: ["name", "employee_number", "org_code"],
          phone: ["phone_number", "phone_number_verified"],
        },
        interactions: { url: (_ctx, i) => `/interaction/${i.uid}` },
        findAccount: (_ctx, id) => {
          const a = accounts.get(id);
          if (!a) return undefined;
          return {
            accountId: a.sub,
            claims: () => {
              const { username: _u, password: _p, ...claims } = a;
              return claims;
            },
          };
        },
      });
      provider.on("backchannel.success", () => void seen.backchannelSent++);
      provider.on("backchannel.error", (_ctx, err: Error) => void seen.backchannelErrors.push(err.message));
    },
    /** A back-channel logout token signed with the provider's key, as the provider would send it (for replays). */
    async logoutToken(claims: { sub?: string; sid?: string; jti?: string }) {
      if (!signer) throw new Error("registerClient first");
      const { jti = randomBytes(12).toString("hex"), ...rest } = claims;
      return new SignJWT({ ...rest, events: { "http://schemas.openid.net/event/backchannel-logout": {} } })
        .setProtectedHeader({ alg: "RS256", kid: signer.kid, typ: "logout+jwt" })
        .setIssuer(issuer)
        .setAudience(signer.clientId)
        .setIssuedAt()
        .setExpirationTime("2m")
        .setJti(jti)
        .sign(signer.key);
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
export type OidcProviderHandle = Awaited<ReturnType<typeof startOidcProvider>>;

/** A directory record as the provider's organisation lists it (docs/decisions/032-single-sign-on.md). */
export interface DirectoryUser {
  sub: string;
  name?: string;
  phone_number?: string;
  employee_number?: string;
  org_code?: string;
  role_codes?: string[];
  active?: boolean;
}
export interface DirectoryUnit {
  code: string;
  name: string;
  children?: DirectoryUnit[];
}

/** The HTTP JSON directory beside the provider, on port 0, answering only the client's credentials. */
export async function startDirectory(opts: { clientId: string; clientSecret: string; pageSize?: number; port?: number }) {
  const data = { organizations: [] as DirectoryUnit[], roles: [] as DirectoryUnit[], users: [] as DirectoryUser[] };
  const seen = { requests: 0, refused: 0 };
  const expected = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString("base64")}`;
  const pageSize = opts.pageSize ?? 2;
  const server = createServer((req, res) => {
    seen.requests++;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== expected) {
      seen.refused++;
      return json(401, { error: "invalid_client" });
    }
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/organizations") return json(200, { organizations: data.organizations });
    if (url.pathname === "/roles") return json(200, { roles: data.roles });
    if (url.pathname === "/users") {
      const page = Math.max(1, Number(url.searchParams.get("page") ?? 1));
      const slice = data.users.slice((page - 1) * pageSize, page * pageSize);
      return json(200, { users: slice, nextPage: page * pageSize < data.users.length ? page + 1 : null });
    }
    json(404, { error: "not_found" });
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    data,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * A browser for tests: follows redirects one by one across the app and the provider, keeping each
 * origin's cookies (paths are not told apart: every cookie of an origin goes with every request to it).
 */
export function testBrowser() {
  const jars = new Map<string, Map<string, string>>();
  const jarOf = (origin: string) => jars.get(origin) ?? jars.set(origin, new Map()).get(origin)!;

  async function request(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const u = new URL(url);
    const jar = jarOf(u.origin);
    const headers: Record<string, string> = {};
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    let body: string | undefined;
    if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(u, { method: init.method ?? (init.form ? "POST" : "GET"), headers, body, redirect: "manual" });
    for (const header of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = header.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]!) < Date.now()));
      if (gone || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  /** Requests url and follows redirects; answers the last response with the address it came from and every address passed. */
  async function go(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const trail: string[] = [url];
    let res = await request(url, init);
    let at = url;
    for (let hops = 0; res.status >= 300 && res.status < 400 && res.headers.get("location"); hops++) {
      if (hops > 20) throw new Error(`too many redirects: ${trail.join(" -> ")}`);
      at = new URL(res.headers.get("location")!, at).href;
      trail.push(at);
      res = await request(at);
    }
    return { res, url: at, trail, text: await res.text() };
  }

  return { jars, jarOf, request, go };
}

/** The hidden fields and action of the first form on a page (the provider's logout confirmation). */
export function formFields(page: string, id?: string): { action: string; fields: Record<string, string> } {
  const forms = [...page.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)];
  const form = id ? forms.find((f) => f[1]!.includes(`id="${id}"`)) : forms[0];
  if (!form) throw new Error("no form on the page");
  const action = /action="([^"]*)"/.exec(form[1]!)?.[1] ?? "";
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input\b([^>]*)>/g)) {
    const name = /name="([^"]*)"/.exec(input[1]!)?.[1];
    const value = /value="([^"]*)"/.exec(input[1]!)?.[1] ?? "";
    if (name) fields[name] = value;
  }
  return { action: action.replace(/&amp;/g, "&"), fields };
}
