/**
 * The generated 240x240 profile image of a voice without an uploaded one: a silhouette on a
 * two-colour gradient, both picked from the voice's id (so it never changes) and shaped by its
 * tags (a smaller head for children, longer hair for female voices, grey hair for seniors).
 */
export function voiceAvatarSvg(v: { id: string; gender: string; age: string }) {
  let h = 2166136261;
  for (const ch of v.id) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >> 9) % 80)) % 360;
  const child = v.age === "child" || v.age === "teen";
  const head = child ? 38 : 44;
  const headY = child ? 104 : 96;
  const hair = v.age === "senior" ? "#d6d3d1" : `hsl(${(hue + 180) % 360} 35% 22%)`;
  const skin = `hsl(${25 + (h % 15)} 55% ${72 - ((h >> 5) % 10)}%)`;
  const longHair =
    v.gender === "female"
      ? `<path d="M${120 - head - 6} ${headY} Q${120 - head - 10} ${headY + 70} ${120 - head + 8} ${headY + 78} L${120 + head - 8} ${headY + 78} Q${120 + head + 10} ${headY + 70} ${120 + head + 6} ${headY} Z" fill="${hair}"/>`
      : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 62%)"/><stop offset="1" stop-color="hsl(${hue2} 70% 45%)"/></linearGradient></defs>
<rect width="240" height="240" fill="url(#g)"/>
${longHair}
<path d="M40 240 Q40 ${headY + 62} 120 ${headY + 58} Q200 ${headY + 62} 200 240 Z" fill="hsl(${hue2} 40% 25%)"/>
<circle cx="120" cy="${headY}" r="${head}" fill="${skin}"/>
<path d="M${120 - head} ${headY - 4} Q120 ${headY - head - 22} ${120 + head} ${headY - 4} Q120 ${headY - head + 6} ${120 - head} ${headY - 4} Z" fill="${hair}"/>
</svg>`;
}
