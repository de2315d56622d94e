import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ShownToast } from "~/utils/toast.server";

/**
 * The flash toast (spec section 9: closes after 1.5 s). A CSS animation hides it, so it also
 * closes on pages without JavaScript; screen readers get it through role="status".
 */
export function Toast({ toast: latest }: { toast: ShownToast | null }) {
  const { t } = useTranslation();
  // The loader hands a toast over once; a later revalidation (which has none) must not cut it short.
  const [toast, setToast] = useState(latest);
  useEffect(() => {
    if (latest) setToast(latest);
  }, [latest]);
  if (!toast) return null;
  const params: Record<string, unknown> = { ...toast.params };
  // A count travels as text in the cookie: as a number it picks the plural form ("1 project", "2 projects").
  if (typeof params.count === "string" && /^\d+$/.test(params.count)) params.count = Number(params.count);
  // The marketing toast names the choice in the page's language.
  if (toast.key === "marketing") params.value = t(params.value === "Y" ? "toast.marketingAgreed" : "toast.marketingDeclined");
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-50 flex justify-center px-4">
      <p
        key={toast.id}
        role="status"
        data-testid="toast"
        className="toast-autoclose rounded-full bg-slate-900 px-5 py-2.5 text-sm font-medium text-white shadow-lg"
      >
        {t(`toast.${toast.key}`, params)}
      </p>
    </div>
  );
}
