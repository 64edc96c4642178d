import { describe, expect, it } from "vitest";
import { BODY_LIMIT } from "@trpc-app/body-limit";
import { BadBodyError, decodeBody, decodeSearchParams } from "@trpc-app/legacy/decode";

const q = (query: string) => decodeSearchParams(new URLSearchParams(query));

describe("decodeSearchParams", () => {
  it("reads ids[]=1&ids[]=2 as a list", () => {
    expect(q("ids[]=1&ids[]=2")).toEqual({ ids: ["1", "2"] });
  });

  it("reads ids[0]=1&ids[1]=2 as a list", () => {
    expect(q("ids[0]=1&ids[1]=2")).toEqual({ ids: ["1", "2"] });
    expect(Array.isArray(q("ids[0]=1").ids)).toBe(true);
  });

  it("reads percent-encoded brackets the same way", () => {
    expect(q("ids%5B%5D=1&ids%5B%5D=2")).toEqual({ ids: ["1", "2"] });
  });

  it("reads a[b]=1 as an object, nested as deep as the key goes", () => {
    expect(q("a[b]=1")).toEqual({ a: { b: "1" } });
    expect(q("a[b][c]=1&a[b][d]=2")).toEqual({ a: { b: { c: "1", d: "2" } } });
    expect(q("list[0][id]=7&list[0][name]=x&list[1][id]=8")).toEqual({ list: [{ id: "7", name: "x" }, { id: "8" }] });
  });

  it("collects repeated keys into a list", () => {
    expect(q("a=1&a=2")).toEqual({ a: ["1", "2"] });
    expect(q("a=1&a=2&a=3")).toEqual({ a: ["1", "2", "3"] });
  });

  it("parses JSON-looking values", () => {
    expect(q(`x=${encodeURIComponent('{"x":1}')}`)).toEqual({ x: { x: 1 } });
    expect(q("x=[1,2]")).toEqual({ x: [1, 2] });
    expect(q("x=true&y=false")).toEqual({ x: true, y: false });
    expect(q("x=null")).toEqual({ x: null });
  });

  it("keeps digit strings, including phone numbers and ids with leading zeros, as strings", () => {
    expect(q("mobile=13900000000&code=012345&id=42&n=-1.5")).toEqual({ mobile: "13900000000", code: "012345", id: "42", n: "-1.5" });
  });

  it("keeps text that only looks like JSON as it was sent", () => {
    expect(q("x={not json}&y=[1,")).toEqual({ x: "{not json}", y: "[1," });
    expect(q("x=True&y=nullable")).toEqual({ x: "True", y: "nullable" });
    expect(q("x=")).toEqual({ x: "" });
  });

  it("never writes to Object.prototype", () => {
    try {
      const out = q("__proto__[polluted]=1&constructor[prototype][polluted]=1&a[__proto__][polluted]=1&__proto__=1");
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
      expect(Object.keys(out)).toEqual([]);
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it("does not mix inherited names into the input", () => {
    expect(q("toString=1&hasOwnProperty=2")).toEqual({ toString: "1", hasOwnProperty: "2" });
  });

  it("lets a nested key replace a plain value instead of failing", () => {
    expect(q("a=1&a[b]=2")).toEqual({ a: { b: "2" } });
    expect(q("a[b]=1&a=2")).toEqual({ a: [{ b: "1" }, "2"] });
  });

  it("refuses an array index big enough to build a huge array", () => {
    expect(() => q("ids[4294967294]=1")).toThrow(BadBodyError);
    expect(q("ids[1000]=1").ids).toHaveLength(1001);
  });
});

describe("decodeBody", () => {
  const post = (body: BodyInit, type?: string) =>
    decodeBody(new Request("http://x/api", { method: "POST", body, headers: type ? { "content-type": type } : {} }), BODY_LIMIT);

  it("reads JSON, an empty body, and refuses malformed JSON", async () => {
    expect(await post('{"mobile":13900000000}', "application/json")).toEqual({ mobile: 13900000000 });
    expect(await post("", "application/json")).toEqual({});
    await expect(post("{oops", "application/json")).rejects.toBeInstanceOf(BadBodyError);
  });

  it("reads urlencoded and multipart forms with the query rules", async () => {
    expect(await post("ids[]=1&ids[]=2&flag=true&mobile=13900000000", "application/x-www-form-urlencoded")).toEqual({
      ids: ["1", "2"],
      flag: true,
      mobile: "13900000000",
    });
    const fd = new FormData();
    fd.append("a[b]", "1");
    fd.append("file", new Blob(["hi"], { type: "text/plain" }), "hi.txt");
    const out = await post(fd);
    expect(out.a).toEqual({ b: "1" });
    expect(out.file).toBeInstanceOf(Blob);
  });
});
