// A local single sign-on provider and directory with demo accounts, for trying the internal-network variant:
//   npx tsx scripts/dev-oidc.ts [--app http://127.0.0.1:3000] [--port 3010]
// then start the app with the SSO_* lines it prints (docs/decisions/032-single-sign-on.md).
import { startDirectory, startOidcProvider } from "../tests/helpers/oidc-provider";

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
};
const app = arg("app", "http://127.0.0.1:3000").replace(/\/+$/, "");
const port = Number(arg("port", "3010"));
const client = { clientId: "caiyun-college", clientSecret: "dev-only-sso-secret-change-me" };

const provider = await startOidcProvider({
  port,
  accounts: [
    // The seeded demo learner's phone: the first sign-in links to that account.
    { sub: "dev-1001", username: "wangxw", password: "Sso@2026demo", name: "王晓雯", phone_number: "13800000001", phone_number_verified: true, org_code: "czt-cgc" },
    { sub: "dev-1002", username: "zhoumin", password: "Sso@2026demo", name: "周敏", phone_number: "13966660001", phone_number_verified: true, employee_number: "E9001", org_code: "czt-cgc" },
    { sub: "dev-1003", username: "sunyue", password: "Sso@2026demo", name: "孙悦", org_code: "hz-czj" },
  ],
});
await provider.registerClient({ ...client, appBase: app });
const directory = await startDirectory({ ...client, port: port ? port + 1 : 0, pageSize: 50 });
directory.data.organizations = [
  { code: "czt", name: "省财政厅本级", children: [{ code: "czt-cgc", name: "政府采购监管处" }, { code: "hz-czj", name: "杭州市财政局" }] },
];
directory.data.roles = [{ code: "purchaser", name: "采购人", children: [{ code: "buyer", name: "采购经办人" }] }];
directory.data.users = [
  { sub: "dev-1001", name: "王晓雯", phone_number: "13800000001", org_code: "czt-cgc", role_codes: ["buyer"] },
  { sub: "dev-1002", name: "周敏", phone_number: "13966660001", employee_number: "E9001", org_code: "czt-cgc", role_codes: ["buyer"] },
  { sub: "dev-1003", name: "孙悦", org_code: "hz-czj", role_codes: ["purchaser"] },
];

console.log(`single sign-on provider: ${provider.issuer} (accounts wangxw, zhoumin, sunyue; password Sso@2026demo)
directory: ${directory.url}

Start the app with:
  SSO_ISSUER=${provider.issuer} SSO_CLIENT_ID=${client.clientId} SSO_CLIENT_SECRET=${client.clientSecret} SSO_DIRECTORY_URL=${directory.url} npm start`);

const stop = async () => {
  await provider.close();
  await directory.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
