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
    sha256: "79d02aa5087c8cb1e92e5b4a5044c2ad7998fe543e12868939ab92f37a25fe9b",
  },
  {
    template: "trailer",
    lang: "ko",
    src: "/labs/shorts/trailer.ko.mp3",
    seconds: 16,
    bytes: 48276,
    sha256: "fd4da5700a6cdee2ea7bcd7fd3893b99b913b42eef251e9968a0786baf6121d1",
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
    sha256: "d8d4a9efba847618944b3aa70b48120c1fe7453d73fba7387c84eb27a9ca11c8",
  },
];

export const shortSample = (template: string, lang: "ko" | "en") =>
  SHORT_SAMPLES.find((s) => s.template === template && s.lang === lang) ?? null;
