// The shorts' backgrounds (docs/decisions/0042): 9:16 pictures made for this product as SVG
// (vector, a few KB each, no encoder and no third-party artwork), drawn under the subtitles by the
// shorts' renderer. Deterministic: the same output every run (a test checks the committed files).
// Run: node scripts/make-shorts.mjs (writes public/labs/shorts/*.svg).

const W = 1080;
const H = 1920;

/** A small deterministic random sequence (an LCG), so the confetti is the same every run. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const r1 = (n) => Math.round(n * 10) / 10;

function svg(defs, body) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` + `<defs>${defs}</defs>${body}</svg>\n`
  );
}

/** A news studio: a deep blue room, a globe of meridians, a red "breaking" bar and a desk. */
function news() {
  const defs =
    '<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b1f4d"/><stop offset="1" stop-color="#020817"/></linearGradient>' +
    '<radialGradient id="glow" cx="0.5" cy="0.38" r="0.5"><stop offset="0" stop-color="#2563eb" stop-opacity="0.55"/><stop offset="1" stop-color="#2563eb" stop-opacity="0"/></radialGradient>';
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>`;
  const cx = 540;
  const cy = 720;
  const R = 330;
  body += `<g fill="none" stroke="#93c5fd" stroke-opacity="0.5" stroke-width="4"><circle cx="${cx}" cy="${cy}" r="${R}"/>`;
  for (let k = 1; k < 6; k++) body += `<ellipse cx="${cx}" cy="${cy}" rx="${r1((R * k) / 6)}" ry="${R}"/>`;
  for (let k = -2; k <= 2; k++) {
    const y = cy + (R * k) / 3;
    const half = Math.sqrt(R * R - (y - cy) ** 2);
    body += `<line x1="${r1(cx - half)}" y1="${r1(y)}" x2="${r1(cx + half)}" y2="${r1(y)}"/>`;
  }
  body += "</g>";
  // Light strips of a studio wall.
  for (let i = 0; i < 6; i++)
    body += `<rect x="${60 + i * 170}" y="120" width="110" height="16" rx="8" fill="#60a5fa" fill-opacity="0.25"/>`;
  body += `<rect x="0" y="230" width="${W}" height="120" fill="#b91c1c"/><rect x="0" y="350" width="${W}" height="18" fill="#fbbf24"/>`;
  body += `<rect x="60" y="262" width="56" height="56" rx="28" fill="#fff"/>`;
  for (let i = 0; i < 4; i++)
    body += `<rect x="${150 + i * 200}" y="278" width="${150 - i * 20}" height="24" rx="12" fill="#fecaca" fill-opacity="0.8"/>`;
  body += `<path d="M0 1180 L${W} 1120 L${W} ${H} L0 ${H} Z" fill="#0f172a"/><path d="M0 1180 L${W} 1120 L${W} 1150 L0 1210 Z" fill="#1d4ed8"/>`;
  return svg(defs, body);
}

/** A trailer: a dark screen, two spotlights crossing, film strips at the sides. */
function trailer() {
  const defs =
    '<radialGradient id="bg" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#3b0764"/><stop offset="0.6" stop-color="#0f0a1e"/><stop offset="1" stop-color="#000"/></radialGradient>' +
    '<linearGradient id="beam" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#fde68a" stop-opacity="0.5"/><stop offset="1" stop-color="#fde68a" stop-opacity="0"/></linearGradient>';
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  body += `<path d="M120 1920 L-160 0 L420 0 Z" fill="url(#beam)"/><path d="M960 1920 L660 0 L1240 0 Z" fill="url(#beam)"/>`;
  body += `<circle cx="540" cy="760" r="210" fill="#fef3c7" fill-opacity="0.08"/><circle cx="540" cy="760" r="120" fill="#fef3c7" fill-opacity="0.1"/>`;
  for (const x of [0, W - 70]) {
    body += `<rect x="${x}" y="0" width="70" height="${H}" fill="#111"/>`;
    for (let y = 20; y < H; y += 80) body += `<rect x="${x + 18}" y="${y}" width="34" height="44" rx="6" fill="#3f3f46"/>`;
  }
  const rnd = random(7);
  for (let i = 0; i < 60; i++)
    body += `<circle cx="${r1(90 + rnd() * 900)}" cy="${r1(rnd() * 1100)}" r="${r1(1 + rnd() * 3)}" fill="#fff" fill-opacity="${r1(0.2 + rnd() * 0.6)}"/>`;
  return svg(defs, body);
}

/** A birthday: a warm gradient, balloons on strings and confetti. */
function birthday() {
  const defs =
    '<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fb7185"/><stop offset="0.55" stop-color="#f59e0b"/><stop offset="1" stop-color="#7c3aed"/></linearGradient>';
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  const rnd = random(20);
  const colours = ["#fde047", "#22d3ee", "#a3e635", "#f472b6", "#ffffff", "#818cf8"];
  for (let i = 0; i < 90; i++) {
    const x = r1(rnd() * W);
    const y = r1(rnd() * H);
    const a = Math.round(rnd() * 180);
    body += `<rect x="${x}" y="${y}" width="18" height="34" rx="4" fill="${colours[i % colours.length]}" fill-opacity="0.85" transform="rotate(${a} ${x} ${y})"/>`;
  }
  const balloons = [
    [230, 520, "#ef4444"],
    [540, 400, "#3b82f6"],
    [850, 560, "#22c55e"],
  ];
  for (const [x, y, c] of balloons) {
    body += `<path d="M${x} ${y + 170} C ${x - 40} ${y + 320}, ${x + 40} ${y + 440}, ${x} ${y + 620}" stroke="#fff" stroke-width="4" fill="none"/>`;
    body += `<ellipse cx="${x}" cy="${y}" rx="130" ry="165" fill="${c}"/><ellipse cx="${x - 45}" cy="${y - 60}" rx="28" ry="48" fill="#fff" fill-opacity="0.35"/>`;
    body += `<path d="M${x - 16} ${y + 178} L${x + 16} ${y + 178} L${x} ${y + 160} Z" fill="${c}"/>`;
  }
  return svg(defs, body);
}

export const BACKGROUNDS = { news, trailer, birthday };

if (typeof process !== "undefined" && import.meta.url === `file://${process.argv[1]}`) {
  const { mkdirSync, writeFileSync } = await import("node:fs");
  mkdirSync("public/labs/shorts", { recursive: true });
  for (const [id, make] of Object.entries(BACKGROUNDS)) {
    const text = make();
    writeFileSync(`public/labs/shorts/${id}.svg`, text);
    console.log(`public/labs/shorts/${id}.svg ${text.length} bytes`);
  }
}
