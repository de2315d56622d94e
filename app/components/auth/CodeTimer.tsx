import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

/** Time left on a verification code: rendered by the server, then counted down in the browser. */
export function CodeTimer({ seconds }: { seconds: number }) {
  const { t } = useTranslation("auth");
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    const started = Date.now();
    const id = setInterval(() => setLeft(Math.max(0, seconds - Math.floor((Date.now() - started) / 1000))), 1000);
    return () => clearInterval(id);
  }, [seconds]);
  return (
    <p className="text-sm font-medium text-brand-700" data-testid="code-timer" aria-live="off">
      {t("join.remaining", { time: mmss(left) })}
    </p>
  );
}
