import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatSlots, type PlanCard } from "~/lib/plans";
import { joinThen } from "~/lib/redirect";

type Review = { name: string; role: string; text: string };

const list = (value: unknown) => value as string[];
/** Where a paid plan is chosen and bought (with the first month's discount when it applies). */
const PLAN_CHOICE = "/dashboard/plan/upgrade";

function Section({ id, title, children, className = "" }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`px-4 py-20 ${className}`}>
      <div className="mx-auto max-w-6xl">
        <h2 id={`${id}-title`} className="text-2xl font-extrabold tracking-tight md:text-4xl">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

function Checks({ items, tone = "text-brand-600" }: { items: string[]; tone?: string }) {
  return (
    <ul className="mt-6 space-y-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <span aria-hidden="true" className={`font-bold ${tone}`}>
            ✓
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** A basic voice whose sample the hero plays (voices can be heard where they are shown). */
export type HeroVoice = { id: string; name: string; pr: string; audioURL: string };

function Hero({ voices }: { voices: HeroVoice[] }) {
  const { t } = useTranslation("home");
  return (
    <section id="hero" aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-white px-4 pb-20 pt-16 md:pt-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 md:grid-cols-2">
        <div>
          <p className="text-sm font-bold uppercase tracking-wide text-brand-600">{t("hero.eyebrow")}</p>
          <h1 id="hero-title" className="mt-4 whitespace-pre-line text-4xl font-black leading-tight tracking-tight md:text-5xl">
            {t("hero.title")}
          </h1>
          <p className="mt-6 text-lg leading-relaxed text-slate-600">{t("hero.text")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/join" className="rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700">
              {t("hero.primary")}
            </Link>
            <Link to="/plan" className="rounded-full border border-slate-300 bg-white px-6 py-3 font-semibold hover:bg-slate-50">
              {t("hero.secondary")}
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-500">{t("hero.note")}</p>
        </div>
        {voices.length > 0 ? (
          // Real samples of basic voices, played by the browser's own player: the landing ships no JavaScript.
          <figure
            className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-xl shadow-brand-100"
            aria-labelledby="hero-voices"
            data-testid="hero-voices"
          >
            <figcaption id="hero-voices" className="text-sm font-semibold text-slate-700">
              {t("hero.demoLabel")}
            </figcaption>
            <ol className="mt-3 space-y-3">
              {voices.map((voice) => (
                <li key={voice.id} className="rounded-xl bg-slate-50 p-3">
                  <span className="block text-xs font-semibold text-brand-700">{voice.name}</span>
                  <span className="block text-sm text-slate-800">{voice.pr}</span>
                  <audio
                    controls
                    preload="none"
                    src={voice.audioURL}
                    aria-label={t("hero.listen", { name: voice.name })}
                    className="mt-2 h-10 w-full"
                    data-voice={voice.id}
                  />
                </li>
              ))}
            </ol>
          </figure>
        ) : null}
      </div>
    </section>
  );
}

function PlanTeaser({ plans }: { plans: PlanCard[] }) {
  const { t } = useTranslation("home");
  return (
    <Section id="plans" title={t("plans.title")} className="bg-slate-50">
      <p className="mt-3 text-slate-600">{t("plans.text")}</p>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {plans.map((p) => (
          <li key={p.tier} className="rounded-2xl border border-slate-200 bg-white p-6">
            <h3 className="text-lg font-bold">{p.plan}</h3>
            <p className="mt-1 text-sm text-slate-600">{p.subtitle}</p>
            <p className="mt-4 text-2xl font-extrabold">
              {p.firstMonthPrice ? p.price : t("plans.free")}
              {p.firstMonthPrice ? <span className="text-sm font-medium text-slate-500">{t("plans.perMonth")}</span> : null}
            </p>
            <ul className="mt-4 space-y-1 text-sm text-slate-700">
              <li>{t("plans.minutes", { count: p.minutes })}</li>
              <li>{t("plans.characters", { count: p.characters })}</li>
              <li>{t("plans.customVoices", { slots: formatSlots(p.customVoices) })}</li>
            </ul>
          </li>
        ))}
      </ul>
      <Link to="/plan" className="mt-8 inline-block font-semibold text-brand-600 underline">
        {t("plans.all")}
      </Link>
    </Section>
  );
}

function Promotion({ plans }: { plans: PlanCard[] }) {
  const { t } = useTranslation("home");
  const paid = plans.filter((p) => p.firstMonthPrice);
  return (
    <section id="promotion" aria-labelledby="promotion-title" className="bg-brand-600 px-4 py-16 text-white">
      <div className="mx-auto max-w-6xl md:flex md:items-center md:gap-12">
        <div className="md:flex-1">
          <p className="inline-block rounded-full bg-white/15 px-3 py-1 text-sm font-bold">{t("promotion.badge")}</p>
          <h2 id="promotion-title" className="mt-4 text-3xl font-extrabold">
            {t("promotion.title")}
          </h2>
          <p className="mt-3 leading-relaxed text-brand-100">{t("promotion.text")}</p>
        </div>
        <div className="mt-8 md:mt-0">
          <ul className="space-y-2">
            {paid.map((p) => (
              <li key={p.tier}>
                {/* Each plan signs up and goes on to buying that plan at its first-month price. */}
                <Link
                  to={joinThen(`${PLAN_CHOICE}?modal=purchase&plan=${encodeURIComponent(p.plan)}`)}
                  className="block rounded-xl bg-white/10 px-4 py-3 hover:bg-white/20"
                  data-testid={`promotion-${p.plan}`}
                >
                  <span className="font-bold">{t("promotion.price", { plan: p.plan, price: p.firstMonthPrice })}</span>{" "}
                  {/* Whole: at 360 px "정가 / 99,900원" and "Regular / $3.99" were broken over two lines. */}
                  <span className="whitespace-nowrap text-sm text-white line-through">{t("promotion.regular", { price: p.price })}</span>
                </Link>
              </li>
            ))}
          </ul>
          <Link to={joinThen(PLAN_CHOICE)} className="mt-5 inline-block rounded-full bg-white px-6 py-3 font-semibold text-brand-700">
            {t("promotion.cta")}
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * The landing page (spec section 2): every section renders on the server and needs no JavaScript. The
 * first-month promotion is left out for a signed-in member who no longer qualifies.
 */
export function Landing({ plans, firstMonth = true, voices }: { plans: PlanCard[]; firstMonth?: boolean; voices: HeroVoice[] }) {
  const { t } = useTranslation("home");
  const reviews = t("reviews.items", { returnObjects: true }) as Review[];
  const steps = list(t("sts.steps", { returnObjects: true }));
  return (
    <main>
      <Hero voices={voices} />
      <Section id="custom-voice" title={t("custom.title")}>
        <div className="grid gap-10 md:grid-cols-2">
          <p className="mt-4 text-lg leading-relaxed text-slate-600">{t("custom.text")}</p>
          <Checks items={list(t("custom.points", { returnObjects: true }))} />
        </div>
        <Link to="/plan" className="mt-8 inline-block font-semibold text-brand-600 underline">
          {t("custom.cta")}
        </Link>
      </Section>
      <Section id="tts" title={t("tts.title")} className="bg-slate-950 text-white">
        <div className="grid gap-10 md:grid-cols-2">
          <p className="mt-4 text-lg leading-relaxed text-slate-300">{t("tts.text")}</p>
          <Checks items={list(t("tts.points", { returnObjects: true }))} tone="text-brand-100" />
        </div>
      </Section>
      <Section id="sts" title={t("sts.title")}>
        <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-600">{t("sts.text")}</p>
        <ol className="mt-10 grid gap-3 sm:grid-cols-5">
          {steps.map((step, i) => (
            <li key={step} className="rounded-xl border border-slate-200 p-4">
              <span className="text-sm font-bold text-brand-600">{String(i + 1).padStart(2, "0")}</span>
              <span className="mt-1 block font-semibold">{step}</span>
            </li>
          ))}
        </ol>
        <Checks items={list(t("sts.points", { returnObjects: true }))} />
      </Section>
      <Section id="reviews" title={t("reviews.title")} className="bg-brand-50">
        <ul className="mt-10 grid gap-4 md:grid-cols-2">
          {reviews.map((r) => (
            <li key={r.name} className="rounded-2xl bg-white p-6 shadow-sm">
              <blockquote className="leading-relaxed text-slate-700">“{r.text}”</blockquote>
              <p className="mt-4 text-sm">
                <span className="font-bold">{r.name}</span> <span className="text-slate-500">· {r.role}</span>
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <PlanTeaser plans={plans} />
      {firstMonth ? <Promotion plans={plans} /> : null}
      <Section id="contact" title={t("contact.title")}>
        <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-600">{t("contact.text")}</p>
        <a
          href={`mailto:${t("contact.email")}`}
          className="mt-6 inline-block rounded-full border border-slate-300 px-6 py-3 font-semibold hover:bg-slate-50"
        >
          {t("contact.cta")} · {t("contact.email")}
        </a>
      </Section>
      <section id="cta" aria-labelledby="cta-title" className="bg-slate-950 px-4 py-20 text-center text-white">
        <h2 id="cta-title" className="text-3xl font-extrabold md:text-4xl">
          {t("cta.title")}
        </h2>
        <p className="mt-4 text-slate-300">{t("cta.text")}</p>
        <Link to="/join" className="mt-8 inline-block rounded-full bg-brand-500 px-8 py-3.5 font-semibold text-white hover:bg-brand-600">
          {t("cta.button")}
        </Link>
      </section>
    </main>
  );
}
