import uWS from "uWebSockets.js";

// The package silently swaps in a slow JavaScript version when its binary does not load; native functions say which we got.
export const nativeUws = /\[native code\]/.test(Function.prototype.toString.call(uWS.App));
export { uWS };
