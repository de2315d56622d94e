export type LegalSection = { heading: string; paragraphs: string[] };
export type LegalDoc = { title: string; effective: string; intro: string; sections: LegalSection[] };
export type Localized<T> = { ko: T; en: T };
