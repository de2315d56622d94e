import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The native `<dialog>` under every dialog of the app (docs/decisions/0039). The server renders it with `open`
 * (a plain box over the page: it works without JavaScript); once the page runs, it becomes modal with
 * `showModal()`: the page behind it is inert, Tab and Shift+Tab stay inside it, Escape and a click on the
 * backdrop call `onDismiss` (nothing, when there is none: a blocking alert), and on close the focus goes back
 * to the element that had it before (or to `returnTo`, the link that opens this dialog, after a full page load).
 */
export function NativeDialog({
  labelledBy,
  describedBy,
  alert = false,
  onDismiss,
  returnTo,
  testId,
  className = "",
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  alert?: boolean;
  /** Escape and the backdrop; none for a dialog whose only way out is inside it. */
  onDismiss?: () => void;
  /** A CSS selector of the element to focus on close when nothing had the focus before (a server-rendered dialog). */
  returnTo?: string;
  testId?: string;
  className?: string;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement;
    const opener = before instanceof HTMLElement && before !== document.body && !dialog.contains(before) ? before : null;
    // The server's `open` makes a plain box; reopen it as a modal one (in the top layer, the page inert).
    if (dialog.open && !dialog.matches(":modal")) dialog.close();
    if (!dialog.open) dialog.showModal();

    const onCancel = (e: Event) => {
      e.preventDefault();
      dismiss.current?.();
    };
    // A click whose press and release both land on the <dialog> itself is on its backdrop: its box has no padding.
    let pressedOnBackdrop = false;
    const onPointerDown = (e: PointerEvent) => {
      pressedOnBackdrop = e.target === dialog;
    };
    const onClick = (e: MouseEvent) => {
      if (e.target === dialog && pressedOnBackdrop) dismiss.current?.();
      pressedOnBackdrop = false;
    };
    // Tab from the last control goes to the first, Shift+Tab from the first to the last: never out to the page.
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== "Tab") return;
      const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0);
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !dialog.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("pointerdown", onPointerDown);
    dialog.addEventListener("click", onClick);
    dialog.addEventListener("keydown", onKeyDown);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("pointerdown", onPointerDown);
      dialog.removeEventListener("click", onClick);
      dialog.removeEventListener("keydown", onKeyDown);
      if (dialog.open) dialog.close();
      const back = opener?.isConnected ? opener : returnTo ? document.querySelector<HTMLElement>(returnTo) : null;
      back?.focus({ preventScroll: true });
    };
    // Opened once per mount; the handlers read the latest props through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <dialog
      ref={ref}
      open
      role={alert ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      // Without JavaScript: a fixed box over a dimmed page (the shadow is the dimming). Modal: the browser's
      // top layer with its ::backdrop. No padding on the <dialog>, so a click on it is a click on the backdrop.
      className={`fixed inset-x-0 top-0 z-40 mx-auto my-6 max-h-[calc(100dvh-3rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-[0_0_0_100vmax_rgb(15_23_42/0.4)] backdrop:bg-slate-900/40 [&:modal]:shadow-xl ${className}`}
    >
      {children}
    </dialog>
  );
}

/**
 * The one dialog (the plan pages' dialogs, the studio's usage dialogs, the voice page's). The server renders it
 * open (from the URL, `?modal=...`, or from an action's answer), so it works without JavaScript; the close link
 * goes back to the page without it. With JavaScript it is a modal `<dialog>` (see `NativeDialog`): Escape and
 * the backdrop go to `closeTo` too.
 */
export function Modal({
  name,
  title,
  closeTo,
  alert = false,
  describedBy,
  testId,
  closeButton = true,
  children,
}: {
  name: string;
  title: string;
  closeTo: string;
  alert?: boolean;
  describedBy?: string;
  /** Defaults to `modal-${name}`. */
  testId?: string;
  /** The ✕ link in the corner; off when the dialog's own actions include the way out (the usage dialogs). */
  closeButton?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = `${name}-title`;
  return (
    <NativeDialog
      labelledBy={titleId}
      describedBy={describedBy}
      alert={alert}
      testId={testId ?? `modal-${name}`}
      returnTo={`a[href*="modal=${name}"]`}
      onDismiss={() => navigate(closeTo, { replace: true, preventScrollReset: true })}
      className="max-w-lg"
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          {closeButton ? (
            <Link
              to={closeTo}
              replace
              preventScrollReset
              aria-label={t("dialog.close")}
              className="-m-1 rounded-lg px-2 py-1 text-slate-500 hover:bg-slate-100"
            >
              <span aria-hidden="true">✕</span>
            </Link>
          ) : null}
        </div>
        <div className="mt-4">{children}</div>
      </div>
    </NativeDialog>
  );
}
