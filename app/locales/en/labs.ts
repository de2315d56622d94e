import type ko from "../ko/labs";
import type { Translation } from "../types";

export default {
  area: {
    metaTitle: "Labs | Voice Studio",
    metaDescription: "Try new features first, such as avatar talk: a VRM avatar speaking your converted voice.",
    title: "Labs",
    intro: "New features we are still polishing, to try first. Usage is charged as speech-to-speech (STS) conversion time.",
    beta: "BETA",
    avatarTitle: "Avatar talk",
    avatarText:
      "Choose a VRM avatar, record yourself, and the avatar speaks your words in the voice you choose, lips moving with the sound.",
    avatarCta: "Start avatar talk",
    loginNeeded: "Log in to use it.",
  },
  avatar: {
    metaTitle: "Avatar talk | Voice Studio",
    metaDescription: "A VRM avatar speaks your converted voice, lips in sync.",
    title: "Avatar talk",
    intro:
      "Choose an avatar, record yourself or upload a file, choose a voice, and the avatar speaks in the converted voice. Usage is charged as speech-to-speech (STS) conversion time.",
    remaining: "Conversion time left this month: {{time}}",
    stepOf: "Step {{n}} of 5",
    steps: { avatar: "Choose avatar", record: "Record", check: "Check", voice: "Choose voice", result: "Result" },
    chosen: "Avatar: {{name}}",
    change: "Choose another avatar",
    choose: {
      title: "Choose an avatar",
      legend: "Avatar",
      default: "Default avatar",
      own: "My avatar",
      next: "Continue with this avatar",
    },
    remove: {
      short: "Delete",
      link: "Delete {{name}}",
      title: "Delete this avatar?",
      text: "{{name}} is deleted with its file. Video letters already made with it stay.",
      confirm: "Delete",
      cancel: "Cancel",
    },
    upload: {
      title: "Upload my VRM avatar",
      help: "VRM files only (.vrm, up to 30 MB); an avatar you upload is visible to you only. You keep {{own}} of {{count}}.",
      file: "VRM file",
      submit: "Upload avatar",
    },
    stage: {
      canvas: "The speaking avatar",
      loading: "Loading the avatar…",
      noWebgl: "This browser has no WebGL, so the avatar cannot be shown. You can listen to the converted voice below.",
      failed: "The avatar could not be loaded. You can listen to the converted voice below.",
      noScript: "The speaking avatar needs JavaScript and WebGL. You can listen to the converted voice below.",
      play: "Play",
      pause: "Pause",
    },
    result: {
      title: "{{name}} speaks",
      again: "Record again",
    },
  },
  letter: {
    historyLink: "Video letter",
    title: "Make a video letter",
    help: "Record the speaking avatar and the voice as a video (WebM) and send it with a share link. The sound plays while it records.",
    make: "Record a video letter",
    recording: "Recording… it is saved when the audio ends.",
    uploading: "Uploading the video letter…",
    saved: "The video letter was saved.",
    failed: "The video letter could not be made: {{message}}",
    unsupported: "This browser cannot record video.",
    watch: "Watch the video letter",
    share: "Create a share link",
    shareUrl: "Share link",
    revoke: "Stop sharing",
    // Issue 20: answering a shared letter with a video letter, and the player social sites frame.
    reply: {
      button: "Reply with a video letter",
      banner: "You are answering a letter in the voice of {{voice}}. Make your video letter, then share it back as your reply.",
      original: "Open the letter",
      stop: "Stop answering",
      shareBack: "Share as my reply",
      linked: "This share page is linked to the original as a reply.",
      video: "Video letter",
    },
    player: {
      title: "A video letter in the voice of {{voice}} | Voice Studio",
      label: "Video letter",
      open: "Open the share page",
    },
    metaVideo: "Video letter",
  },
} satisfies Translation<typeof ko>;
