// Remakes the user guide's screenshots (public/guide/{ko,en}/<section>.webp; docs/decisions/0031)
// from the product itself: signs up a member through the real API of a running app, opens each page the
// guide describes in Korean and English at 1280x800, and saves it at 800x500 as WebP (Chromium encodes it).
//
//   npm run build && PORT=8880 npm start        # in another shell
//   node scripts/guide-screenshots.mjs --base http://127.0.0.1:8880
import { mkdirSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const base = arg("base", "http://127.0.0.1:8787");
const out = arg("out", "public/guide");
const WIDTH = 800;
const HEIGHT = 500;
const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function call(path, { body, token, method } = {}) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method: method ?? (body ? "POST" : "GET"),
    headers: { "content-type": "application/json", "cf-connecting-ip": ip, ...(token ? { "api-key": token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!json.success) throw new Error(`${path}: ${json.code} ${json.message}`);
  return json.data;
}

/** A member made through the real sign-up (the dev mailbox gives the code), with a TTS project to show. */
async function member() {
  const email = `guide-${Date.now()}@example.com`;
  await call("/member/certemail", { body: { email } });
  const mail = (await call("/dev/mailbox")).find((m) => m.to === email);
  await call("/member/checkcert", { body: { email, cert: mail.text.match(/\b(\d{6})\b/)[1] } });
  const session = await call("/member/createmember", {
    body: { email, password: "Voice#2026a", agree_service: true, agree_privacy: true, age_over_14: true },
  });
  return session;
}

async function project(token, lang) {
  const made = await call("/studio/projects", { token, body: { type: "tts", name: lang === "ko" ? "브랜드 소개 영상" : "Brand video" } });
  const texts =
    lang === "ko"
      ? ["안녕하세요, 보이스 스튜디오입니다.", "오늘은 새 기능을 소개해 드릴게요."]
      : ["Hello, this is Voice Studio.", "Today we introduce a new feature."];
  const voice = lang === "ko" ? "ko-seoyeon" : "en-emma";
  // A new project has one paragraph, which must stay (its id goes first).
  const first = (await call(`/studio/projects/${made.id}`, { token })).paragraphs[0].id;
  await call(`/studio/projects/${made.id}/paragraphs`, {
    token,
    method: "PUT",
    body: { paragraphs: texts.map((text, i) => ({ ...(i === 0 ? { id: first } : {}), text, voice_id: voice, lang })) },
  });
  return made.id;
}

const cookie = (name, value) => ({
  name,
  value: encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64")),
  url: base,
  httpOnly: true,
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"],
});
// A blank page that turns PNG screenshots into small WebP files through a canvas.
const encoder = await (await browser.newContext()).newPage();
async function toWebp(png) {
  const dataUrl = await encoder.evaluate(
    async ({ src, w, h }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext("2d");
      ctx.imageSmoothingQuality = "high";
      ctx.drawImage(img, 0, 0, w, h);
      return canvas.toDataURL("image/webp", 0.8);
    },
    { src: `data:image/png;base64,${png.toString("base64")}`, w: WIDTH, h: HEIGHT },
  );
  if (!dataUrl.startsWith("data:image/webp")) throw new Error("this Chromium cannot encode WebP");
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

const session = await member();
for (const lang of ["ko", "en"]) {
  const id = await project(session.token, lang);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: lang === "ko" ? "ko-KR" : "en-US" });
  await context.addCookies([
    cookie("accessToken", session.token),
    cookie("refreshToken", session.refreshToken),
    { name: "lng", value: lang, url: base },
  ]);
  const page = await context.newPage();
  const shots = [
    ["getting-started", "/dashboard"],
    ["tts", `/studio/projects/text-to-speech?id=${id}`],
    ["sts", "/studio/projects/speech-to-speech"],
    ["voices", "/dashboard", "#top-title"],
    ["custom-voices", "/plan", "main h1"],
    ["plans", "/dashboard/plan"],
  ];
  mkdirSync(`${out}/${lang}`, { recursive: true });
  for (const [name, path, scrollTo] of shots) {
    await page.goto(`${base}${path}${path.includes("?") ? "&" : "?"}lng=${lang}`, { waitUntil: "networkidle" });
    if (scrollTo) await page.evaluate((sel) => document.querySelector(sel)?.scrollIntoView({ block: "start" }), scrollTo);
    const webp = await toWebp(await page.screenshot({ type: "png" }));
    writeFileSync(`${out}/${lang}/${name}.webp`, webp);
    console.log(`${out}/${lang}/${name}.webp ${webp.length} bytes`);
  }
  await context.close();
}
await browser.close();
