import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * "Use this voice": a POST to the library's action, which opens a new TTS project with the voice chosen
 * (or, with `to=sts`, the speech-to-speech studio that will offer it). Works without JavaScript.
 */
export function UseVoiceButton({ id, className = "" }: { id: string; className?: string }) {
  const { t } = useTranslation("library");
  return (
    <Form method="post" action="/dashboard/library" className={className}>
      <input type="hidden" name="intent" value="use" />
      <input type="hidden" name="voice_id" value={id} />
      <button
        type="submit"
        className="w-full whitespace-nowrap rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        data-testid="use-voice"
      >
        {t("card.use")}
      </button>
    </Form>
  );
}
