import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { worker } from "./helpers";
import { catalogueStatements, planCatalogue } from "#db/seed";
import { seedFaq, seedGuide } from "#db/seed-content";
import { basicVoices } from "#db/seed-voices";

/** A deployment's catalogue (`npm run catalogue -- --remote`, README's production checklist) on a database with only its migrations. */
const apply = () => env.DB.batch(catalogueStatements().map((s) => env.DB.prepare(s)));
const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;

describe("the catalogue a deployment needs", () => {
  it("gives a migrated, empty database the plans, the basic voices, the FAQ and the guide, and nothing local", async () => {
    expect(await count("SELECT COUNT(*) AS n FROM plans")).toBe(0);
    await apply();
    expect(await count("SELECT COUNT(*) AS n FROM plans")).toBe(planCatalogue.length);
    expect(await count("SELECT COUNT(*) AS n FROM voices")).toBe(basicVoices.length);
    expect(await count("SELECT COUNT(*) AS n FROM faq_entries")).toBe(seedFaq.length);
    expect(await count("SELECT COUNT(*) AS n FROM guide_sections")).toBe(seedGuide.length);
    // No local coupons, example creators, open voices, notices or contests, and no development operator.
    for (const table of ["coupons", "members", "notices", "contests"]) expect(await count(`SELECT COUNT(*) AS n FROM ${table}`)).toBe(0);
    const plans = await (
      await worker.fetch("http://localhost/api/v1/utils/planlist", { headers: { lang: "en" } })
    ).json<{ data: { plan: string }[] }>();
    expect(plans.data.map((p) => p.plan)).toEqual(["Free", "Starter", "Creator", "Production"]);
  });

  it("runs again without harm: an FAQ entry an operator edited is kept, a voice keeps its use count", async () => {
    const faq = seedFaq[0]!;
    await env.DB.prepare("UPDATE faq_entries SET question_ko = '운영자가 고친 질문', updated_by = 'op' WHERE id = ?").bind(faq.id).run();
    await env.DB.prepare("UPDATE voices SET usage_count = 7 WHERE id = ?").bind(basicVoices[0]!.id).run();
    await apply();
    expect(await env.DB.prepare("SELECT question_ko AS q FROM faq_entries WHERE id = ?").bind(faq.id).first<{ q: string }>()).toEqual({
      q: "운영자가 고친 질문",
    });
    expect(
      await env.DB.prepare("SELECT usage_count AS n FROM voices WHERE id = ?").bind(basicVoices[0]!.id).first<{ n: number }>(),
    ).toEqual({ n: 7 });
    expect(await count("SELECT COUNT(*) AS n FROM plans")).toBe(planCatalogue.length);
  });
});
