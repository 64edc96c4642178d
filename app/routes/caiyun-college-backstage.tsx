import { redirect } from "@remix-run/node";

// The old back-office address (/caiyun-college-backstage/#/home): the hash never reaches the server.
export const loader = () => redirect("/admin");
