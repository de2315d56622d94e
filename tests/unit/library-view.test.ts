// The library's view as its URL says it (app/lib/library.ts): read with defaults for anything unknown,
// written back without the defaults, and passed to GET /api/v1/voices; the actors and wizard schemas.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { PAGE_SIZE, readLibraryView, viewSearch, voicesApiPath } from "~/lib/library";
import { ActorApplicationSchema, OpenVoiceProfileSchema, OpenVoiceTagsSchema } from "~/lib/library-schemas";

const view = (query: string) => readLibraryView(new URLSearchParams(query));

describe("the library's URL view", () => {
  it("defaults: My library, popular, page 1, no filters", () => {
    expect(view("")).toEqual({
      tab: "mine",
      sort: "popular",
      q: "",
      page: 1,
      tone: [],
      gender: [],
      age: [],
      mood: [],
      category: [],
      lang: [],
    });
    expect(viewSearch(view(""))).toBe("");
  });

  it("reads repeated and comma-joined filters, known codes only, each once", () => {
    const v = view(
      "tab=open&tone=low,high&tone=low&mood=calm&mood=loud&lang=en&category=news,%3Cscript%3E&sort=rating&page=3&q=%20앵커%20",
    );
    expect(v).toMatchObject({
      tab: "open",
      tone: ["low", "high"],
      mood: ["calm"],
      lang: ["en"],
      category: ["news"],
      sort: "rating",
      page: 3,
      q: "앵커",
    });
    expect(viewSearch(v)).toBe("?tab=open&tone=low&tone=high&mood=calm&category=news&lang=en&q=%EC%95%B5%EC%BB%A4&sort=rating&page=3");
    // The written URL reads back as the same view (a shared link shows the same voices).
    expect(view(viewSearch(v).slice(1))).toEqual(v);
  });

  it("falls back on unknown tabs, sorts and pages; bounds the search and the page", () => {
    expect(view("tab=admin&sort=random&page=-4")).toMatchObject({ tab: "mine", sort: "popular", page: 1 });
    expect(view("page=99999999999").page).toBe(10_000);
    expect(view("page=abc").page).toBe(1);
    expect([...view(`q=${"가".repeat(100)}`).q]).toHaveLength(40);
  });

  it("changes reset what they say and keep the rest", () => {
    const v = view("tab=open&lang=ko&page=4");
    expect(viewSearch(v, { tab: "basic", page: 1 })).toBe("?tab=basic&lang=ko");
  });

  it("asks the api for one page of the view", () => {
    const path = voicesApiPath(view("tab=event&gender=female&gender=male&q=a&page=2"));
    const q = new URL(path, "http://x").searchParams;
    expect(path.startsWith("/voices?")).toBe(true);
    expect(Object.fromEntries(q)).toEqual({
      tab: "event",
      sort: "popular",
      page: "2",
      limit: String(PAGE_SIZE),
      gender: "female,male",
      q: "a",
    });
  });
});

const form = (entries: [string, string | File][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("the pages' schemas", () => {
  it("an actor application needs consent and a link or a file", () => {
    const none = parseWithZod(
      form([
        ["name", "A"],
        ["contact", "a@example.com"],
      ]),
      { schema: ActorApplicationSchema },
    );
    expect(none.status).toBe("error");
    const errors = none.status === "error" ? none.error : {};
    expect(errors?.consent).toEqual(["library:actors.form.errors.consent"]);
    expect(errors?.sample_url).toEqual(["library:actors.form.errors.sampleRequired"]);
    const link = parseWithZod(
      form([
        ["name", "A"],
        ["contact", "a@example.com"],
        ["sample_url", "ftp://x"],
        ["consent", "on"],
      ]),
      {
        schema: ActorApplicationSchema,
      },
    );
    expect(link.status === "error" ? link.error?.sample_url : null).toEqual(["library:actors.form.errors.url"]);
    const ok = parseWithZod(
      form([
        ["name", "A"],
        ["contact", "a@example.com"],
        ["file", new File([new Uint8Array(10)], "a.wav")],
        ["consent", "on"],
      ]),
      {
        schema: ActorApplicationSchema,
      },
    );
    expect(ok.status).toBe("success");
  });

  it("the wizard: exactly two moods, 1-5 categories, a name of 14 and an intro of 10 characters", () => {
    const base: [string, string][] = [
      ["lang", "ko"],
      ["tone", "low"],
      ["gender", "female"],
      ["age", "young"],
      ["categories", "news"],
    ];
    const one = parseWithZod(form([...base, ["features", "calm"]]), { schema: OpenVoiceTagsSchema });
    expect(one.status === "error" ? one.error?.features : null).toEqual(["library:wizard.errors.moods"]);
    const two = parseWithZod(form([...base, ["features", "calm"], ["features", "warm"]]), { schema: OpenVoiceTagsSchema });
    expect(two.status).toBe("success");
    const three = parseWithZod(form([...base, ["features", "calm"], ["features", "warm"], ["features", "soft"]]), {
      schema: OpenVoiceTagsSchema,
    });
    expect(three.status).toBe("error");
    // 14 characters with spaces, counted as people see them (an emoji is one).
    expect(
      parseWithZod(
        form([
          ["name", "가나다 라마바 사아자 차카"],
          ["intro", "열 글자 소개예요!"],
        ]),
        { schema: OpenVoiceProfileSchema },
      ).status,
    ).toBe("success");
    const long = parseWithZod(
      form([
        ["name", "가나다 라마바 사아자 차카타"],
        ["intro", "😀".repeat(11)],
      ]),
      { schema: OpenVoiceProfileSchema },
    );
    expect(long.status === "error" ? [long.error?.name, long.error?.intro] : null).toEqual([
      ["library:wizard.errors.name"],
      ["library:wizard.errors.intro"],
    ]);
  });
});
