import { z } from "zod";
import { idOf, numeric } from "@base/legacy-input";

/** Departments a product's revenue can belong to. */
export const DEPARTMENTS = [
  { value: 1, label: "培训中心" },
  { value: 2, label: "采购研究院" },
  { value: 3, label: "政策法规部" },
] as const;
/** Business types whose revenue can be configured: courses, lives, learning maps. */
export const SUPPORTED_TYPES = [
  { value: 1, label: "课程" },
  { value: 2, label: "直播" },
  { value: 4, label: "学习地图" },
] as const;

const oneOf = (label: string, values: readonly { value: number }[]) =>
  z.preprocess(
    numeric,
    z
      .number({ error: (iss) => (iss.input === undefined ? `请选择${label}` : `${label}不正确`) })
      .int(`${label}不正确`)
      .refine((v) => values.some((x) => x.value === v), `${label}不正确`),
  );

export const businessInput = z.object({ relateBusinessId: idOf("业务ID"), relateBusinessType: oneOf("业务类型", SUPPORTED_TYPES) });
export const relateInput = businessInput.extend({ departmentType: oneOf("所属部门", DEPARTMENTS) });
export type RelateInput = z.infer<typeof relateInput>;
