import type ko from "../ko/slots";
import type { Translation } from "../types";

export default {
  title: "Voice slots",
  description: "Your plan's custom voice slots and the custom voices you made.",
  listTitle: "My custom voices",
  usage: "Slots {{used}} / {{slots}}",
  unlimited: "∞",
  empty: "You have not made a custom voice yet. Make one from your own voice.",
  make: "Make a custom voice",
  created: "Made {{date}}",
  overSlots: "Over the slots",
  choose: {
    title: "Choose the custom voices to keep",
    text: "Your plan changed and now has {{slots}} custom voice slots; you have {{used}} custom voices. Choose up to {{slots}} to keep: the others are deleted with their recordings.",
    once: "You make this choice once, and deleted voices cannot be restored. Until you choose, the voices over the slots cannot be used.",
    keep: "Keep",
    confirm: "I understand that the voices I do not choose will be deleted.",
    submit: "Keep only the chosen voices",
    tooMany: "You can choose up to {{slots}}.",
    confirmRequired: "Please confirm the deletion.",
  },
} satisfies Translation<typeof ko>;
