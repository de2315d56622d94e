import { onUse } from "./on-use";
import { Footer as FooterNow } from "./Footer";
import { ThirdPartyScripts as ThirdPartyScriptsNow } from "./ThirdPartyScripts";

/**
 * docs/decisions/0050: parts of the shell that most pages never render, loaded when rendered (`onUse`), so
 * the base every page loads does not carry them. Import them from here, never from their own modules.
 */

/** The public footer: on /, /plan, /actors and /notice only (`isFooterVisible`). */
export const Footer = /*#__PURE__*/ onUse(() => import("./Footer").then((m) => m.Footer), import.meta.env.SSR && FooterNow);

/** The tag manager and the form widget, rendered only when configured (GTM_ID, FORM_WIDGET_URL). */
export const ThirdPartyScripts = /*#__PURE__*/ onUse(
  () => import("./ThirdPartyScripts").then((m) => m.ThirdPartyScripts),
  import.meta.env.SSR && ThirdPartyScriptsNow,
);
