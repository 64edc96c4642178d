import { eq } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { areas, identityCategories, userIdentities, users } from "@db/schema";
import { idCheckChar } from "@base/id-card";
import { CITIES, PROVINCES } from "./identity-areas";

/** Who learners are on a procurement platform (identityCategoryCode / identityCategoryName). */
export const IDENTITY_CATEGORIES: [number, string][] = [
  [1, "采购人"],
  [2, "采购代理机构"],
  [3, "供应商"],
  [4, "评审专家"],
  [5, "监管人员"],
  [6, "其他"],
];

/** Identity categories and areas; safe to run twice. */
export async function seedIdentityReference(db: DbOrTx) {
  await db
    .insert(identityCategories)
    .values(IDENTITY_CATEGORIES.map(([code, name]) => ({ code, name, sort: code })))
    .onConflictDoNothing();
  const rows = PROVINCES.flatMap(([code, name], i) => [
    { code, name, parentCode: null, level: 1, sort: i + 1 },
    ...(CITIES[code] ?? []).map(([c, n], j) => ({ code: c, name: n, parentCode: code, level: 2, sort: j + 1 })),
  ]);
  await db.insert(areas).values(rows).onConflictDoNothing();
}

/** A valid 18-digit number from an area code, a birth date (YYYYMMDD) and a sequence. */
export function makeIdNo(area = "330106", birth = "19880512", seq = 123) {
  const first17 = `${area}${birth}${String(seq).padStart(3, "0")}`;
  return first17 + idCheckChar(first17);
}

export interface IdentityInput {
  realName?: string;
  idNo?: string;
  identityList?: number[];
  orgName?: string | null;
  areaCode?: string | null;
  passportPhotoUrl?: string | null;
  authenticationTime?: Date;
}

/** A completed real-name identity, as if the learner had confirmed the form. */
export async function createIdentity(db: DbOrTx, userId: number, input: IdentityInput = {}) {
  const at = input.authenticationTime ?? new Date();
  const [row] = await db
    .insert(userIdentities)
    .values({
      userId,
      status: 1,
      realName: input.realName ?? "王晓雯",
      idType: 1,
      idNo: input.idNo ?? makeIdNo("330106", "19900305", (userId % 900) + 100),
      identityList: input.identityList ?? [1],
      orgName: input.orgName ?? null,
      areaCode: input.areaCode ?? null,
      passportPhotoUrl: input.passportPhotoUrl ?? null,
      source: 1,
      authenticationTime: at,
      modifiedTime: at,
    })
    .returning();
  await db.update(users).set({ identitySource: 1 }).where(eq(users.id, userId));
  return row!;
}
