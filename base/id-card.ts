// Resident identity card numbers (GB 11643): shared by the form (browser) and the service (server).
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = "10X98765432";

export const ID_NO_MESSAGE = "请输入正确的证件号码";
export const ID_TYPE_RESIDENT = 1;
export const ID_TYPE_NAME = "居民身份证";

function validDate(y: number, m: number, d: number) {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return y >= 1900 && date.getTime() <= Date.now();
}

/** The ISO 7064 MOD 11-2 check character of the first 17 digits. */
export function idCheckChar(first17: string) {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK[sum % 11]!;
}

export function normalizeIdNo(raw: string) {
  return raw.trim().toUpperCase();
}

/** 18 digits with a valid birth date and check character, or the old 15-digit format. */
export function isValidIdNo(raw: string): boolean {
  const id = normalizeIdNo(raw);
  if (/^[1-9]\d{16}[\dX]$/.test(id)) {
    if (!validDate(Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14)))) return false;
    return idCheckChar(id) === id[17];
  }
  if (/^[1-9]\d{14}$/.test(id)) {
    return validDate(1900 + Number(id.slice(6, 8)), Number(id.slice(8, 10)), Number(id.slice(10, 12)));
  }
  return false;
}
