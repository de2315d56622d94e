/**
 * The message of every result code in Korean and English (the codes: contracts/codes.ts), in three parts by area.
 * Placeholders `{name}` are filled by `fill` in ../codes.ts; `{name|이/가}` adds the particle the value's last sound takes.
 * The type below makes a code without a message a type error.
 */
import type { Code } from "#contracts/codes";
import { accountAndStudio } from "./account-and-studio";
import { engineHelpAndLabs } from "./engine-help-and-labs";
import { libraryAndBilling } from "./library-and-billing";
import type { Localized } from "./types";

export type { Locale, Localized } from "./types";

export const messages: Record<Code, Localized> = { ...accountAndStudio, ...libraryAndBilling, ...engineHelpAndLabs };
