import type { plans } from "./schema";
import { contentStatements, helpContentStatements } from "./seed-content";
import { libraryStatements } from "./seed-library";
import { basicVoices } from "./seed-voices";

type PlanRow = typeof plans.$inferInsert;

/**
 * The plan catalogue (spec section 9). Prices, minutes, custom voice slots and the free project
 * limit come from the spec. The spec gives no character allowances, so we chose these, scaled
 * like the minutes (about 1,000 characters of Korean text per minute of speech, rounded):
 * Free 10,000 (the spec's beta free allowance), Starter 30,000, Creator 100,000, Production 500,000.
 */
export const planCatalogue: PlanRow[] = [
  {
    tier: 0,
    plan: "Free",
    subtitle: { ko: "AI 보이스를 처음 시작하는 분께", en: "For trying AI voices for the first time" },
    price: 0,
    priceEnCents: 0,
    planTime: 3,
    planTxt: 10_000,
    cvCnt: 0,
    projectLimit: 3,
    func: {
      ko: ["기본 보이스 사용", "프로젝트 3개", "출처 표기 필요", "비상업적 개인 이용"],
      en: ["Basic voices", "3 projects", "Attribution required", "Personal, non-commercial use"],
    },
  },
  {
    tier: 1,
    plan: "Starter",
    subtitle: { ko: "가볍게 콘텐츠를 만드는 크리에이터께", en: "For creators getting started" },
    price: 4_900,
    priceEnCents: 399,
    planTime: 20,
    planTxt: 30_000,
    cvCnt: 1,
    projectLimit: -1,
    func: {
      ko: ["상업적 이용 가능", "출처 표기 불필요", "프로젝트 무제한", "기본·오픈 보이스 사용"],
      en: ["Commercial use", "No attribution needed", "Unlimited projects", "Basic and open voices"],
    },
  },
  {
    tier: 2,
    plan: "Creator",
    subtitle: { ko: "꾸준히 영상을 올리는 크리에이터께", en: "For creators who publish every week" },
    price: 12_900,
    priceEnCents: 999,
    planTime: 60,
    planTxt: 100_000,
    cvCnt: 1,
    projectLimit: -1,
    func: {
      ko: ["상업적 이용 가능", "출처 표기 불필요", "프로젝트 무제한", "커스텀 보이스 제작"],
      en: ["Commercial use", "No attribution needed", "Unlimited projects", "Make custom voices"],
    },
  },
  {
    tier: 3,
    plan: "Production",
    subtitle: { ko: "팀과 기업의 대량 제작을 위해", en: "For teams and companies producing at scale" },
    price: 99_900,
    priceEnCents: 7_999,
    planTime: 300,
    planTxt: 500_000,
    cvCnt: 5,
    projectLimit: -1,
    func: {
      ko: ["상업적 이용 가능", "출처 표기 불필요", "프로젝트 무제한", "커스텀 보이스 제작", "법인카드 결제"],
      en: ["Commercial use", "No attribution needed", "Unlimited projects", "Make custom voices", "Corporate card payment"],
    },
  },
];

const literal = (v: unknown): string => {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "number") return String(v);
  const text = typeof v === "string" ? v : JSON.stringify(v);
  return `'${text.replaceAll("'", "''")}'`;
};

/**
 * Idempotent seed statements (INSERT OR REPLACE), used by `npm run setup:db` through wrangler and
 * by the workerd tests through `env.DB`. Seeding never lives in a migration.
 */
export function seedStatements(): string[] {
  return [...planStatements(), ...voiceStatements(), ...couponStatements(), ...libraryStatements(), ...contentStatements(literal)];
}

/**
 * What a deployment's database needs besides its migrations (`npm run catalogue -- --remote`, README's production
 * checklist): the plan catalogue, the basic voices, the FAQ and the guide. Not the local coupons, the library's
 * example creators and open voices, the example notices and contests, or the development operator.
 */
export function catalogueStatements(): string[] {
  return [...planStatements(), ...voiceStatements(), ...helpContentStatements(literal)];
}

/**
 * Coupons for local use (docs/billing-api.md). INSERT OR IGNORE: a coupon used in a local run stays
 * used when the seed runs again.
 */
export const seedCoupons = [
  { num: "WELCOME-STARTER", plan: "Starter", days: 30, expiresAt: null },
  { num: "CREATOR-30", plan: "Creator", days: 30, expiresAt: null },
  { num: "PRODUCTION-7", plan: "Production", days: 7, expiresAt: null },
  { num: "CREATOR-EXPIRED", plan: "Creator", days: 30, expiresAt: Date.UTC(2024, 0, 1) },
];

function couponStatements() {
  return seedCoupons.map(
    (c) =>
      `INSERT OR IGNORE INTO coupons (num, plan, days, expires_at) VALUES (${[c.num, c.plan, c.days, c.expiresAt].map(literal).join(", ")});`,
  );
}

function voiceStatements() {
  // Keeps usage_count (top voices of the week) when the seed runs again.
  return basicVoices.map((v) => {
    const cols = {
      id: v.id,
      type: v.type,
      owner_id: v.ownerId ?? null,
      lang: v.lang,
      name: v.name,
      intro: v.intro,
      tone: v.tone,
      gender: v.gender,
      age: v.age,
      features: v.features,
      categories: v.categories,
      engine: v.engine,
      created_at: v.createdAt,
    };
    const names = Object.keys(cols);
    const updates = names
      .filter((n) => n !== "id")
      .map((n) => `${n} = excluded.${n}`)
      .join(", ");
    return `INSERT INTO voices (${names.join(", ")}) VALUES (${Object.values(cols).map(literal).join(", ")}) ON CONFLICT (id) DO UPDATE SET ${updates};`;
  });
}

function planStatements() {
  return planCatalogue.map((p) => {
    const cols = {
      tier: p.tier,
      plan: p.plan,
      subtitle: p.subtitle,
      price: p.price,
      price_en_cents: p.priceEnCents,
      plan_time: p.planTime,
      plan_txt: p.planTxt,
      cv_cnt: p.cvCnt,
      func: p.func,
      project_limit: p.projectLimit,
    };
    return `INSERT OR REPLACE INTO plans (${Object.keys(cols).join(", ")}) VALUES (${Object.values(cols).map(literal).join(", ")});`;
  });
}
