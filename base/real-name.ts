// Shared by the modal and the server rule, so the refusal a legacy client sees reads like the modal.

export const REAL_NAME_TITLE = "实名认证";
export const REAL_NAME_TEXT = "为保证学习效果真实有效，请先完成实名认证";

/** Where 去认证 leads: the form, returning to the page the learner was on. */
export function identityFormHref(from: string) {
  return `/identity/info?isAuth=0&from=${encodeURIComponent(from)}`;
}

/** checkBusinessType values: the content-type numbering of the detail links (learner-front-end.md 2). */
export const BUSINESS_TYPE = { course: 1, live: 2, exam: 3, map: 4 } as const;
export type BusinessType = (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE];
