import { readFile } from "node:fs/promises";
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { orgGroups, orgRoles } from "@db/schema";
import { fail } from "@base/errors";
import { addNode, moveNode, type TreeKind } from "./tree.service";
import { ssoDirectoryTree } from "../sso/directory.service";

/** One unit of an external organisation source: code is its stable key there. */
export interface SourceUnit {
  code: string;
  name: string;
  children?: SourceUnit[];
}

const unit = (code: string, name: string, children: SourceUnit[] = []): SourceUnit => ({ code, name, children });

/** Default government structure used when no ORG_SOURCE_FILE is configured. */
export const DEFAULT_GROUP_SOURCE: SourceUnit[] = [
  unit("mof", "财政部", [
    unit("mof-gks", "国库司（政府采购管理办公室）"),
    unit("mof-jds", "监督评价局"),
    unit("mof-yss", "预算司"),
  ]),
  unit("zj-czt", "浙江省财政厅", [
    unit("zj-czt-cgc", "政府采购监管处"),
    unit("zj-hz-czj", "杭州市财政局", [unit("zj-hz-cgb", "政府采购监管处"), unit("zj-hz-xh", "西湖区财政局")]),
    unit("zj-nb-czj", "宁波市财政局"),
  ]),
  unit("zj-cgzx", "浙江省政府采购中心", [unit("zj-cgzx-yw", "采购业务部"), unit("zj-cgzx-zl", "质量管理部")]),
];

export const DEFAULT_ROLE_SOURCE: SourceUnit[] = [
  unit("purchaser", "采购人", [unit("purchaser-leader", "采购单位负责人"), unit("purchaser-staff", "采购经办人")]),
  unit("agency", "采购代理机构", [unit("agency-staff", "代理机构从业人员")]),
  unit("supplier", "供应商"),
  unit("expert", "评审专家"),
  unit("regulator", "监管人员"),
];

export const DEFAULT_SSO_SOURCE: SourceUnit[] = [
  unit("sso-zcy", "政采云平台", [unit("sso-zcy-ops", "平台运营部"), unit("sso-zcy-cs", "客户服务中心")]),
];

function validUnits(value: unknown, where: string): SourceUnit[] {
  if (!Array.isArray(value)) throw fail(`组织来源文件格式不正确：${where}应为数组`);
  return value.map((v, i) => {
    const u = v as Partial<SourceUnit>;
    if (!u || typeof u.code !== "string" || !u.code.trim() || typeof u.name !== "string" || !u.name.trim())
      throw fail(`组织来源文件格式不正确：${where}第${i + 1}项缺少 code 或 name`);
    return { code: u.code.trim().slice(0, 64), name: u.name.trim().slice(0, 64), children: validUnits(u.children ?? [], `${u.name}的下级`) };
  });
}

/** The external source: a JSON file ({groups, roles, sso} or a bare array of groups) or the defaults. */
export async function loadSource(kind: TreeKind, sso: boolean): Promise<SourceUnit[]> {
  // With single sign-on's directory configured, the SSO organisation is the provider's own tree.
  const directory = sso ? await ssoDirectoryTree(kind) : null;
  if (directory) return validUnits(directory, kind === "group" ? "organizations" : "roles");
  const file = process.env.ORG_SOURCE_FILE;
  const fallback = sso ? DEFAULT_SSO_SOURCE : kind === "group" ? DEFAULT_GROUP_SOURCE : DEFAULT_ROLE_SOURCE;
  if (!file) return fallback;
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, "utf8"));
  } catch {
    throw fail("组织来源文件无法读取");
  }
  if (Array.isArray(parsed)) return kind === "group" && !sso ? validUnits(parsed, "根") : fallback;
  const key = sso ? "sso" : kind === "group" ? "groups" : "roles";
  const part = (parsed as Record<string, unknown>)[key];
  return part === undefined ? fallback : validUnits(part, key);
}

/**
 * Brings the tree in line with the source: units are matched by code, so running it again only
 * renames or re-parents what changed and adds what is new; nodes added by hand stay untouched.
 */
export async function initFromSource(db: DbOrTx, kind: TreeKind, sso: boolean) {
  const units = await loadSource(kind, sso);
  const source = sso ? "sso" : "zcy";
  const t = kind === "group" ? orgGroups : (orgRoles as unknown as typeof orgGroups);
  return db.transaction(async (tx) => {
    let created = 0;
    let updated = 0;
    const walk = async (list: SourceUnit[], parentId: number | null) => {
      for (const [i, u] of list.entries()) {
        const [existing] = await tx
          .select()
          .from(t)
          .where(and(eq(t.source, source), eq(t.code, u.code)))
          .limit(1);
        let id: number;
        // A hand-made unit with the same name in the same place is adopted rather than duplicated.
        const [sameName] = existing
          ? []
          : await tx
              .select()
              .from(t)
              .where(and(parentId === null ? isNull(t.parentId) : eq(t.parentId, parentId), eq(t.name, u.name), isNull(t.code)))
              .limit(1);
        if (sameName) {
          id = sameName.id;
          await tx.update(t).set({ code: u.code, source }).where(eq(t.id, id));
          updated++;
        } else if (!existing) {
          const node = await addNode(tx, kind, { name: u.name, parentId: parentId ?? undefined, position: i, code: u.code, source });
          id = node.id;
          created++;
        } else {
          id = existing.id;
          if (existing.name !== u.name) {
            await tx.update(t).set({ name: u.name }).where(eq(t.id, id));
            updated++;
          }
          if (existing.parentId !== parentId) {
            await moveNode(tx, kind, { id, parentId, position: i });
            updated++;
          }
        }
        await walk(u.children ?? [], id);
      }
    };
    await walk(units, null);
    return { created, updated };
  });
}
