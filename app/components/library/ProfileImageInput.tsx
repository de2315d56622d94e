import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms";
import { OPEN_VOICE } from "~/lib/library";

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string | null };

/**
 * The optional profile image (spec: 240x240, a default image otherwise). With JavaScript the chosen
 * picture is cropped to its centre square and scaled to 240x240 PNG in the browser, and the form sends
 * that; without it the file goes as chosen and the api checks its size (PNG, JPEG or WebP of 240x240).
 */
export function ProfileImageInput({
  inputProps,
  errors,
  fallback,
}: {
  inputProps: InputProps;
  errors?: string[];
  /** The default image, shown until a picture is chosen (custom voices: the preview before upload). */
  fallback?: { src: string; alt: string };
}) {
  const { t } = useTranslation("library");
  const { key, ...props } = inputProps;
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const size = OPEN_VOICE.imageSize;

  const onChange = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    setProblem(null);
    if (preview) URL.revokeObjectURL(preview);
    setPreview(null);
    if (!file) return;
    try {
      const bitmap = await createImageBitmap(file);
      const side = Math.min(bitmap.width, bitmap.height);
      const canvas = document.createElement("canvas");
      canvas.width = size;
      canvas.height = size;
      const ctx = canvas.getContext("2d");
      if (!ctx) return;
      ctx.imageSmoothingQuality = "high";
      ctx.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, size, size);
      bitmap.close();
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
      if (!blob || !input.current) return;
      const scaled = new File([blob], "profile.png", { type: "image/png" });
      const list = new DataTransfer();
      list.items.add(scaled);
      input.current.files = list.files;
      setPreview(URL.createObjectURL(blob));
    } catch {
      // Not an image the browser can read: it goes as chosen and the api says what is wrong.
      setProblem(t("wizard.imageUnreadable"));
    }
  };

  const errorId = errors?.length ? `${props.id}-error` : undefined;
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {t("wizard.image")}
      </label>
      <div className="mt-1 flex items-center gap-3">
        {preview || fallback ? (
          <img
            src={preview ?? fallback?.src}
            alt={preview ? "" : (fallback?.alt ?? "")}
            width={64}
            height={64}
            className="size-16 shrink-0 rounded-xl ring-1 ring-slate-200"
            data-testid="image-preview"
            data-default={preview ? undefined : "true"}
          />
        ) : null}
        <input
          key={key ?? undefined}
          {...props}
          ref={input}
          accept="image/png,image/jpeg,image/webp"
          onChange={onChange}
          aria-describedby={[`${props.id}-help`, errorId].filter(Boolean).join(" ")}
          className="block w-full text-sm"
        />
      </div>
      <p id={`${props.id}-help`} className="mt-1 text-xs text-slate-500">
        {t("wizard.imageHelp", { size })}
      </p>
      {problem ? <p className="mt-1 text-sm text-amber-800">{problem}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
