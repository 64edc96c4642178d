// Supplementary identity info (types, organisation, area) and the personal-info edits of /person/info.
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { userIdentities, users } from "@db/schema";
import { maskIdNo, maskName } from "@base/format";
import { userView } from "../auth/user-view";
import { fail } from "@base/errors";
import { identityOf, isCompleted } from "./identity.service";
import { areaName, assertAreaCode, assertIdentityCodes, identityNames } from "./reference.service";
import { claimUpload, PRIVATE_TTL_SECONDS } from "../upload/access.service";
import { signFileUrl } from "../upload/signing";
import { freshFileUrl, LONG_LIVED_SECONDS } from "../upload/upload.service";
import { organizationFor, searchOrganizations } from "../org/units.service";

interface SupplementFields {
  identityList?: number[];
  orgName?: string;
  /** A registered organisation picked from the search; its name becomes orgName. */
  organizationId?: number;
  areaCode?: string;
}

/** Saves only the given fields, creating the (not yet confirmed) row when the learner has none. */
export async function saveSupplement(db: DbOrTx, userId: number, fields: SupplementFields, now = new Date()) {
  await assertIdentityCodes(db, fields.identityList);
  await assertAreaCode(db, fields.areaCode);
  const set: Partial<typeof userIdentities.$inferInsert> = { modifiedTime: now };
  if (fields.identityList !== undefined) set.identityList = [...new Set(fields.identityList)];
  if (fields.orgName !== undefined || fields.organizationId !== undefined) {
    const org = await organizationFor(db, fields);
    set.orgName = org.orgName;
    set.organizationId = org.organizationId;
  }
  if (fields.areaCode !== undefined) set.areaCode = fields.areaCode || null;
  await db
    .insert(userIdentities)
    .values({ userId, status: 0, source: 1, ...set })
    .onConflictDoUpdate({ target: userIdentities.userId, set });
  return identityAndOrg(db, userId);
}

export async function identityAndOrg(db: DbOrTx, userId: number) {
  const row = await identityOf(db, userId);
  const list = row?.identityList ?? [];
  return {
    identityList: list,
    identityNames: await identityNames(db, list),
    orgName: row?.orgName ?? "",
    areaCode: row?.areaCode ?? "",
    areaName: await areaName(db, row?.areaCode),
  };
}

/** True once the learner has told us who they are (identity types chosen). */
export async function isSupplement(db: DbOrTx, userId: number) {
  const row = await identityOf(db, userId);
  return (row?.identityList.length ?? 0) > 0;
}

/** The organisation picker: registered organisations first, then names other learners entered. */
export const orgSearch = searchOrganizations;

/**
 * The avatar: a picture the learner uploaded (it becomes public, as others see it beside comments and
 * in live rooms) or a public site picture; stored as a long-lived link because pages show it as is.
 */
export async function updateHeadPic(db: DbOrTx, userId: number, ref: string) {
  const key = await claimUpload(db, userId, ref, { label: "头像", purpose: "avatar", allowPublic: true });
  const headPic = signFileUrl(key, Math.floor(Date.now() / 1000) + LONG_LIVED_SECONDS);
  await db.update(users).set({ headPic }).where(eq(users.id, userId));
  return { headPic };
}

export async function updateNick(db: DbOrTx, userId: number, nick: string) {
  await db.update(users).set({ nick }).where(eq(users.id, userId));
  return { nick };
}

/** The personal centre's header: the user view plus the identity parts, names and numbers masked. */
export async function personalCenterData(db: DbOrTx, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw fail("用户不存在");
  const row = await identityOf(db, userId);
  const done = isCompleted(row);
  const org = await identityAndOrg(db, userId);
  return {
    ...userView(user),
    isAuth: done ? 1 : 0,
    realName: done ? maskName(row!.realName) : "",
    idNo: done ? maskIdNo(row!.idNo) : "",
    passportPhotoUrl: freshFileUrl(row?.passportPhotoUrl ?? "", PRIVATE_TTL_SECONDS),
    ...org,
  };
}
