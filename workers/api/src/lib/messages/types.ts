export type Locale = "ko" | "en";
/** Text in each locale: the one shape of ko/en text, for the messages and the labels of `../labels.ts`. */
export type Localized = Record<Locale, string>;
