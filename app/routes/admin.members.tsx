import { getFormProps, getInputProps, getSelectProps } from "~/components/form-props";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RefundStatus } from "~/components/admin/RefundStatus";
import { ErrorList, Field, SubmitButton, useSchemaForm } from "~/components/forms";
import { Modal } from "~/components/shell/Modal";
import { PageHeading, Section } from "~/components/shell/Page";
import { formatMoney, refundRequested } from "~/lib/billing";
import { formatDate, useClock } from "~/lib/time";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader, MemberSummary } from "./admin.members.server";
import * as specs from "~/lib/form-specs/help";

export { action, loader } from "./admin.members.server";
export const handle = { i18n: ["common", "admin", "help", "billing"] };
export const meta = pageMetaTags;

const PAID_PLANS = ["Starter", "Creator", "Production"] as const;

/** Members: look up by e-mail (a GET form), then plan, usage and payments, a coupon and a refund. */
export default function MembersPage() {
  const { email, member, notFound, confirmRefund, closeTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <main className="max-w-4xl">
      <PageHeading title={t("members.title")} />
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" aria-label={t("members.lookup")}>
        <div className="min-w-64 flex-1">
          <label htmlFor="lookup-email" className="block text-sm font-medium">
            {t("members.email")}
          </label>
          <input
            id="lookup-email"
            name="email"
            type="email"
            required
            defaultValue={email}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </div>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
          {t("members.search")}
        </button>
      </Form>
      {notFound ? (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {t("members.notFound")}
        </p>
      ) : null}
      {member ? <MemberView member={member} confirmRefund={confirmRefund} closeTo={closeTo} /> : null}
    </main>
  );
}

