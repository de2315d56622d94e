import { josa as esHangulJosa } from "es-hangul";
import { describe, expect, it } from "vitest";
import { josa, PARTICLES } from "#contracts/josa";
import { fill, messages } from "../../workers/api/src/lib/codes";
import { fixedT } from "~/i18n/i18n.server";
import { addBundle, translate } from "~/i18n/translator";
import { resources } from "~/locales";

const pairs = PARTICLES;

describe("josa: the particle the word's last sound takes", () => {
  // Hangul words: es-hangul's josa is the oracle. Every final consonant class, ㄹ apart, and words from the product.
  const words = [
    "서연",
    "민준",
    "지우",
    "서울",
    "카카오",
    "네이버",
    "구글",
    "2초",
    "3분",
    "1분 30초",
    "1,000원",
    "요금제",
    "문단",
    "보이스",
    "쌀",
    "닭",
    "값",
    "앉",
    "학교",
    "물",
  ];
  for (const particle of pairs) {
    it(`${particle}: as es-hangul chooses for Hangul words`, () => {
      for (const word of words) expect(josa(word, particle), word).toBe(esHangulJosa(word, particle));
    });
  }

  it("digits read as Sino-Korean numbers: 1, 7, 8 end in ㄹ; 3, 6 and every 0 (영, 십, 백, 천, 만) in another consonant", () => {
    expect(["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"].map((d) => josa(d, "이/가"))).toEqual([
      "1이",
      "2가",
      "3이",
      "4가",
      "5가",
      "6이",
      "7이",
      "8이",
      "9가",
      "0이",
    ]);
    expect(["240", "1000", "10000", "2.0", "11", "17"].map((n) => josa(n, "으로/로"))).toEqual([
      "240으로",
      "1000으로",
      "10000으로",
      "2.0으로",
      "11로",
      "17로",
    ]);
  });

  it("Latin letters by their Korean names; what is not read (quotes, brackets, punctuation) is looked past", () => {
    expect(josa("PNG", "으로/로")).toBe("PNG로");
    expect(josa("Ping", "이/가")).toBe("Ping이");
    expect(josa("URL", "을/를")).toBe("URL을");
    expect(josa("URL", "으로/로")).toBe("URL로");
    expect(josa("HTML", "은/는")).toBe("HTML은");
    expect(josa("help@voicestudio.kr", "으로/로")).toBe("help@voicestudio.kr로");
    expect(josa("Kakao", "와/과")).toBe("Kakao와");
    expect(josa("‘서연’", "이/가")).toBe("‘서연’이");
    expect(josa("「민준」", "을/를")).toBe("「민준」을");
    expect(josa("(3분)", "이에요/예요")).toBe("(3분)이에요");
  });

  it("nothing readable: the form after a vowel, never a placeholder such as (이)가", () => {
    expect(josa("", "이/가")).toBe("가");
    expect(josa("…", "을/를")).toBe("…를");
  });
});

describe("josa in the copy: `{{x, 이/가}}` in the bundles, `{x|이/가}` in the api's messages", () => {
  it("the translator and i18next give the same particle, and an undefined or null value as they treat any other", () => {
    const t = fixedT("ko", "studio");
    for (const ns of ["studio"] as const) addBundle("ko", ns, resources.ko[ns] as never);
    for (const [time, said] of [
      ["2초", "변환하면 2초가 차감됩니다."],
      ["3분", "변환하면 3분이 차감됩니다."],
      ["1분 30초", "변환하면 1분 30초가 차감됩니다."],
    ] as const) {
      expect(translate("ko", "studio", "sts.voice.cost", { time })).toBe(said);
      expect(t("sts.voice.cost", { time })).toBe(said);
    }
    for (const options of [{}, { time: undefined }, { time: null }, { time: 240 }]) {
      expect(translate("ko", "studio", "sts.voice.cost", options), JSON.stringify(options)).toBe(t("sts.voice.cost", options as never));
    }
    expect(translate("ko", "studio", "sts.voice.cost", {})).toBe("변환하면 {{time, 이/가}} 차감됩니다.");
  });

  it("the api's messages", () => {
    expect(fill("{provider|으로/로} 로그인해 주세요.", "ko", { provider: { ko: "카카오", en: "Kakao" } })).toBe(
      "카카오로 로그인해 주세요.",
    );
    expect(fill("{name|이/가} 없습니다.", "ko", { name: "서연" })).toBe("서연이 없습니다.");
    expect(fill("{count|을/를} 넘었습니다.", "ko", { count: 1000 })).toBe("1,000을 넘었습니다.");
    expect(fill("{missing|이/가} 그대로", "ko", {})).toBe("{missing|이/가} 그대로");
  });
});

describe("no particle after a value is fixed text", () => {
  // A particle that changes with the word before it, written after a value: it must be the value's format.
  const FIXED_AFTER_VALUE = /(\}\}|\})(이|가|을|를|은|는|과|와|으로|로|이에요|예요)(?![\p{Script=Hangul}])/u;
  const PLACEHOLDER = /\((으|이|을|은|과)\)|(을|이|은|과)\((를|가|는|와)\)/u;
  const strings = (value: unknown): string[] =>
    typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(strings) : [];

  it("in the app's Korean bundles", () => {
    const all = Object.values(resources.ko).flatMap(strings);
    expect(all.length).toBeGreaterThan(1000);
    expect(all.filter((s) => FIXED_AFTER_VALUE.test(s))).toEqual([]);
    expect(all.filter((s) => PLACEHOLDER.test(s))).toEqual([]);
  });

  it("in the api's Korean messages", () => {
    const all = Object.values(messages).map((m) => m.ko);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((s) => FIXED_AFTER_VALUE.test(s))).toEqual([]);
    expect(all.filter((s) => PLACEHOLDER.test(s))).toEqual([]);
  });
});
