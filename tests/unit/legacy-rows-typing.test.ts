/**
 * Legacy rows are checked by the compiler against the procedures they call. Each @ts-expect-error below
 * marks a mistake that must not compile; if the checking is lost, the directive is unused and the type
 * check of `npm test` fails.
 */
import { describe, expect, it } from "vitest";
import { legacyRows, mapped, pass, type LegacyInput } from "@trpc-app/legacy/types";

/** A helper mapper, as rows pass them by name: its result is checked as strictly as an inline one. */
const liveIdFromId = (i: LegacyInput) => ({ liveId: i.id });
const misnamedFromId = (i: LegacyInput) => ({ liveID: i.id });

const rows = legacyRows([
  { method: "GET", path: "/pass", call: pass((c) => c.live.info) },
  { method: "GET", path: "/renamed", call: mapped((c) => c.live.info, (i) => ({ liveId: i.id })) },
  { method: "GET", path: "/by-name", call: mapped((c) => c.live.info, liveIdFromId) },
  { method: "POST", path: "/spread", call: mapped((c) => c.live.admin.save, (i) => ({ ...i, id: undefined })) },

  // @ts-expect-error the procedure does not exist
  { method: "GET", path: "/missing", call: pass((c) => c.live.getLiveInfo) },
  // @ts-expect-error liveID is not a field of live.info's input
  { method: "GET", path: "/misnamed", call: mapped((c) => c.live.info, (i) => ({ liveID: i.id })) },
  // @ts-expect-error a misnamed field beside a spread of the old client's input
  { method: "GET", path: "/misnamed-spread", call: mapped((c) => c.live.info, (i) => ({ ...i, id: i.id, liveID: i.id })) },
  // @ts-expect-error a helper mapper's misnamed field
  { method: "GET", path: "/misnamed-by-name", call: mapped((c) => c.live.info, misnamedFromId) },
]);

describe("legacy row typing", () => {
  it("builds rows whose calls hand the mapped fields to the procedure", async () => {
    expect(rows.map((r) => r.path)).toContain("/renamed");
    let received: unknown;
    const caller = { live: { info: async (input: unknown) => (received = input) } };
    const row = rows.find((r) => r.path === "/renamed")!;
    await row.call(caller as never, { id: "7", other: "x" }, null as never);
    expect(received).toEqual({ liveId: "7" });
  });
});
