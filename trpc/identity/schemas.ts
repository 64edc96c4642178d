import { z } from "zod";
import { idList, intIn, numeric, opt, optionalId, wordsOf } from "@base/legacy-input";
import { nickField } from "../auth/schemas";
import { ID_NO_MESSAGE, isValidIdNo, normalizeIdNo } from "@base/id-card";
import { storageKeyOf, storagePath } from "../upload/file-ref";

// Inputs of the identity calls (learner-front-end.md 5 "Identity form").

export const REAL_NAME_MAX = 30;
export const ORG_NAME_MAX = 50;

const text = (v: unknown) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : v);
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : text(v));

export const realNameField = z.preprocess(
  text,
  z.string({ error: "请输入真实姓名" }).min(1, "请输入真实姓名").max(REAL_NAME_MAX, `最多${REAL_NAME_MAX}个字符`),
);

export const idTypeField = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? 1 : numeric(v)),
  z.literal(1, { error: "证件类型仅支持居民身份证" }),
);

export const idNoField = z.preprocess(
  (v) => (typeof v === "string" ? normalizeIdNo(v) : v),
  z.string({ error: "请输入证件号码" }).min(1, "请输入证件号码").refine(isValidIdNo, ID_NO_MESSAGE),
);

/** Codes arrive as [1,3], "1,3", ["1","3"] or identityList[]=1 from old clients. */
function codes(v: unknown): unknown {
  if (v === undefined || v === null || v === "") return undefined;
  const list = Array.isArray(v) ? v : typeof v === "string" ? v.split(/[,，]/) : [v];
  return list.map(numeric);
}

const identityCodes = z
  .array(z.number({ error: "身份类型不正确" }).int("身份类型不正确").min(1, "身份类型不正确").max(999, "身份类型不正确"))
  .max(20, "身份类型过多");
const identityCodesOf = z.array(z.number({ error: "身份类型不正确" }).int("身份类型不正确").min(1, "身份类型不正确").max(999, "身份类型不正确"), {
  error: "请选择身份类型",
});

export const identityListRequired = z.preprocess(codes, identityCodesOf.min(1, "请选择身份类型").max(20, "身份类型过多"));
export const identityListOptional = z.preprocess(codes, identityCodes.optional()).optional();

export const orgNameField = z.preprocess(blank, z.string().max(ORG_NAME_MAX, `最多${ORG_NAME_MAX}个字符`).optional()).optional();
export const areaCodeField = z.preprocess(blank, z.string().regex(/^\d{6,12}$/, "所属地区不正确").optional()).optional();

/**
 * A file of this site's storage, as its path (`/storage/file/<key>`, a signature ignored) or bare key;
 * answered as the canonical path. Addresses on other hosts are refused with the field's one message;
 * the service then checks the learner uploaded it (trpc/upload/access.service.ts claimUpload).
 */
export const fileUrlField = (label: string) =>
  z.preprocess(
    text,
    z
      .string({ error: `请上传${label}` })
      .min(1, `请上传${label}`)
      .transform((v, ctx) => {
        const key = storageKeyOf(v);
        if (key) return storagePath(key);
        ctx.addIssue({ code: "custom", message: `${label}无效，请重新上传` });
        return z.NEVER;
      }),
  );

export const completeInput = z.object({
  realName: realNameField,
  idType: idTypeField,
  idNo: idNoField,
  passportPhotoUrl: z.preprocess(blank, fileUrlField("证件照").optional()).optional(),
  identityList: identityListOptional,
  orgName: orgNameField,
  areaCode: areaCodeField,
});
export type CompleteInput = z.infer<typeof completeInput>;

/** The page's form: identity types are required there. */
export const identityFormInput = completeInput.extend({ identityList: identityListRequired });

export const checkIdCardInput = z.object({ idNo: idNoField });
export const photoInput = z.object({ passportPhotoUrl: fileUrlField("证件照") });
export const getInfoInput = z
  .object({
    userId: optionalId("用户ID"),
  })
  .default({});
export const updateIdentityInput = z.object({ identityList: identityListRequired });
export const updateOrgNameInput = z.object({ orgName: orgNameField });
export const updateAreaCodeInput = z.object({ areaCode: areaCodeField });
export const supplementInput = z.object({
  identityList: identityListRequired,
  orgName: orgNameField,
  areaCode: areaCodeField,
});
export const updateOrgInfoInput = z.object({
  orgName: orgNameField,
  /** A registered organisation picked from orgSearch; its name is stored as orgName. */
  organizationId: optionalId("机构ID"),
  areaCode: areaCodeField,
  identityList: identityListOptional,
});

/** Business types of the real-name check: 1 course, 2 live, 3 exam, 4 learning map. */
export const checkNeedAuthInput = z
  .object({
    checkBusinessType: opt(z.preprocess(numeric, z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: "业务类型不正确" }))),
    checkBusinessId: optionalId("业务ID"),
  })
  .superRefine((v, ctx) => {
    if (v.checkBusinessType !== undefined && v.checkBusinessId === undefined) ctx.addIssue({ code: "custom", message: "请提供业务ID", path: ["checkBusinessId"] });
    if (v.checkBusinessType === undefined && v.checkBusinessId !== undefined) ctx.addIssue({ code: "custom", message: "请提供业务类型", path: ["checkBusinessType"] });
  })
  .default({});

const positiveId = z.preprocess(numeric, z.number({ error: "ID须为正整数" }).int("ID须为正整数").positive("ID须为正整数"));
/** Ids pasted in a rule: separated by commas (either width) or white space. */
const ruleIds = idList("ID", { min: 0, max: 500, tooMany: "最多500个ID", item: positiveId, split: wordsOf });
/** 0/1; the switches of the rule form may also send true/false. */
const switchField = opt(z.preprocess((v) => (typeof v === "boolean" ? Number(v) : numeric(v)), z.union([z.literal(0), z.literal(1)], { error: "开关取值不正确" })));

/** The site-wide real-name rule an admin edits. */
export const realNameRuleInput = z.object({
  course: switchField.optional(),
  live: switchField.optional(),
  courseIds: ruleIds.optional(),
  liveIds: ruleIds.optional(),
});
export const areaListInput = z
  .object({ parentCode: z.preprocess(blank, z.string().regex(/^\d{6,12}$/, "地区编码不正确").optional()).optional() })
  .default({});

const pageInt = (label: string, max: number, fallback: number) => opt(intIn(label, 1, max, `${label}格式不正确`)).transform((v) => v ?? fallback);
export const orgSearchInput = z.object({
  orgName: z.preprocess(blank, z.string().max(ORG_NAME_MAX, `最多${ORG_NAME_MAX}个字符`).optional()).optional(),
  pageNo: pageInt("页码", 100_000, 1),
  pageSize: pageInt("每页条数", 100, 10),
});
export const headPicInput = z.object({ headPic: fileUrlField("头像") });
export const nickInput = z.object({ nick: nickField });
