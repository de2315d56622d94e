/** Custom voices and their slots (issue 17; spec sections 3, 4 and 9), as the API answers them. */

/** One of the member's custom voices on the slots page. */
export type SlotVoice = {
  id: string;
  name: string;
  intro: string;
  lang: "ko" | "en";
  createdAt: string;
  profileImageURL: string;
  audioURL: string;
  /** True while a choice is due and this voice is beyond the plan's slots (it cannot be used until the choice). */
  overSlots: boolean;
};

/** GET /voices/slots. */
export type CustomVoiceSlots = {
  /** The plan's slots (`cv_cnt`); -1 when unlimited (shown as '∞'). */
  slots: number;
  unlimited: boolean;
  used: number;
  /** A plan change left more custom voices than slots: the member chooses once which to keep. */
  mustChoose: boolean;
  voices: SlotVoice[];
};

/** POST /voices/slots/keep. */
export type SlotChoice = { kept: string[]; deleted: string[] };
