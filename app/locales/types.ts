/** The shape another locale must match: same keys and nesting, any strings. */
export type Translation<T> = T extends string
  ? string
  : T extends readonly (infer U)[]
    ? readonly Translation<U>[]
    : { [K in keyof T]: Translation<T[K]> };
