import { legacyRows, mapped, pass, type LegacyInput, type LegacyRow } from "../legacy/types";
import { xlsxResponse, type XlsxFile } from "@base/xlsx";

const E = "/api/elearning";
const download = (data: never) => xlsxResponse(data as XlsxFile);

/** Old clients name the folder materialLibFolderId. */
const withFolder = (i: LegacyInput) => ({ ...i, folderId: i.folderId ?? i.materialLibFolderId });

function libraryRows(prefix: string, lib: "courseware" | "media"): LegacyRow[] {
  const p = `${E}/${prefix}`;
  return [
    { method: "POST", path: `${p}/add`, call: mapped((c) => c.material.admin[lib].add, withFolder) },
    { method: "PUT", path: `${p}/update`, call: mapped((c) => c.material.admin[lib].update, withFolder) },
    { method: "DELETE", path: `${p}/{id}`, call: pass((c) => c.material.admin[lib].delete) },
    { method: "POST", path: `${p}/deleteBatch`, call: pass((c) => c.material.admin[lib].deleteBatch) },
    { method: "POST", path: `${p}/batchUpdate`, call: pass((c) => c.material.admin[lib].batchUpdate) },
    { method: "POST", path: `${p}/pageList`, call: pass((c) => c.material.admin[lib].pageList) },
    { method: "POST", path: `${p}/coursewareTypeList`, call: (c) => c.material.admin[lib].typeList() },
    { method: "POST", path: `${p}/exportCoursewareList`, call: pass((c) => c.material.admin[lib].exportList), respond: download },
  ];
}

const F = `${E}/materialLibFolder`;

export const materialLegacy = legacyRows([
  ...libraryRows("courseAndData", "courseware"),
  ...libraryRows("photoAndVideo", "media"),
  { method: "POST", path: `${F}/create`, call: pass((c) => c.material.admin.folder.create) },
  { method: "POST", path: `${F}/update`, call: pass((c) => c.material.admin.folder.update) },
  { method: "POST", path: `${F}/updateMove`, call: pass((c) => c.material.admin.folder.move) },
  { method: "POST", path: `${F}/delete`, call: pass((c) => c.material.admin.folder.delete) },
  { method: "POST", path: `${F}/queryTree`, call: pass((c) => c.material.admin.folder.tree) },
  { method: "POST", path: `${F}/setting`, call: pass((c) => c.material.admin.folder.setting) },
]);
