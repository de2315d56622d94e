import { eq } from "drizzle-orm";
import { members } from "#db/schema";
import type { Member } from "../../env";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import type { Db } from "../scope";

/** Account edit (spec: member update fields, plus the language); absent optional fields stay as they are. */
export type ProfileForm = {
  /** The account's own address (it is shown, not changed, on the account page). */
  email?: string;
  nickname: string;
  profile_img?: string;
  firstname: string;
  secondname: string;
  gender: "" | "male" | "female" | "other";
  work: string;
  belong: string;
  marketing?: "Y" | "N" | "";
  local?: "ko" | "en";
};

/** Saves the account page; answers the updated row (another address than the member's own: 4000). */
export async function updateProfile(db: Db, member: Member, form: ProfileForm) {
  if (form.email !== undefined && form.email !== member.email) return refusal(Code.BAD_REQUEST);
  const [m] = await db
    .update(members)
    .set({
      nickname: form.nickname,
      firstname: form.firstname,
      secondname: form.secondname,
      gender: form.gender,
      work: form.work,
      belong: form.belong,
      ...(form.marketing === undefined ? {} : { marketing: form.marketing }),
      ...(form.profile_img === undefined ? {} : { profileImg: form.profile_img }),
      ...(form.local === undefined ? {} : { locale: form.local }),
    })
    .where(eq(members.id, member.id))
    .returning();
  return m ? done(m) : refusal(Code.LOGIN_REQUIRED);
}

/** Marketing consent for the member's own address (Y, or N to withdraw it), with the date its notice needs. */
export async function setMarketing(db: Db, member: Member, email: string, marketing: "Y" | "N") {
  if (email !== member.email) return refusal(Code.BAD_REQUEST);
  const [m] = await db.update(members).set({ marketing }).where(eq(members.id, member.id)).returning({ marketing: members.marketing });
  if (!m) return refusal(Code.LOGIN_REQUIRED);
  // The date goes into the notice of the change that consent rules ask for.
  return done({ marketing: m.marketing, changedAt: new Date().toISOString() });
}
