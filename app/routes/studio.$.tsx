/** Paths below /studio: the parent route (studio.tsx) guards them; the studio pages come with the TTS issue. */
export default function StudioPath() {
  return null;
}
