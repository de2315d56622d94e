import type ko from "../ko/library";
import type { Translation } from "../types";

export default {
  meta: {
    actors: "Voice market · Voice actors | Voice Studio",
    actorsDescription:
      "A voice market where you listen to AI voices and pick one, and a call for voice actors who want their voice to earn. Apply with a sample link or file.",
  },
  kinds: { basic: "Basic", open: "Open", custom: "Custom" },
  card: {
    use: "Use this voice",
    details: "Details",
    rating: "{{average}} ({{count}} ratings)",
    noRating: "No ratings yet",
    uses: "Used {{count}} times",
    weekUses: "{{count}} this week",
    bookmarked: "Bookmarked",
    hidden: "Hidden by an operator",
  },
  player: {
    play: "Play the sample of {{name}}",
    pause: "Pause the sample of {{name}}",
    failed: "The sample could not be played.",
  },
  actors: {
    eyebrow: "Voice market BETA",
    title: "Where voices go to work:\nthe voice market",
    text: "Listen to the open voices members have shared and use them in your projects at once. Voice actors can put their voice on the market and be paid for how much it is used.",
    listen: "Listen to the voices",
    apply: "Apply as a voice actor",
    featured: {
      title: "Voices on the market now",
      text: "Open voices registered by members are free for every member, for personal use. Their copyright is not guaranteed.",
      fallback: "No open voice has been registered yet, so here are this week's most used voices. Be the first to share one.",
      more: "Hear more in the voice library",
    },
    how: {
      title: "How voice actors join",
      steps: [
        { title: "Apply", text: "Send your name, how to reach you and a voice sample (a link or a file)." },
        { title: "Sample review", text: "Our team listens to your sample and tells you the result at the contact you gave." },
        { title: "Record and publish", text: "Record as we guide you; we make your AI voice and put it on the market." },
        { title: "Paid by use", text: "Each time a member makes speech with your voice it counts, and the total is settled every month." },
      ],
    },
    revenue: {
      title: "Revenue settlement",
      text: "The use of each voice actor's voice on the market (generations and conversions) is totalled every month and settled. The share and how it is paid are set in the contract signed after the review.",
    },
    membership: {
      title: "Free membership",
      text: "Voice actors on the market get a Voice Studio membership for free. See for yourself in the studio how your voice is used.",
    },
    form: {
      title: "Voice actor application",
      text: "A link or a file is enough for the sample. Files: WAV, MP3, OGG, WebM or M4A audio, up to 10 MB and 5 minutes.",
      name: "Name (or stage name)",
      contact: "Contact (e-mail or phone number)",
      sampleUrl: "Sample link",
      sampleUrlHelp: "A portfolio, a video or a cloud folder: an address starting with http:// or https://",
      file: "Sample file",
      fileHelp: "An audio file of up to 10 MB and 5 minutes. When you send the form again, choose the file again.",
      consent: "I agree that my name, contact and sample are collected and used to review this application. (required)",
      consentNote: "Applications are deleted within 3 months of telling you the result.",
      submit: "Send the application",
      done: "We have your application. We will tell you the result at the contact you gave.",
      errors: {
        sampleRequired: "Please add a sample link or choose a sample file.",
        url: "Please enter an address starting with http:// or https://.",
        consent: "Please agree to the collection and use.",
        fileTooLarge: "Sample files can be up to 10 MB.",
      },
    },
  },
} satisfies Translation<typeof ko>;
