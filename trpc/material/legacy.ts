import { legacyRows, type LegacyRow } from "../legacy/types";
import { xlsxResponse, type XlsxFile } from "@base/xlsx";

const E = "/api/elearning";
const download = (data: never) => xlsxResponse(data as XlsxFile);

/** Old clients name the folder materialLibFolderId. */
const withFolder = (i: Record<string, unknown>) => ({ ...i, folderId: i.folderId ?? i.materialLibFolderId });

function libraryRows(prefix: string, lib: "courseware" | "media"): LegacyRow[] {
  const p = `${E}/${prefix}`;
  return [
    { method: "POST", path: `${p}/add`, call: (c, i) => c.material.admin[lib].add(withFolder(i) as never) },
    { method: "PUT", path: `${p}/update`, call: (c, i) => c.material.admin[lib].update(withFolder(i) as never) },
    { method: "DELETE", path: `${p}/{id}`, call: (c, i) => c.material.admin[lib].delete(i as never) },
    { method: "POST", path: `${p}/deleteBatch`, call: (c, i) => c.material.admin[lib].deleteBatch(i as never) },
    { method: "POST", path: `${p}/batchUpdate`, call: (c, i) => c.material.admin[lib].batchUpdate(i as never) },
    { method: "POST", path: `${p}/pageList`, call: (c, i) => c.material.admin[lib].pageList(i as never) },
    { method: "POST", path: `${p}/coursewareTypeList`, call: (c) => c.material.admin[lib].typeList() },
    { method: "POST", path: `${p}/exportCoursewareList`, call: (c, i) => c.material.admin[lib].exportList(i as never), respond: download },
  ];
}

const F = `${E}/materialLibFolder`;

export const materialLegacy = legacyRows([
  ...libraryRows("courseAndData", "courseware"),
  ...libraryRows("photoAndVideo", "media"),
  { method: "POST", path: `${F}/create`, call: (c, i) => c.material.admin.folder.create(i as never) },
  { method: "POST", path: `${F}/update`, call: (c, i) => c.material.admin.folder.update(i as never) },
  { method: "POST", path: `${F}/updateMove`, call: (c, i) => c.material.admin.folder.move(i as never) },
  { method: "POST", path: `${F}/delete`, call: (c, i) => c.material.admin.folder.delete(i as never) },
  { method: "POST", path: `${F}/queryTree`, call: (c, i) => c.material.admin.folder.tree(i as never) },
  { method: "POST", path: `${F}/setting`, call: (c, i) => c.material.admin.folder.setting(i as never) },
]);
