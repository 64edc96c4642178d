import { Outlet } from "@remix-run/react";

// Pages under this pathless layout render without the header and footer (the root reads the handle).
export const handle = { layout: "bare" };

export default function BareLayout() {
  return <Outlet />;
}
