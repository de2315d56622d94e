/**
 * The spec's password rule (section 5): 8 to 15 characters, only letters, digits and
 * ~!@#$%^&*()_+=?, with at least one of each kind; and not one of the most common passwords.
 * The sign-up form imports the same rule (shared by client and server).
 */
/** The address shape (spec: 'check the email format'); the api and the app's forms both check it. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const PASSWORD_ALLOWED = /^[A-Za-z0-9~!@#$%^&*()_+=?]{8,15}$/;

export function passwordFollowsRule(password: string) {
  return PASSWORD_ALLOWED.test(password) && /[A-Za-z]/.test(password) && /\d/.test(password) && /[~!@#$%^&*()_+=?]/.test(password);
}

/**
 * Passwords that pass the rule but appear at the top of breached-password lists (letters, digits
 * and a symbol in the obvious places). Compared case-insensitively.
 */
const COMMON = new Set(
  [
    "password1!",
    "password12!",
    "password123!",
    "p@ssw0rd",
    "p@ssw0rd1",
    "p@ssword1",
    "passw0rd!",
    "qwerty1!",
    "qwerty12!",
    "qwerty123!",
    "qwer1234!",
    "qwer1234!@",
    "1q2w3e4r!",
    "1q2w3e4r!@",
    "1q2w3e4r5t!",
    "!qaz2wsx",
    "1qaz2wsx!",
    "1qaz@wsx",
    "abc123!",
    "abc1234!",
    "abcd1234!",
    "a1234567!",
    "asdf1234!",
    "zxcv1234!",
    "iloveyou1!",
    "welcome1!",
    "admin123!",
    "letmein1!",
    "test1234!",
    "q1w2e3r4!",
    "qwe123!@#",
    "zaq12wsx!",
    "!@#qwe123",
    "sunshine1!",
    "princess1!",
    "dragon123!",
  ].map((p) => p.toLowerCase()),
);

export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());
