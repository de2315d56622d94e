import { bodyBlocks } from "~/lib/content";

/** A stored body (plain text from D1) as paragraphs and lists: never HTML. */
export function Body({ text, className = "" }: { text: string; className?: string }) {
  return (
    <div className={`space-y-3 leading-relaxed text-slate-700 ${className}`.trim()}>
      {bodyBlocks(text).map((block, i) =>
        block.kind === "p" ? (
          <p key={i} className="whitespace-pre-line">
            {block.text}
          </p>
        ) : (
          <ul key={i} className="list-disc space-y-1 pl-5">
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
