import { redirect } from "@remix-run/node";

// Any deeper old back-office path lands on the new back-office home.
export const loader = () => redirect("/admin");
