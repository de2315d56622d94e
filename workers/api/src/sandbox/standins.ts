// The payment gateways' stand-ins, for local runs only. Loaded through `standins()` (integrations/payments/gateways.ts),
// which a production build compiles without them.
export { paypalStandin } from "./paypal.js";
export { portoneStandin } from "./portone.js";
