import { SHORT_SIZE, type ShortCue, type ShortTemplate } from "#contracts/labs";

/**
 * One frame of a short (docs/decisions/0042) on a 720x1280 canvas: the template's background (cover-fitted),
 * its title at the top, and the current cue as a burnt-in subtitle in the lower third: wrapped to the
 * width, white with a dark outline on a box of the template's colour. No DOM beyond the 2D context.
 */
export function drawShortFrame(
  ctx: CanvasRenderingContext2D,
  background: CanvasImageSource & { width: number; height: number },
  template: ShortTemplate,
  cue: ShortCue | null,
  lang: "ko" | "en",
) {
  const { width: W, height: H } = SHORT_SIZE;
  const scale = Math.max(W / background.width, H / background.height);
  const w = background.width * scale;
  const h = background.height * scale;
  ctx.drawImage(background, (W - w) / 2, (H - h) / 2, w, h);

  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.lineJoin = "round";
  // The template's title, small, at the top.
  ctx.font = "700 34px system-ui, 'Noto Sans CJK KR', 'Noto Sans KR', sans-serif";
  ctx.lineWidth = 8;
  ctx.strokeStyle = "rgba(0,0,0,0.65)";
  ctx.fillStyle = "#fff";
  ctx.strokeText(template.title[lang], W / 2, 90);
  ctx.fillText(template.title[lang], W / 2, 90);

  if (!cue) return;
  ctx.font = "800 56px system-ui, 'Noto Sans CJK KR', 'Noto Sans KR', sans-serif";
  const lines = wrap(ctx, cue[lang], W - 120);
  const lineHeight = 72;
  const boxH = lines.length * lineHeight + 40;
  const top = Math.round(H * 0.72 - boxH / 2);
  ctx.globalAlpha = 0.82;
  ctx.fillStyle = template.accent;
  roundRect(ctx, 40, top, W - 80, boxH, 28);
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.lineWidth = 10;
  ctx.strokeStyle = "#0f172a";
  ctx.fillStyle = "#fff";
  lines.forEach((line, i) => {
    const y = top + 20 + lineHeight / 2 + i * lineHeight;
    ctx.strokeText(line, W / 2, y);
    ctx.fillText(line, W / 2, y);
  });
}

/** Words (or, for text without spaces, characters) to lines no wider than `max`; at most 3 lines. */
function wrap(ctx: CanvasRenderingContext2D, text: string, max: number) {
  const words = text.includes(" ") ? text.split(" ") : [...text];
  const joiner = text.includes(" ") ? " " : "";
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line}${joiner}${word}` : word;
    if (line && ctx.measureText(next).width > max) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}
