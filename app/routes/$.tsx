// Any unknown path shows the home page with status 200 (learner-front-end.md 2).
export { default, loader, meta } from "./_index";
