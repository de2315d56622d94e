import { createContext, useContext } from "react";

/**
 * The request's Content-Security-Policy nonce (security-headers.ts), given by entry.server.tsx to
 * every script tag the shell renders. In the browser it is empty: browsers hide a nonce from the
 * DOM, so hydration sees the same empty value.
 */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
