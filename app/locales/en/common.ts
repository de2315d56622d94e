import type ko from "../ko/common";
import type { Translation } from "../types";

export default {
  meta: {
    siteName: "Voice Studio",
    description:
      "Turn text into natural speech and your recording into any voice. Start text-to-speech and speech-to-speech in Korean and English with Voice Studio.",
    titles: {
      home: "Voice Studio - AI text-to-speech and voice conversion",
      plan: "Plans | Voice Studio",
      termsService: "Terms of Service | Voice Studio",
      termsPrivacy: "Privacy Policy | Voice Studio",
      termsMarketing: "Consent to Marketing Messages | Voice Studio",
      notFound: "Page not found | Voice Studio",
      devMailbox: "Dev mailbox | Voice Studio",
    },
  },
  nav: [
    { link: "/plan", name: "Plans", beta: "" },
    { link: "/actors", name: "Voice market", beta: "BETA" },
    { link: "/notice", name: "Notices", beta: "" },
    { link: "/faq", name: "FAQ", beta: "" },
    { link: "/guide", name: "Guide", beta: "" },
    { link: "https://business.voicestudio.example", name: "Business API", beta: "" },
  ],
  header: {
    logo: "Voice Studio home",
    actorsLogo: "Voice market",
    login: "Log in / Sign up",
    myStudio: "My studio",
    join: "Start for free",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    mainNav: "Main menu",
    newTab: "(opens in a new tab)",
  },
  language: {
    label: "Language",
    ko: "한국어",
    en: "English",
    switchTo: "Change language",
  },
  footer: {
    terms: "Terms of Service",
    privacy: "Privacy Policy",
    social: "Social media",
    youtube: "YouTube",
    instagram: "Instagram",
    company: "Voice Studio Inc.",
    ceo: "CEO Haneul Kim",
    businessNo: "Business registration no. 123-45-67890",
    // Shown in Korean only (spec section 2); kept here so both bundles have the same keys.
    mailOrderNo: "Mail-order business registration no. 2024-Seoul Gangnam-01234",
    address: "7F, 123 Teheran-ro, Gangnam-gu, Seoul, Republic of Korea",
    email: "Contact help@voicestudio.example",
    copyright: "© 2026 Voice Studio Inc. All rights reserved.",
  },
  notFound: {
    code: "404",
    title: "Page not found",
    text: "The address may have changed or the page was removed. Please check the address you entered.",
    home: "Go to the home page",
  },
  errors: {
    generic:
      "Oops, an unexpected error occurred. Please try again shortly; if it repeats, contact us at {{email}}.",
    title: "Something went wrong",
    ok: "OK",
  },
  devMailbox: {
    title: "Dev mailbox",
    note: "Local runs keep mail here instead of sending it. This page exists only in development.",
    empty: "No mail yet.",
    to: "To",
    received: "Received",
  },
  legal: {
    effective: "Effective {{date}}",
    version: "Version",
    versionOption: "Effective {{date}}",
    current: "(current)",
    show: "Show",
    contents: "Contents",
  },
} satisfies Translation<typeof ko>;
