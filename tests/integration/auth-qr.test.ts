import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { qrTickets, sessions } from "@db/schema";
import { LegacyCode } from "@base/errors";
import { SESSION_COOKIE } from "@trpc-app/auth/session";
import { describeEachDb } from "../helpers/db";
import { testClient } from "../helpers/caller";
import { rejection, signedInClient } from "../helpers/auth";
import { createUser } from "../factories/user";

describeEachDb("QR login", (getDb) => {
  type Client = ReturnType<typeof testClient>;
  const status = (client: Client, qrCodeToken: string) => client.call((c) => c.auth.qrStatus({ qrCodeToken }));
  const ticketRow = async (token: string) => (await getDb().select().from(qrTickets).where(eq(qrTickets.token, token)))[0]!;

  /** The desktop shows a code, a logged-in phone scans and confirms it. */
  async function confirmedCode() {
    const user = await createUser(getDb());
    const desktop = testClient(getDb());
    const phone = await signedInClient(getDb(), user.id);
    const { qrCodeToken } = await desktop.call((c) => c.auth.qrContent());
    await phone.call((c) => c.auth.qrScan({ qrCodeToken }));
    await phone.call((c) => c.auth.qrConfirm({ qrCodeToken }));
    const { qrCodeTicket } = await status(desktop, qrCodeToken);
    return { user, desktop, phone, qrCodeToken, qrCodeTicket: qrCodeTicket! };
  }

  it("returns to status 0 when the second device cancels, and another account may then scan it", async () => {
    const user = await createUser(getDb());
    const other = await createUser(getDb());
    const desktop = testClient(getDb());
    const phone = await signedInClient(getDb(), user.id);
    const { qrCodeToken } = await desktop.call((c) => c.auth.qrContent());
    await phone.call((c) => c.auth.qrScan({ qrCodeToken }));
    expect(await phone.call((c) => c.auth.qrCancel({ qrCodeToken }))).toEqual({ qrCodeStatus: 0 });
    expect(await status(desktop, qrCodeToken)).toEqual({ qrCodeStatus: 0, qrCodeTicket: null });
    expect(await ticketRow(qrCodeToken)).toMatchObject({ status: 0, userId: null });
    // Cancelling what was never scanned by this account is refused.
    expect((await rejection(phone.call((c) => c.auth.qrCancel({ qrCodeToken })))).message).toBe("请先扫描二维码");
    const second = await signedInClient(getDb(), other.id);
    expect(await second.call((c) => c.auth.qrScan({ qrCodeToken }))).toEqual({ qrCodeStatus: 2 });
  });

  it("goes 0 -> 2 -> 3 and trades token and ticket for a session", async () => {
    const user = await createUser(getDb());
    const desktop = testClient(getDb());
    const phone = await signedInClient(getDb(), user.id);

    const content = await desktop.call((c) => c.auth.qrContent());
    expect(content.qrCodeContent).toContain(content.qrCodeToken);
    expect(await status(desktop, content.qrCodeToken)).toEqual({ qrCodeStatus: 0, qrCodeTicket: null });

    expect(await phone.call((c) => c.auth.qrScan({ qrCodeToken: content.qrCodeToken }))).toEqual({ qrCodeStatus: 2 });
    expect(await status(desktop, content.qrCodeToken)).toEqual({ qrCodeStatus: 2, qrCodeTicket: null });
    expect(await ticketRow(content.qrCodeToken)).toMatchObject({ status: 2, userId: user.id, ticket: null });

    expect(await phone.call((c) => c.auth.qrConfirm({ qrCodeToken: content.qrCodeToken }))).toEqual({ qrCodeStatus: 3 });
    const confirmed = await status(desktop, content.qrCodeToken);
    expect(confirmed.qrCodeStatus).toBe(3);
    expect(confirmed.qrCodeTicket).toMatch(/^[a-z2-7]{20,}$/);

    const me = await desktop.call((c) =>
      c.auth.login({ authentication_type: "qr_code", qrCodeToken: content.qrCodeToken, qrCodeTicket: confirmed.qrCodeTicket! }),
    );
    expect(me.userId).toBe(user.id);
    expect(desktop.jar[SESSION_COOKIE]).toBeTruthy();
    expect((await desktop.call((c) => c.auth.me())).isLogin).toBe(1);
    expect((await ticketRow(content.qrCodeToken)).consumedAt).toBeInstanceOf(Date);
    // The phone's session and the new desktop session.
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
  });

  it("a ticket works once", async () => {
    const { qrCodeToken, qrCodeTicket } = await confirmedCode();
    await testClient(getDb()).call((c) => c.auth.login({ authentication_type: "qr_code", qrCodeToken, qrCodeTicket }));
    const second = testClient(getDb());
    const err = await rejection(second.call((c) => c.auth.login({ authentication_type: "qr_code", qrCodeToken, qrCodeTicket })));
    expect(err.message).toBe("二维码已失效，请刷新");
    expect(second.jar[SESSION_COOKIE]).toBeUndefined();
    expect((await status(second, qrCodeToken)).qrCodeStatus).toBe(4);
  });

  it("a wrong ticket does not log in", async () => {
    const { qrCodeToken, qrCodeTicket } = await confirmedCode();
    const wrong = qrCodeTicket.replace(/.$/, (ch) => (ch === "a" ? "b" : "a"));
    const err = await rejection(
      testClient(getDb()).call((c) => c.auth.login({ authentication_type: "qr_code", qrCodeToken, qrCodeTicket: wrong })),
    );
    expect(err.message).toBe("二维码已失效，请刷新");
    expect((await ticketRow(qrCodeToken)).consumedAt).toBeNull();
  });

  it("an expired code reports status 4 and its ticket is refused", async () => {
    const { desktop, qrCodeToken, qrCodeTicket } = await confirmedCode();
    await getDb().update(qrTickets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(qrTickets.token, qrCodeToken));
    expect(await status(desktop, qrCodeToken)).toEqual({ qrCodeStatus: 4, qrCodeTicket: null });
    expect((await ticketRow(qrCodeToken)).status).toBe(4);
    const err = await rejection(desktop.call((c) => c.auth.login({ authentication_type: "qr_code", qrCodeToken, qrCodeTicket })));
    expect(err.message).toBe("二维码已失效，请刷新");
    expect(desktop.jar[SESSION_COOKIE]).toBeUndefined();
  });

  it("an expired code cannot be scanned", async () => {
    const user = await createUser(getDb());
    const { qrCodeToken } = await testClient(getDb()).call((c) => c.auth.qrContent());
    await getDb().update(qrTickets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(qrTickets.token, qrCodeToken));
    const phone = await signedInClient(getDb(), user.id);
    const err = await rejection(phone.call((c) => c.auth.qrScan({ qrCodeToken })));
    expect(err.message).toBe("二维码已失效，请在电脑上刷新二维码");
  });

  it("an unknown token reports status 4", async () => {
    expect(await status(testClient(getDb()), "abcdefghijklmnopqrstuvwxyz234567")).toEqual({ qrCodeStatus: 4, qrCodeTicket: null });
  });

  it("a visitor scanning gets code 281 and the code stays unscanned", async () => {
    const desktop = testClient(getDb());
    const { qrCodeToken } = await desktop.call((c) => c.auth.qrContent());
    const visitor = testClient(getDb());
    const scan = await rejection(visitor.call((c) => c.auth.qrScan({ qrCodeToken })));
    expect(scan.legacyCode).toBe(LegacyCode.notLoggedIn);
    expect(scan.legacyCode).toBe("281");
    const confirm = await rejection(visitor.call((c) => c.auth.qrConfirm({ qrCodeToken })));
    expect(confirm.legacyCode).toBe("281");
    expect((await ticketRow(qrCodeToken)).status).toBe(0);
  });

  it("only the account that scanned can confirm, and only after scanning", async () => {
    const [a, b] = [await createUser(getDb()), await createUser(getDb())];
    const { qrCodeToken } = await testClient(getDb()).call((c) => c.auth.qrContent());
    const phoneA = await signedInClient(getDb(), a.id);
    const phoneB = await signedInClient(getDb(), b.id);
    expect((await rejection(phoneA.call((c) => c.auth.qrConfirm({ qrCodeToken })))).message).toBe("请先扫描二维码");
    await phoneA.call((c) => c.auth.qrScan({ qrCodeToken }));
    expect((await rejection(phoneB.call((c) => c.auth.qrScan({ qrCodeToken })))).message).toBe("该二维码已被其他账号扫描");
    expect((await rejection(phoneB.call((c) => c.auth.qrConfirm({ qrCodeToken })))).message).toBe("请先扫描二维码");
    expect(await ticketRow(qrCodeToken)).toMatchObject({ status: 2, userId: a.id, ticket: null });
  });
});
