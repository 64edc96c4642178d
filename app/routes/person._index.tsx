import { redirect } from "@remix-run/node";

// /person itself has no page of its own: the overview is the personal centre's front door.
export const loader = () => redirect("/person/overview");
