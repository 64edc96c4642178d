import { z } from "zod";
import { CERT_FIELD_KEYS } from "@base/cert-layout";
import { idOf, ids, intIn, numeric, opt, paging, withPaging } from "@base/legacy-input";

export const PREFIX_RULE = /^[A-Z][A-Z0-9]{1,11}$/;
export const PREFIX_HINT = "证书编号前缀须为2-12位大写字母或数字，以字母开头";

const text = (label: string, max: number, required = true) => {
  const base = z.string({ error: `请输入${label}` }).transform((s) => s.trim());
  return required ? base.pipe(z.string().min(1, `请输入${label}`).max(max, `${label}不能超过${max}字`)) : base.pipe(z.string().max(max, `${label}不能超过${max}字`));
};
const imageRef = (label: string) => opt(z.string({ error: `${label}格式不正确` }).trim().max(1000, `${label}地址过长`));
const timeMs = (label: string) => opt(z.preprocess(numeric, z.number({ error: `${label}格式不正确` }).int(`${label}格式不正确`).min(0, `${label}格式不正确`)));

export const prefixInput = z.object({ prefix: z.string({ error: "请输入证书编号前缀" }).trim().toUpperCase(), id: opt(idOf("证书模板ID")) });

export const fieldInput = z.object({
  key: z.enum(CERT_FIELD_KEYS, { error: "证书字段不正确" }),
  x: z.preprocess(numeric, z.number({ error: "字段位置须为数字" }).min(0, "字段位置不能为负").max(5000, "字段位置超出画布")),
  y: z.preprocess(numeric, z.number({ error: "字段位置须为数字" }).min(0, "字段位置不能为负").max(5000, "字段位置超出画布")),
  size: z.preprocess(numeric, z.number({ error: "字段大小须为数字" }).min(8, "字段大小不能小于8").max(2000, "字段大小过大")),
  height: opt(z.preprocess(numeric, z.number({ error: "字段高度须为数字" }).min(8, "字段高度不能小于8").max(2000, "字段高度过大"))),
  color: opt(z.string().regex(/^#[0-9a-fA-F]{6}$/, "颜色须为#RRGGBB")),
  bold: opt(z.boolean({ error: "加粗须为是或否" })),
  align: opt(z.enum(["left", "center", "right"], { error: "对齐方式不正确" })),
  label: opt(z.string({ error: "字段前缀格式不正确" }).max(20, "字段前缀不能超过20字")),
});

const templateBody = {
  name: text("模板名称", 60),
  certName: text("证书名称", 60),
  prefix: z.string({ error: "请输入证书编号前缀" }).trim().toUpperCase().pipe(z.string().regex(PREFIX_RULE, PREFIX_HINT)),
  backgroundUrl: imageRef("背景图"),
  width: opt(intIn("画布宽度", 300, 4000)),
  height: opt(intIn("画布高度", 300, 4000)),
  fields: opt(
    z
      .array(fieldInput, { error: "证书字段格式不正确" })
      .max(30, "字段不能超过30个")
      .refine((f) => new Set(f.map((x) => x.key)).size === f.length, "同一字段只能放置一次"),
  ),
  issuerName: opt(text("发证机构", 60, false)),
  sealUrl: imageRef("印章图"),
  validityMonths: opt(intIn("有效期（月）", 0, 600)),
};
export const addTemplateInput = z.object(templateBody);
export const updateTemplateInput = z.object({ id: idOf("证书模板ID"), ...templateBody });
export type TemplateInput = z.infer<typeof addTemplateInput>;

export const previewInput = z.object({
  backgroundUrl: imageRef("背景图"),
  sealUrl: imageRef("印章图"),
  width: intIn("画布宽度", 300, 4000),
  height: intIn("画布高度", 300, 4000),
  certName: opt(text("证书名称", 60, false)),
  issuerName: opt(text("发证机构", 60, false)),
  validityMonths: opt(intIn("有效期（月）", 0, 600)),
  prefix: opt(z.string().trim().max(12, "前缀过长")),
  fields: z.array(fieldInput, { error: "证书字段格式不正确" }).max(30, "字段不能超过30个"),
});

export const idInput = z.object({ id: idOf("证书ID") });
export const templateIdInput = z.object({ id: idOf("证书模板ID") });
export const templateIdsInput = z.object({ ids: ids("证书模板ID", "请选择证书模板") });
export const moveInput = z.object({ id: idOf("证书模板ID"), direction: z.enum(["up", "down"], { error: "移动方向只能是up或down" }) });

export const templatePageInput = z
  .object({ name: opt(z.string().trim().max(50, "名称不能超过50字")), keyword: opt(z.string().trim().max(50, "关键词不能超过50字")), status: opt(intIn("状态", 0, 1)), ...paging })
  .optional()
  .transform((v) => withPaging(v ?? {}));

export const businessTypeInput = z.preprocess(numeric, z.union([z.literal(1), z.literal(3), z.literal(5), z.literal(6)], { error: "内容类型只能是课程(1)、考试(3)、考试系列(5)或学习地图(6)" }));
export const bindInput = z.object({ templateId: idOf("证书模板ID"), businessType: businessTypeInput, businessId: idOf("内容ID") });
export const bindingKeyInput = z.object({ businessType: businessTypeInput, businessId: idOf("内容ID") });

export const userCertPageInput = z
  .object({
    businessType: opt(businessTypeInput),
    businessId: opt(idOf("内容ID")),
    templateId: opt(idOf("证书模板ID")),
    certId: opt(idOf("证书模板ID")),
    name: opt(z.string().trim().max(40, "姓名不能超过40字")),
    mobile: opt(z.string().trim().max(20, "手机号不能超过20位")),
    certNo: opt(z.string().trim().max(32, "证书编号不能超过32位")),
    status: opt(intIn("证书状态", 1, 3)),
    startTime: timeMs("开始时间"),
    endTime: timeMs("结束时间"),
    ...paging,
  })
  .optional()
  .transform((v) => withPaging(v ?? {}));
export type UserCertPageInput = z.output<typeof userCertPageInput>;

export const sendInput = z.object({
  templateId: opt(idOf("证书模板ID")),
  certId: opt(idOf("证书模板ID")),
  businessType: businessTypeInput,
  businessId: idOf("内容ID"),
  userIds: ids("学员ID", "请选择学员"),
});
export const revokeInput = z.object({ id: idOf("证书ID"), reason: text("撤销原因", 200) });
export const idsOrIdInput = z
  .object({ id: opt(idOf("证书ID")), ids: opt(ids("证书ID", "请选择证书")) })
  .refine((v) => v.id || v.ids?.length, "请选择证书")
  .transform((v) => ({ ids: v.ids ?? [v.id!] }));
export const setImageInput = z.object({ id: idOf("证书ID"), certImgUrl: z.string({ error: "请上传证书图片" }).trim().min(1, "请上传证书图片").max(1000, "图片地址过长") });

export const learnerPageInput = z
  .object({ ...paging })
  .optional()
  .transform((v) => withPaging(v ?? {}));
export const certIdInput = z.object({ certId: idOf("证书ID") });

export const searchInput = z.object({
  certNo: z.string({ error: "请输入证书编号" }).trim().min(1, "请输入证书编号").max(32, "证书编号不能超过32位"),
  name: z.string({ error: "请输入姓名" }).trim().min(1, "请输入姓名").max(40, "姓名不能超过40字"),
});
export const credentialIdInput = z.object({ id: z.string({ error: "请提供证书验证码" }).trim().uuid("证书验证码不正确") });
export const credentialInput = z.object({ credential: z.string({ error: "请粘贴证书凭证" }).trim().min(10, "证书凭证格式不正确").max(20000, "证书凭证过长") });
export const guessInput = z
  .object({ ...paging })
  .optional()
  .transform((v) => withPaging(v ?? {}));
export const thirdImportInput = z.object({ file: z.string({ error: "请上传Excel文件" }).min(1, "请上传Excel文件").max(14_000_000, "文件过大") });
export const thirdPageInput = z
  .object({ name: opt(z.string().trim().max(40)), ...paging })
  .optional()
  .transform((v) => withPaging(v ?? {}));
export const examIdInput = z.object({ examId: idOf("考试ID") });
