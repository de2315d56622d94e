import type ko from "../ko/home";
import type { Translation } from "../types";

export default {
  hero: {
    eyebrow: "AI voice studio for Korean and English",
    title: "Text becomes a voice,\nand your voice becomes any voice",
    text: "Paste a script and get natural narration; record yourself and hear it in the voice you pick. Finish the voice for videos, podcasts, ads and courses in minutes.",
    primary: "Start for free",
    secondary: "See plans",
    note: "Every member gets 3 minutes of conversion and 10,000 characters of speech free each month.",
    demoLabel: "Listen to voice samples",
    listen: "Listen to {{name}}'s sample",
  },
  custom: {
    title: "Your own voice, as an AI voice",
    text: "Record yourself or upload up to 5 files and we build a custom voice only you can use. From then on, type text and hear it in your own voice.",
    points: [
      "Made from a recording or up to 5 audio files",
      "Private: only its creator can use it",
      "Consent to rights, training and no misuse keeps it safe",
      "Available from the Creator plan",
    ],
    cta: "Learn about custom voices",
  },
  tts: {
    title: "TTS: a different voice and mood for every sentence",
    text: "Set the voice, style, language, pitch, tempo and pause sentence by sentence. Regenerate only what changed and download one file or a file per sentence.",
    points: [
      "6 styles: neutral, angry, happy, sad, anxious, sports broadcast",
      "Pitch in 48 steps from -24 to +24, tempo and pause control",
      "Korean, English and multi-language sentences",
      "Up to 500 characters per generation",
    ],
  },
  sts: {
    title: "STS: keep your performance, change the voice",
    text: "Record in the browser or upload a file, then choose a voice. Your pacing and intonation stay; only the voice changes.",
    steps: ["Record or upload", "File check", "Choose a voice", "AI conversion", "Compare and share"],
    points: ["Listen to before and after side by side", "Share the result with one link", "Download as WAV or MP3"],
  },
  reviews: {
    title: "What early users say",
    items: [
      {
        name: "Minji Kim",
        role: "Runs an education channel",
        text: "Recording used to take half a day every week; now I just polish the script. Changing the tone per sentence made my lessons far livelier.",
      },
      {
        name: "Junho Park",
        role: "Podcast producer",
        text: "We turn noisy remote recordings into clean voices while keeping each guest's delivery. Editing time is down by half.",
      },
      {
        name: "Emily Carter",
        role: "Marketing manager",
        text: "Korean and English ad narration in the same project made our campaign prep so much faster.",
      },
      {
        name: "Seoyeon Lee",
        role: "Audiobook producer",
        text: "Setting pauses and tempo per sentence is my favourite part. Long manuscripts flow naturally.",
      },
    ],
  },
  plans: {
    title: "Only what you need, month by month",
    text: "Start for free and upgrade when you publish commercially or make more.",
    perMonth: "/mo",
    free: "Free",
    minutes: "{{count, number}} min STS",
    characters: "{{count, number}} characters TTS",
    customVoices: "Custom voice slots: {{slots}}",
    all: "Compare all plans",
  },
  promotion: {
    badge: "50% off the first month",
    title: "Your first paid month at half price",
    text: "New members and members who have never paid can start any paid plan at 50% off for the first month. The discount applies once per member.",
    price: "{{plan}} first month {{price}}",
    regular: "Regular {{price}}",
    cta: "Start at the discounted price",
  },
  contact: {
    title: "Business and API inquiries",
    text: "Need TTS and STS inside your own product, high-volume production or a dedicated voice? Tell us and we will answer within one business day.",
    email: "help@voicestudio.example",
    cta: "Write to us",
  },
  cta: {
    title: "Make your first voice today",
    text: "Signing up takes a minute, and you can start for free without a card.",
    button: "Start for free",
  },
} satisfies Translation<typeof ko>;
