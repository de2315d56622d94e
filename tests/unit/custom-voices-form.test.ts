// Custom voice creation's forms (app/lib/custom-voices.ts), parsed as the page's action parses them: the design's
// tags, the generate step's 1 to 5 files and three consents, the profile's 14 and 10 characters.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CUSTOM_VOICE } from "~/lib/custom-voices";
import { CustomVoiceWizardSchema } from "~/lib/custom-voices-schemas";

function form(fields: Record<string, string | string[] | File[]>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) data.append(k, one);
  return parseWithZod(data, { schema: CustomVoiceWizardSchema });
}
const errors = (fields: Record<string, string | string[] | File[]>) => {
  const s = form(fields);
  return s.status === "success" ? {} : (s.reply().error ?? {});
};
const audio = (name: string, bytes = 1000) => new File([new Uint8Array(bytes)], name, { type: "audio/wav" });
const consents = { consent_rights: "on", consent_training: "on", consent_no_harm: "on" };
const design = { intent: "design", lang: "ko", gender: "female", age: "young", tone: "medium" };

describe("design", () => {
  it("takes one category and no mood, and answers the tags as lists", () => {
    const s = form({ ...design, categories: "narration" });
    expect(s.status).toBe("success");
    expect(s.status === "success" && s.value).toMatchObject({ moods: [], categories: ["narration"] });
  });

  it("needs 1 to 5 categories, at most 2 moods, and a gender of male or female", () => {
    expect(errors({ ...design })).toMatchObject({ categories: ["custom-voices:errors.categories"] });
    const six = ["narration", "advertising", "education", "audiobook", "news", "game"];
    expect(errors({ ...design, categories: six })).toMatchObject({ categories: ["custom-voices:errors.categories"] });
    expect(errors({ ...design, categories: "news", moods: ["calm", "warm", "bright"] })).toMatchObject({
      moods: ["custom-voices:errors.moods"],
    });
    expect(errors({ ...design, gender: "other", categories: "news" })).toHaveProperty("gender");
  });
});

describe("generate", () => {
  it("sends one to five files with the three consents; an empty file input sends none", () => {
    const s = form({ intent: "generate", file: [audio("a.wav"), audio("b.wav")], ...consents });
    expect(s.status === "success" && s.value.intent === "generate" && s.value.file.map((f) => f.name)).toEqual(["a.wav", "b.wav"]);
    // The browser sends an empty part for a file input left empty.
    expect(errors({ intent: "generate", file: [new File([], "")], ...consents })).toMatchObject({ file: ["custom-voices:errors.files"] });
  });

  it("refuses a sixth file and a file over 10 MB", () => {
    const six = Array.from({ length: CUSTOM_VOICE.maxFiles + 1 }, (_, i) => audio(`${i}.wav`));
    expect(errors({ intent: "generate", file: six, ...consents })).toMatchObject({ file: ["custom-voices:errors.tooManyFiles"] });
    const big = audio("big.wav", CUSTOM_VOICE.fileMaxBytes + 1);
    expect(errors({ intent: "generate", file: [big], ...consents })).toMatchObject({ file: ["custom-voices:errors.fileTooLarge"] });
  });

  it("needs every consent, each named", () => {
    expect(errors({ intent: "generate", file: [audio("a.wav")], consent_training: "on" })).toMatchObject({
      consent_rights: ["custom-voices:errors.consents.rights"],
      consent_no_harm: ["custom-voices:errors.consents.noHarm"],
    });
    expect(errors({ intent: "generate", file: [audio("a.wav")], consent_training: "on" })).not.toHaveProperty("consent_training");
  });
});

describe("profile", () => {
  it("counts characters with spaces: 14 for the name, 10 for the intro", () => {
    expect(form({ intent: "profile", name: "열네 글자 이름입니다 여기", intro: "열 글자 소개입니다" }).status).toBe("success");
    expect(errors({ intent: "profile", name: "열다섯 글자가 넘는 아주 긴 이름", intro: "소개" })).toMatchObject({
      name: ["custom-voices:errors.name"],
    });
    expect(errors({ intent: "profile", name: "이름", intro: "열한 글자가 넘는 소개" })).toMatchObject({
      intro: ["custom-voices:errors.intro"],
    });
    expect(errors({ intent: "profile", name: "  ", intro: "소개" })).toMatchObject({ name: ["validation.required"] });
  });
});
