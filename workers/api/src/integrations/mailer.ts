import { mailOutbox } from "#db/schema";
import type { AppEnv } from "../env";
import type { DrizzleD1Database } from "drizzle-orm/d1";

export type Mail = { to: string; subject: string; text: string };

/** Where mail goes. Local runs keep it in D1 (the dev outbox); deployments use an HTTP provider. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Keeps mail in the `mail_outbox` table, shown at /dev/mailbox in development. */
export class OutboxMailer implements Mailer {
  constructor(private db: DrizzleD1Database<Record<string, unknown>>) {}
  async send(mail: Mail) {
    await this.db.insert(mailOutbox).values({ ...mail, createdAt: Date.now() });
  }
}

/**
 * Sends through an HTTP e-mail API with the common JSON shape
 * `POST {MAIL_API_URL} {from, to: [..], subject, text}` and `Authorization: Bearer {MAIL_API_KEY}`
 * (Resend's API, and others', have this shape). Any non-2xx answer is a failure.
 */
export class HttpMailer implements Mailer {
  constructor(
    private opts: { url: string; key: string; from: string },
    private fetcher: (input: string, init: RequestInit) => Promise<Response> = fetch,
  ) {}
  async send(mail: Mail) {
    const res = await this.fetcher(this.opts.url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${this.opts.key}` },
      body: JSON.stringify({ from: this.opts.from, to: [mail.to], subject: mail.subject, text: mail.text }),
    });
    if (!res.ok) throw new Error(`mail provider answered ${res.status}`);
  }
}

/** MAIL_PROVIDER=http with MAIL_API_URL, MAIL_API_KEY and MAIL_FROM; anything else: the dev outbox. */
export function createMailer(env: AppEnv["Bindings"], db: DrizzleD1Database<Record<string, unknown>>): Mailer {
  if (env.MAIL_PROVIDER === "http" && env.MAIL_API_URL && env.MAIL_API_KEY && env.MAIL_FROM) {
    return new HttpMailer({ url: env.MAIL_API_URL, key: env.MAIL_API_KEY, from: env.MAIL_FROM });
  }
  return new OutboxMailer(db);
}
