import { useTranslation } from "react-i18next";

export type VoiceCardData = {
  id: string;
  name: string;
  pr: string;
  profileImageURL: string;
  features: string[];
  lang: string;
  weekUses?: number;
};

/** A row of voice cards with the generated profile image, intro and mood tags. */
export function VoiceList({ voices, testId }: { voices: VoiceCardData[]; testId: string }) {
  const { t } = useTranslation("account");
  return (
    <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {voices.map((v) => (
        <li key={v.id} className="flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
          <img src={v.profileImageURL} alt="" width={48} height={48} className="h-12 w-12 rounded-full" loading="lazy" />
          <div className="min-w-0">
            <p className="font-semibold">
              {v.name} <span className="text-xs font-normal uppercase text-slate-400">{v.lang}</span>
            </p>
            <p className="truncate text-sm text-slate-600">{v.pr}</p>
            <p className="text-xs text-slate-500">
              {v.features.join(" · ")}
              {v.weekUses ? ` · ${t("home.uses", { count: v.weekUses })}` : ""}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
