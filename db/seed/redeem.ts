import { and, asc, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@db/client";
import { courses, GOODS_TYPE, REDEEM_CODE_STATUS, redemptionBatches, redemptionCodes, users } from "@db/schema";
import { addCodes } from "@trpc-app/redeem/admin.service";
import { checkCharacter, CODE_ALPHABET } from "@trpc-app/redeem/codes";
import { grantGoods } from "@trpc-app/order/goods.service";

const DAY = 86_400_000;
export const DEMO_REDEEM_BATCH = "2026年度单位集中采购兑换码";
/** The paid course the batch gives; any other released paid course when it is missing. */
const DEMO_REDEEM_COURSE = "政府采购业务全流程实训";
/** The colleague who has already redeemed a code of the batch. */
const REDEEMED_BY = "chenjing88";

/** "CAIYUN2026A" written in the code alphabet: each character it lacks becomes the next one it has. */
function intoAlphabet(text: string) {
  const order = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return [...text].map((c) => [...order.slice(order.indexOf(c))].find((x) => CODE_ALPHABET.includes(x))!).join("");
}
const DEMO_BODY = intoAlphabet("CAIYUN2026A");
/** A fixed, valid code of the demo batch (shown as CAJY-VN22-26AL), unused after seeding. */
export const DEMO_REDEEM_CODE = DEMO_BODY + checkCharacter(DEMO_BODY);

/**
 * A batch of 20 codes a purchasing unit bought for its staff: a paid course, valid for a year from now.
 * The first code is DEMO_REDEEM_CODE; one other was redeemed two days ago by a colleague of the demo
 * learner, so the back office shows a use and the learner's 兑换记录 has a row.
 */
export async function seedRedeem(db: Db) {
  const [existing] = await db.select({ id: redemptionBatches.id }).from(redemptionBatches).where(eq(redemptionBatches.name, DEMO_REDEEM_BATCH)).limit(1);
  if (existing) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, "demo_admin")).limit(1);
  const paid = and(eq(courses.status, 1), isNull(courses.deletedAt), eq(courses.isFree, 0), gt(courses.price, 0));
  const [course] =
    (await db.select().from(courses).where(and(paid, eq(courses.name, DEMO_REDEEM_COURSE))).limit(1)).concat(
      await db.select().from(courses).where(paid).orderBy(desc(courses.price), asc(courses.id)).limit(1),
    );
  if (!course) return;
  const now = Date.now();
  await db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(redemptionBatches)
      .values({
        name: DEMO_REDEEM_BATCH,
        goodsType: GOODS_TYPE.course,
        goodsId: course.id,
        goodsName: course.name,
        count: 20,
        validFrom: new Date(now),
        validTo: new Date(now + 365 * DAY),
        remark: "单位统一采购，发放给本单位政府采购经办人员",
        createdBy: admin?.id ?? null,
        createdAt: new Date(now - 3 * DAY),
      })
      .returning();
    await tx.insert(redemptionCodes).values({ batchId: batch!.id, code: DEMO_REDEEM_CODE }).onConflictDoNothing();
    await addCodes(tx, batch!.id, 19);
    const [colleague] = await tx.select({ id: users.id }).from(users).where(eq(users.loginName, REDEEMED_BY)).limit(1);
    if (!colleague) return;
    const [code] = await tx
      .select({ id: redemptionCodes.id })
      .from(redemptionCodes)
      .where(and(eq(redemptionCodes.batchId, batch!.id), eq(redemptionCodes.status, REDEEM_CODE_STATUS.unused)))
      .orderBy(asc(redemptionCodes.id))
      .offset(1)
      .limit(1);
    if (!code) return;
    await tx.update(redemptionCodes).set({ status: REDEEM_CODE_STATUS.redeemed, userId: colleague.id, redeemedAt: new Date(now - 2 * DAY) }).where(eq(redemptionCodes.id, code.id));
    await grantGoods(tx, colleague.id, GOODS_TYPE.course, course.id, "redeem");
  });
}
