// Made by scripts/make-short-samples.mjs (do not edit): the sample shorts' audio under public/labs/shorts/, each
// template's script read by a basic voice of the embedded engine (docs/decisions/0042). tests/unit/short-samples.test.ts
// checks the files against these lengths and hashes.

export type ShortSample = { template: string; lang: "ko" | "en"; src: string; seconds: number; bytes: number; sha256: string };

export const SHORT_SAMPLES: readonly ShortSample[] = [
  {
    template: "news",
    lang: "ko",
    src: "/labs/shorts/news.ko.mp3",
    seconds: 15,
    bytes: 45252,
    sha256: "6dca5063391da7b4863cb2392d7e906bcaf55a755b9a00e87e8d4a451df8566f",
  },
  {
    template: "news",
    lang: "en",
    src: "/labs/shorts/news.en.mp3",
    seconds: 15,
    bytes: 45252,
    sha256: "2d21b6f39b09ce424a24c3ced84102fbbe05f5cdb17cca6ee602843956b78748",
  },
  {
    template: "trailer",
    lang: "ko",
    src: "/labs/shorts/trailer.ko.mp3",
    seconds: 16,
    bytes: 48276,
    sha256: "937dae1e96d17acac8e9039b1906b928a2501717cf32fd4d21cf365b6c0424dc",
  },
  {
    template: "trailer",
    lang: "en",
    src: "/labs/shorts/trailer.en.mp3",
    seconds: 16,
    bytes: 48276,
    sha256: "bbc4f7580e14cc7224e4be3425a6a995d925984c48ee8512225c088bcb357a09",
  },
  {
    template: "birthday",
    lang: "ko",
    src: "/labs/shorts/birthday.ko.mp3",
    seconds: 12,
    bytes: 36288,
    sha256: "0ff71168a6f787eb6e91bff8874b26265e1d89e158633302590447e20d18522d",
  },
  {
    template: "birthday",
    lang: "en",
    src: "/labs/shorts/birthday.en.mp3",
    seconds: 12,
    bytes: 36288,
    sha256: "0d2f75436bb5ab80c0be46df34fc65abb9d23e3c8fd279ecb5a1361e33d4276e",
  },
];

export const shortSample = (template: string, lang: "ko" | "en") =>
  SHORT_SAMPLES.find((s) => s.template === template && s.lang === lang) ?? null;
