import { randomInt } from "node:crypto";

/**
 * Redemption codes: 11 random characters and a check character, 12 in all, shown as XXXX-XXXX-XXXX.
 * The alphabet leaves out 0/O and 1/I, which read alike, and U, which reads like V in handwriting; 31
 * characters remain, a prime. The check character makes the position-weighted sum of all twelve values
 * (weights 12 … 1 from the left) a multiple of 31. Because 31 is prime and the weights are distinct and
 * non-zero below 31, one wrong character and any two characters swapped always break the sum
 * (docs/decisions/028-redemption-codes.md).
 */
export const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTVWXYZ";
export const CODE_BASE = CODE_ALPHABET.length;
export const CODE_LENGTH = 12;
export const BODY_LENGTH = CODE_LENGTH - 1;

const VALUE = new Map([...CODE_ALPHABET].map((c, i) => [c, i]));
const SHAPE = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** The weighted sum of characters, the leftmost weighing the most (the check character weighs 1). */
function weightedSum(text: string, firstWeight: number): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += (firstWeight - i) * VALUE.get(text[i]!)!;
  return sum % CODE_BASE;
}

/** The check character for an 11-character body from the alphabet. */
export function checkCharacter(body: string): string {
  if (body.length !== BODY_LENGTH || [...body].some((c) => !VALUE.has(c))) throw new Error("code body must be 11 characters of the alphabet");
  const sum = weightedSum(body, CODE_LENGTH);
  return CODE_ALPHABET[(CODE_BASE - sum) % CODE_BASE]!;
}

/** A new random code (crypto randomness, each character uniform over the alphabet). */
export function generateCode(): string {
  let body = "";
  for (let i = 0; i < BODY_LENGTH; i++) body += CODE_ALPHABET[randomInt(CODE_BASE)];
  return body + checkCharacter(body);
}

/**
 * What a learner typed, as stored: full-width characters folded, lower case raised, spaces, dashes and
 * underscores dropped ("abcd-efgh jklm", "ＡＢＣＤ－…").
 */
export function normalizeCode(input: string): string {
  return input
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s\-_‐‑‒–—―−·.]/g, "");
}

/** Whether a normalised code has the shape and a check character that fits. */
export function isWellFormed(code: string): boolean {
  return SHAPE.test(code) && weightedSum(code, CODE_LENGTH) === 0;
}

/** XXXX-XXXX-XXXX, as printed and shown. */
export function formatCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, "$1-");
}

/** Only the last four characters shown: ****-****-WXYZ. */
export function maskCode(code: string): string {
  return formatCode("*".repeat(Math.max(0, code.length - 4)) + code.slice(-4));
}