function MemberView({ member, confirmRefund, closeTo }: { member: MemberSummary; confirmRefund: boolean; closeTo: string }) {
  const { t, i18n } = useTranslation("admin");
  const { t: tb } = useTranslation("billing");
  const actionData = useActionData<typeof action>();
  const locale = i18n.language;
  const clock = useClock();
  const date = (iso: string | null) => (iso ? formatDate(iso, clock) : "—");
  const [couponForm, couponFields] = useSchemaForm(
    "coupon",
    specs.MemberActionSchema,
    actionData?.intent === "coupon" ? actionData.result : undefined,
    {
      defaultValue: { intent: "coupon", plan: "Creator", days: 30 },
    },
  );
  const [refundForm, refundFields] = useSchemaForm(
    "refund",
    specs.MemberActionSchema,
    actionData?.intent === "refund" ? actionData.result : undefined,
    {
      defaultValue: { intent: "refund" },
    },
  );
  const s = member.planState;
  const rows: [string, string][] = [
    [t("members.fields.nickname"), member.nickname || "—"],
    [t("members.fields.type"), member.type],
    [t("members.fields.joined"), date(member.createdAt)],
    [t("members.fields.lastLogin"), date(member.lastLoginAt)],
    [t("members.fields.dormant"), member.dormant ? t("members.yes") : t("members.no")],
    [t("members.fields.plan"), s.planName],
    [t("members.fields.period"), s.startDate ? `${date(s.startDate)} ~ ${date(s.endDate)}` : "—"],
    [t("members.fields.usedTime"), `${Math.round(s.usedTime)} / ${s.limits.time} s`],
    [t("members.fields.usedChars"), `${s.usedCharacters.toLocaleString(locale)} / ${s.limits.characters.toLocaleString(locale)}`],
    [t("members.fields.projects"), String(member.projects)],
    [t("members.fields.inquiries"), String(member.inquiries)],
  ];
  const r = member.refundable;
  return (
    <div className="mt-6 space-y-6" data-testid="admin-member">
      <Section id="member" title={`${t("members.profile")}: ${member.email}`}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-500">{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="payments" title={t("members.payments")}>
        {member.payments.length === 0 ? (
          <p className="text-sm text-slate-600">{t("members.noPayments")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-500">
                <tr>
                  <th className="py-1 pr-3 font-medium">{t("members.columns.no")}</th>
                  <th className="py-1 pr-3 font-medium">{t("members.columns.date")}</th>
                  <th className="py-1 pr-3 font-medium">{t("members.columns.plan")}</th>
                  <th className="py-1 pr-3 font-medium">{t("members.columns.amount")}</th>
                  <th className="py-1 font-medium">{t("members.columns.status")}</th>
                </tr>
              </thead>
              <tbody>
                {member.payments.map((p) => (
                  <tr key={p.no} className="border-t border-slate-100">
                    <td className="py-1 pr-3">{p.no}</td>
                    <td className="py-1 pr-3">{date(p.date)}</td>
                    <td className="py-1 pr-3">{p.plan}</td>
                    <td className="py-1 pr-3">{formatMoney(p.amount, p.currency, locale)}</td>
                    <td className="py-1" data-testid="member-payment-status">
                      {p.status === "refunded" ? (
                        <RefundStatus requested={refundRequested(p, Date.now())} />
                      ) : (
                        tb(`history.status.${p.status}`)
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>

      <Section id="coupon" title={t("members.coupon")}>
        <p className="text-sm text-slate-600">{t("members.couponHelp")}</p>
        <Form method="post" {...getFormProps(couponForm)} className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="coupon" />
          <input type="hidden" name="member_id" value={member.id} />
          <div>
            <label htmlFor={couponFields.plan.id} className="block text-sm font-medium">
              {t("members.couponPlan")}
            </label>
            <select {...getSelectProps(couponFields.plan)} className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2">
              {PAID_PLANS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </div>
          <Field
            label={t("members.couponDays")}
            inputProps={{ ...getInputProps(couponFields.days, { type: "number" }), min: 1, max: 365 }}
            errors={couponFields.days.errors}
            className="w-28"
          />
          <SubmitButton className="sm:w-auto">{t("members.couponSubmit")}</SubmitButton>
        </Form>
        <ErrorList id={couponForm.errorId} errors={couponForm.errors} />
      </Section>

      <Section id="refund" title={t("members.refund")}>
        {r.eligible ? (
          <>
            <p className="text-sm">
              {t("members.refundable", {
                no: r.payment_no,
                amount: formatMoney(r.amount, r.currency, locale),
                fee: formatMoney(r.fee, r.currency, locale),
                refund: formatMoney(r.refund_amount, r.currency, locale),
              })}
            </p>
            {/* Asks first (`&confirm=refund`): the dialog below, rendered from the URL. */}
            <Link
              to={`${closeTo}&confirm=refund`}
              preventScrollReset
              className="mt-3 inline-block rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
            >
              {t("members.refundStart")}
            </Link>
            {confirmRefund ? (
              <Modal
                name="refund-confirm"
                title={t("members.refundConfirmTitle", { no: r.payment_no })}
                closeTo={closeTo}
                alert
                describedBy="refund-what"
              >
                <div id="refund-what" className="space-y-2 text-sm">
                  <p data-testid="refund-confirm-figures">
                    {t("members.refundConfirmBody", {
                      email: member.email,
                      amount: formatMoney(r.amount, r.currency, locale),
                      fee: formatMoney(r.fee, r.currency, locale),
                      refund: formatMoney(r.refund_amount, r.currency, locale),
                    })}
                  </p>
                  <p className="font-medium text-red-700">{t("members.refundConfirmEffect")}</p>
                  <p className="text-slate-600">{t("members.refundConfirmArrives")}</p>
                </div>
                <Form method="post" {...getFormProps(refundForm)} replace className="mt-4">
                  <input type="hidden" name="intent" value="refund" />
                  <input type="hidden" name="confirmed" value="1" />
                  <input type="hidden" name="member_id" value={member.id} />
                  <input type="hidden" name="payment_no" value={r.payment_no} />
                  <Field
                    label={t("members.refundReason")}
                    inputProps={getInputProps(refundFields.reason, { type: "text" })}
                    errors={refundFields.reason.errors}
                  />
                  <ErrorList id={refundForm.errorId} errors={refundForm.errors} />
                  <div className="mt-5 flex flex-wrap justify-end gap-3">
                    <Link
                      to={closeTo}
                      replace
                      preventScrollReset
                      className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold"
                    >
                      {t("members.refundCancel")}
                    </Link>
                    <SubmitButton variant="danger" className="sm:w-auto">
                      {t("members.refundConfirm", { refund: formatMoney(r.refund_amount, r.currency, locale) })}
                    </SubmitButton>
                  </div>
                </Form>
              </Modal>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-slate-600">{t("members.notRefundable")}</p>
        )}
        {confirmRefund ? null : <ErrorList id={refundForm.errorId} errors={refundForm.errors} />}
      </Section>
    </div>
  );
}
