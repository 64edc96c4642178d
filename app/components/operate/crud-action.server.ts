import { badInput } from "@base/errors";
import { adminAction } from "~/components/admin/guard.server";
import { formFields } from "./form-data";

type Fields = Record<string, string>;
type Caller = Parameters<Parameters<typeof adminAction>[1]>[0];

/** The save / del / move intents every operations list answers; `more` handles page-specific intents. */
export function crudAction(
  request: Request,
  noun: string,
  ops: {
    add: (c: Caller, f: Fields) => Promise<unknown>;
    update: (c: Caller, f: Fields) => Promise<unknown>;
    del: (c: Caller, id: string) => Promise<unknown>;
    move: (c: Caller, id: string, position: string) => Promise<unknown>;
    more?: (c: Caller, intent: string, f: Fields) => Promise<string | null>;
  },
) {
  return adminAction(request, async (caller) => {
    const f = formFields(await request.formData());
    const intent = f.intent ?? "";
    if (intent === "save") {
      if (f.id) {
        await ops.update(caller, f);
        return `已保存${noun}`;
      }
      await ops.add(caller, f);
      return `已新增${noun}`;
    }
    if (intent === "del") {
      await ops.del(caller, f.id ?? "");
      return `已删除${noun}`;
    }
    if (intent === "move") {
      await ops.move(caller, f.id ?? "", f.position ?? "");
      return "已调整顺序";
    }
    const done = ops.more ? await ops.more(caller, intent, f) : null;
    if (done) return done;
    throw badInput("未知的操作");
  });
}
