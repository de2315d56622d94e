import koAccount from "./ko/account";
import koAdmin from "./ko/admin";
import koAuth from "./ko/auth";
import koBilling from "./ko/billing";
import koCommon from "./ko/common";
import koHelp from "./ko/help";
import koContent from "./ko/content";
import koHome from "./ko/home";
import koKeys from "./ko/keys";
import koLibrary from "./ko/library";
import koPlan from "./ko/plan";
import koSlots from "./ko/slots";
import koStudio from "./ko/studio";
// Custom voice creation.
import koCustom from "./ko/custom-voices";
// Labs.
import koLabs from "./ko/labs";
import enAccount from "./en/account";
import enAdmin from "./en/admin";
import enAuth from "./en/auth";
import enBilling from "./en/billing";
import enCommon from "./en/common";
import enHelp from "./en/help";
import enContent from "./en/content";
import enHome from "./en/home";
import enKeys from "./en/keys";
import enLibrary from "./en/library";
import enPlan from "./en/plan";
import enSlots from "./en/slots";
import enStudio from "./en/studio";
// Custom voice creation.
import enCustom from "./en/custom-voices";
// Labs.
import enLabs from "./en/labs";

/**
 * Every translation bundle, typed: each en module `satisfies` the ko module's shape, so a missing
 * key fails the typecheck (and tests/unit/i18n-parity.test.ts checks it at run time too).
 * The server imports this; the browser fetches one namespace at a time from /locales/:lng/:ns.
 */
export const resources = {
  ko: {
    common: koCommon,
    home: koHome,
    plan: koPlan,
    auth: koAuth,
    account: koAccount,
    studio: koStudio,
    billing: koBilling,
    slots: koSlots,
    help: koHelp,
    admin: koAdmin,
    content: koContent,
    keys: koKeys,
    library: koLibrary,
    // Custom voice creation.
    "custom-voices": koCustom,
    // Labs.
    labs: koLabs,
  },
  en: {
    common: enCommon,
    home: enHome,
    plan: enPlan,
    auth: enAuth,
    account: enAccount,
    studio: enStudio,
    billing: enBilling,
    slots: enSlots,
    help: enHelp,
    admin: enAdmin,
    content: enContent,
    keys: enKeys,
    library: enLibrary,
    // Custom voice creation.
    "custom-voices": enCustom,
    // Labs.
    labs: enLabs,
  },
} as const;

export type Namespace = keyof (typeof resources)["ko"];
