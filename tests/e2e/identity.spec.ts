import { encodePng } from "../../db/seed/png";
import { idCheckChar } from "@base/id-card";
import { expect, loginByApi, shot, test } from "./fixtures";

// A seeded learner without a confirmed identity (db/seed/identity.ts leaves this one unconfirmed).
const LEARNER = { account: "liuyang_zb", password: "Caiyun@2026pass" };

/** A small RGB PNG: a face-coloured disc on a gradient, so the crop has something to show. */
function makePng(w: number, h: number) {
  return encodePng(w, h, (x, y) =>
    (x - w / 2) ** 2 + (y - h * 0.4) ** 2 < (w * 0.22) ** 2 ? [240, 200, 170] : [60 + (x * 150) / w, 120, 200 - (y * 100) / h],
  );
}

const first17 = "33010619920816307";
const ID_NO = first17 + idCheckChar(first17);
const MASKED = `${ID_NO.slice(0, 4)}**********${ID_NO.slice(-4)}`;

test("a learner fills and confirms the identity form with a cropped photo, then toggles the masked number", async ({ page }) => {
  await loginByApi(page, LEARNER);
  await page.goto("/identity/info?isAuth=0&from=/person/info");
  await expect(page.getByText("该照片将用于培训证书")).toBeVisible();

  // Empty form: the spec's messages.
  await page.getByRole("button", { name: "确认", exact: true }).click();
  await expect(page.getByText("请选择身份类型")).toBeVisible();
  await page.getByLabel("真实姓名").fill("刘".repeat(31));
  await page.getByLabel("证件号码").fill(first17 + (idCheckChar(first17) === "1" ? "2" : "1"));
  await page.getByRole("button", { name: "确认", exact: true }).click();
  await expect(page.getByText("最多30个字符")).toBeVisible();
  await expect(page.getByText("请输入正确的证件号码")).toBeVisible();

  // Photo: choose a PNG, rotate in the cropper, upload the 295x413 result.
  await page.getByTestId("photo-input").setInputFiles({ name: "my photo,$.png", mimeType: "image/png", buffer: makePng(400, 560) });
  await expect(page.getByTestId("photo-cropper")).toBeVisible();
  await page.getByRole("button", { name: "向右旋转" }).click();
  await expect(page.getByText("90°")).toBeVisible();
  await shot(page, "identity-crop");
  await page.getByRole("button", { name: "确定" }).click();
  const photo = page.getByTestId("passport-photo");
  await expect(photo).toBeVisible();
  const size = await photo.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  });
  expect(size).toEqual([295, 413]);
  expect(await photo.getAttribute("src")).toMatch(/^\/storage\/file\/1133\/identity\/.+\?exp=\d+&sig=/);

  await page.getByLabel("真实姓名").fill("刘洋");
  await page.getByLabel("证件号码").fill(ID_NO);
  await page.getByRole("checkbox", { name: "采购代理机构" }).click();
  await page.getByLabel("单位名称").fill("浙江公信招标代理有限公司");
  await page.getByLabel("省份").selectOption("330000");
  await page.getByLabel("城市").selectOption("330100");
  await shot(page, "identity-form");

  await page.getByRole("button", { name: "确认", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("提交后不可修改")).toBeVisible();
  await dialog.getByRole("button", { name: "确认提交" }).click();

  await expect(page).toHaveURL(/\/identity\/info\?isAuth=1/);
  await expect(page.getByText("已完成实名认证")).toBeVisible();
  await expect(page.getByTestId("real-name")).toHaveText("刘洋");
  await expect(page.getByTestId("id-type")).toHaveText("居民身份证");
  await expect(page.getByTestId("passport-photo")).toBeVisible();
  const idNo = page.getByTestId("id-no");
  await expect(idNo).toHaveText(MASKED);
  await page.getByRole("button", { name: "显示" }).click();
  await expect(idNo).toHaveText(ID_NO);
  await shot(page, "identity-view");
  await page.getByRole("button", { name: "隐藏" }).click();
  await expect(idNo).toHaveText(MASKED);

  // The form is not offered again once confirmed; the personal info page shows the status.
  await page.goto("/identity/info?isAuth=0");
  await expect(page.getByText("已完成实名认证")).toBeVisible();
  await page.goto("/person/info");
  await expect(page.getByText("已认证")).toBeVisible();
});

test("personal info: the upload field refuses an oversize picture, then changes the head picture and the nickname", async ({ page }) => {
  await loginByApi(page, { account: "zhouqiang", password: "Caiyun@2026pass" });
  await page.goto("/person/info");
  const picker = page.getByLabel("更换头像");
  await picker.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(2 * 1048576 + 1) });
  await expect(page.getByText("图片大小不能超过2Mb")).toBeVisible();

  await picker.setInputFiles({ name: "head pic.png", mimeType: "image/png", buffer: makePng(120, 120) });
  await expect(page.getByText("头像已更新")).toBeVisible();
  const field = page.locator('input[type="hidden"][name="headPic"]');
  await expect(field).toHaveValue(/^\/storage\/file\/1133\/\d{8}\/\d+\/[0-9a-f]{32}_headpic\.png\?exp=\d+&sig=/);
  await expect(page.locator(`img[src="${await field.inputValue()}"]`).first()).toBeVisible();

  await page.getByRole("button", { name: "修改" }).first().click();
  await page.getByLabel("昵称").fill("周强<script>");
  await page.getByRole("button", { name: "保存", exact: true }).click();
  await expect(page.getByText("昵称仅限中文、字母及数字，1-16个字符")).toBeVisible();
  await page.getByLabel("昵称").fill("采购周强");
  await page.getByRole("button", { name: "保存", exact: true }).click();
  await expect(page.getByText("昵称已保存")).toBeVisible();
  await page.reload();
  await expect(page.getByText("采购周强").first()).toBeVisible();
  await shot(page, "person-info");
});
