// /complete is the registration page under a second address.
export { default, loader, meta } from "./sign.up";
