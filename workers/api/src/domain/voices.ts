import { eq, inArray, or, type SQL } from "drizzle-orm";
import { voices } from "../../../../db/schema";
import type { Member } from "../env";

/** Voices a member (or a visitor, when null) may see and use: basic and open ones, and their own custom ones. */
export const visibleTo = (member: Member | null): SQL =>
  member ? or(inArray(voices.type, ["basic", "open"]), eq(voices.ownerId, member.id))! : inArray(voices.type, ["basic", "open"]);
