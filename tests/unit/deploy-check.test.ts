// `npm run deploy:check` (scripts/deploy-check.mjs): the repository's production configurations pass, and each kind
// of configuration a real deploy would refuse fails with the file and the key named.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { WORKERS } from "../../scripts/deploy-config.mjs";
import { configProblems, readinessProblems, readWorker } from "../../scripts/deploy-check.mjs";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The repository's three wrangler files with `edits` applied to some (search, replacement), read as the check reads them. */
function workersWith(edits: Record<string, [string, string][]> = {}) {
  const root = mkdtempSync(join(tmpdir(), "deploy-check-"));
  dirs.push(root);
  for (const { config } of WORKERS) {
    let text = readFileSync(config, "utf8");
    for (const [search, replacement] of edits[config] ?? []) {
      expect(text, `${config} has ${search}`).toContain(search);
      text = text.replace(search, replacement);
    }
    mkdirSync(join(root, dirname(config)), { recursive: true });
    writeFileSync(join(root, config), text);
  }
  return WORKERS.map((w) => readWorker(w, root));
}

const API = "workers/api/wrangler.toml";
const NOTIFY = "workers/notify/wrangler.toml";
const APP = "wrangler.toml";
const PROD_VARS = "[env.production.vars]\n";

describe("deploy:check", () => {
  it("passes the repository's configurations", () => {
    expect(configProblems(WORKERS.map((w) => readWorker(w)))).toEqual([]);
  });

  it("fails on a secret written as a production variable, naming the file and the key", () => {
    const problems = configProblems(
      workersWith({ [API]: [[PROD_VARS, `${PROD_VARS}JWT_SECRET = "0123456789abcdef0123456789abcdef0123"\nSTRIPE_TOKEN = "t"\n`]] }),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^workers\/api\/wrangler\.toml \[env\.production\.vars\] JWT_SECRET: a secret as a plain variable/);
    expect(problems[1]).toMatch(/\[env\.production\.vars\] STRIPE_TOKEN: a secret/);
  });

  it("fails on a service binding to a worker not deployed before it", () => {
    const problems = configProblems(
      workersWith({
        [NOTIFY]: [[PROD_VARS, `[[env.production.services]]\nbinding = "API"\nservice = "voice-studio-api"\n\n${PROD_VARS}`]],
      }),
    );
    expect(problems).toEqual([
      'workers/notify/wrangler.toml [env.production.services] API: binds "voice-studio-api", which is not a worker deployed before ' +
        '"voice-studio-notify" (order: voice-studio-notify, voice-studio-api, voice-studio)',
    ]);
  });

  it("fails on a binding the top level has and production lacks, and on a binding to a worker of another name", () => {
    const problems = configProblems(
      workersWith({
        [APP]: [
          [
            'binding = "API"\nservice = "voice-studio-api"\n\n# The one place',
            'binding = "API"\nservice = "voice-studio-api-production"\n\n# The one place',
          ],
        ],
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^wrangler\.toml \[env\.production\.services\] API: binds "voice-studio-api-production", which is not a worker/,
      ),
    ]);
    const missing = configProblems(
      workersWith({ [API]: [['[[env.production.r2_buckets]]\nbinding = "MEDIA"', '[[env.production.r2_buckets]]\nbinding = "FILES"']] }),
    );
    expect(missing).toContain(
      "workers/api/wrangler.toml [env.production.r2_buckets] MEDIA: missing (bindings are not inherited from the top level)",
    );
  });

  it("fails on a placeholder database_id or the local one, and on a database or bucket of another name", () => {
    for (const id of ["00000000-0000-0000-0000-000000000000", "<your database id>", "6f1f6f39-6c1b-4a8e-9d2a-5f0c2d4b7e11"]) {
      const problems = configProblems(workersWith({ [APP]: [['# database_id = ""', `database_id = "${id}"`]] }));
      expect(problems, id).toEqual([
        expect.stringMatching(new RegExp(`^wrangler\\.toml \\[env\\.production\\.d1_databases\\] DB: database_id ".+" is a placeholder`)),
      ]);
    }
    const renamed = configProblems(
      workersWith({
        [API]: [['bucket_name = "voice-studio-media"\n\n[[env.production.durable', 'bucket_name = "media"\n\n[[env.production.durable']],
      }),
    );
    expect(renamed).toEqual([
      'workers/api/wrangler.toml [env.production.r2_buckets] MEDIA: bucket_name "media", not "voice-studio-media" (scripts/deploy-config.mjs)',
    ]);
  });

  it("fails on a required secret missing from production's list, and on one no documented list has", () => {
    const problems = configProblems(
      workersWith({
        [API]: [['  "JWT_SECRET",\n', ""]],
        [APP]: [['required = ["SESSION_SECRET"]', 'required = ["SESSION_SECRET", "ANALYTICS_KEY"]']],
      }),
    );
    expect(problems).toEqual([
      "workers/api/wrangler.toml [env.production.secrets] required: lacks JWT_SECRET, a secret this worker needs (scripts/deploy-config.mjs), so a deploy would go ahead without it",
      "wrangler.toml [env.production.secrets] required: ANALYTICS_KEY is in no documented list (scripts/deploy-config.mjs, docs/deploy.md), so no step puts it",
    ]);
  });

  it("fails on a configuration without a production environment", () => {
    const text = readFileSync(NOTIFY, "utf8");
    const problems = configProblems(workersWith({ [NOTIFY]: [[text.slice(text.indexOf("# Production.")), ""]] }));
    expect(problems).toEqual([expect.stringMatching(/^workers\/notify\/wrangler\.toml: no \[env\.production\]/)]);
  });

  it("--ready: names what the operator has yet to fill in, and passes once it is", () => {
    expect(readinessProblems(WORKERS.map((w) => readWorker(w)))).toEqual([
      "workers/api/wrangler.toml [env.production]: PAYPAL_WEBHOOK_ID is missing",
      "workers/api/wrangler.toml [env.production]: MAIL_FROM is missing",
      expect.stringMatching(/^wrangler\.toml \[\[env\.production\.d1_databases\]\] database_id: not set/),
      "wrangler.toml [env.production]: PUBLIC_ORIGIN must be an https URL",
    ]);
    const filled = workersWith({
      [API]: [
        ['# MAIL_FROM = ""', 'MAIL_FROM = "Voice Studio <no-reply@voice.example.com>"'],
        ['# PAYPAL_WEBHOOK_ID = ""', 'PAYPAL_WEBHOOK_ID = "5GP028458E2496506"'],
      ],
      [APP]: [
        ['# database_id = ""', 'database_id = "3c5b2f0e-8d1a-4e6b-9f2c-7a4d1e0b5c93"'],
        ['PUBLIC_ORIGIN = ""', 'PUBLIC_ORIGIN = "https://voice.example.com"'],
        ["# routes = [", "routes = ["],
      ],
    });
    expect(configProblems(filled)).toEqual([]);
    expect(readinessProblems(filled)).toEqual([]);
    const elsewhere = workersWith({ [APP]: [['PUBLIC_ORIGIN = ""', 'PUBLIC_ORIGIN = "https://voice.example.com"']] });
    expect(readinessProblems(elsewhere)).toContain(
      "wrangler.toml [env.production] routes: no route or custom domain gives PUBLIC_ORIGIN's host voice.example.com to this worker",
    );
  });
});
