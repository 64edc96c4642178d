import { describe, expect, it } from "vitest";
import { BODY_LENGTH, checkCharacter, CODE_ALPHABET, CODE_LENGTH, formatCode, generateCode, isWellFormed, maskCode, normalizeCode } from "@trpc-app/redeem/codes";

const sample = Array.from({ length: 60 }, generateCode);

describe("redemption codes", () => {
  it("use 31 unambiguous characters, a prime count", () => {
    expect(CODE_ALPHABET).toHaveLength(31);
    expect(new Set(CODE_ALPHABET).size).toBe(31);
    for (const c of "01OIU") expect(CODE_ALPHABET).not.toContain(c);
    const n = CODE_ALPHABET.length;
    for (let d = 2; d * d <= n; d++) expect(n % d).not.toBe(0);
  });

  it("are 12 characters of the alphabet with a check character that fits", () => {
    for (const code of sample) {
      expect(code).toHaveLength(CODE_LENGTH);
      expect([...code].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
      expect(code.slice(-1)).toBe(checkCharacter(code.slice(0, BODY_LENGTH)));
      expect(isWellFormed(code)).toBe(true);
    }
    expect(new Set(sample).size).toBe(sample.length);
    // Every character of the alphabet turns up over enough codes (randomInt over the whole alphabet).
    const seen = new Set(Array.from({ length: 400 }, generateCode).join(""));
    expect(seen.size).toBe(31);
  });

  it("the check character catches every single-character substitution", () => {
    for (const code of sample) {
      for (let i = 0; i < CODE_LENGTH; i++) {
        for (const c of CODE_ALPHABET) {
          if (c === code[i]) continue;
          const typo = code.slice(0, i) + c + code.slice(i + 1);
          expect(isWellFormed(typo), `${code} → ${typo}`).toBe(false);
        }
      }
    }
  });

  it("the check character catches every swap of neighbours, the first and last characters of the alphabet too", () => {
    // "2Z" ↔ "Z2" is the swap a Luhn mod 31 check would miss.
    const body = "ABC2ZDEFGHJ";
    const edge = body + checkCharacter(body);
    for (const code of [...sample, edge]) {
      for (let i = 0; i < CODE_LENGTH - 1; i++) {
        if (code[i] === code[i + 1]) continue;
        const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
        expect(isWellFormed(swapped), `${code} → ${swapped}`).toBe(false);
      }
    }
  });

  it("reads what learners type: lower case, dashes, spaces, full-width characters", () => {
    const code = sample[0]!;
    const shown = formatCode(code);
    expect(shown).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    for (const typed of [shown, shown.toLowerCase(), ` ${code.slice(0, 4)} ${code.slice(4, 8)}  ${code.slice(8)} `, shown.replaceAll("-", " - "), `${code.slice(0, 6)}—${code.slice(6)}`]) {
      expect(normalizeCode(typed)).toBe(code);
      expect(isWellFormed(normalizeCode(typed))).toBe(true);
    }
    const fullWidth = [...code].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join("");
    expect(normalizeCode(fullWidth)).toBe(code);
    for (const wrong of ["", code.slice(0, 11), `${code}2`, code.replace(/.$/, "0"), "ABCD-EFGH-IJKL"]) expect(isWellFormed(normalizeCode(wrong))).toBe(false);
  });

  it("masks all but the last four characters", () => {
    expect(maskCode("23456789ABCD")).toBe("****-****-ABCD");
    expect(formatCode("23456789ABCD")).toBe("2345-6789-ABCD");
  });
});
