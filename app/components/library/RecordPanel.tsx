import { Recorder } from "~/components/studio/Recorder";

/** Recording in the browser (the studio's `Recorder`), with what to do instead without JavaScript. */
export function RecordPanel({
  title,
  noScript,
  maxSeconds,
  busy,
  onRecorded,
}: {
  title: string;
  noScript: string;
  maxSeconds: number;
  busy: boolean;
  onRecorded: (file: File) => void;
}) {
  return (
    <div className="rounded-xl p-4 ring-1 ring-slate-200">
      <h3 className="font-semibold">{title}</h3>
      <div className="mt-3">
        <noscript>
          <p className="text-sm text-slate-600">{noScript}</p>
        </noscript>
        <Recorder maxSeconds={maxSeconds} busy={busy} onRecorded={onRecorded} />
      </div>
    </div>
  );
}
