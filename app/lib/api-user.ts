/**
 * The account a browser error report names (app/lib/api-client.ts): the root sets it from its data. A module of its
 * own so that the root, which every page loads, does not carry the api client itself (the client comes
 * with the players and job progress that use it, or with the first media error of a page without them).
 */
let user = "unknown";

export function setApiUser(email: string | null | undefined) {
  user = email || "unknown";
}

export const apiUser = () => user;
