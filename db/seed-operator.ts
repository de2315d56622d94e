/**
 * The development operator (docs/decisions/0032): `npm start` and `npm run dev` seed this account with the
 * operator role so /admin can be tried locally (the README gives the address and password). Never seeded
 * outside the local database; in production the api refuses this address the operator role
 * (workers/api/src/domain/admin/operators.ts). Production operators are granted with `npm run operator`.
 */
export const DEV_OPERATOR_EMAIL = "operator@voicestudio.local";
export const DEV_OPERATOR_PASSWORD = "Operator#2026";
/** Argon2id of DEV_OPERATOR_PASSWORD with the api's parameters (workers/api/src/lib/password.ts). */
export const DEV_OPERATOR_HASH = "$argon2id$v=19$m=19456,t=2,p=1$o3hI1zYbJo1t5F6SPkCZmQ$r9gRkqOEPV6iYyPy9c0yVRd8sYdh5lMQOcSKRVasnho";
/** A fixed id, so the seed is idempotent. */
export const DEV_OPERATOR_ID = "00000000-0000-4000-8000-000000000001";

const q = (v: string) => `'${v.replaceAll("'", "''")}'`;

/** INSERT OR IGNORE the account, then make sure it has the operator role (idempotent). */
export function operatorSeedStatements(now = Date.now()): string[] {
  return [
    `INSERT OR IGNORE INTO members (id, email, type, nickname, password_hash, created_at, last_login_at, role) VALUES (${[
      DEV_OPERATOR_ID,
      DEV_OPERATOR_EMAIL,
      "email",
      "operator",
      DEV_OPERATOR_HASH,
    ]
      .map(q)
      .join(", ")}, ${now}, ${now}, 'operator');`,
    `UPDATE members SET role = 'operator' WHERE email = ${q(DEV_OPERATOR_EMAIL)};`,
  ];
}
