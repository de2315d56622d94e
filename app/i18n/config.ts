export const supportedLngs = ["ko", "en"] as const;
export type Lang = (typeof supportedLngs)[number];
export const fallbackLng: Lang = "ko";
export const defaultNS = "common";

export const isLang = (v: unknown): v is Lang => supportedLngs.includes(v as Lang);
