// Grants or revokes the operator role (docs/decisions/0032): the only way to make an operator besides the
// local development seed. There is no API for it.
//
//   npm run operator -- grant someone@example.com            # the local database (.wrangler/state)
//   npm run operator -- grant someone@example.com --remote   # the deployed D1 (needs `wrangler login`)
//   npm run operator -- revoke someone@example.com [--remote]
//   npm run operator -- list [--remote]
//
// Each grant or revoke writes an audit_log row (actor "cli" with the local user's name) in the same call.
import { execFileSync } from "node:child_process";
import { userInfo } from "node:os";
import { ENV } from "./deploy-config.mjs";
import { persistArgs, wranglerEnv } from "./wrangler-env.mjs";

const args = process.argv.slice(2);
const remote = args.includes("--remote");
const [command, rawEmail] = args.filter((a) => !a.startsWith("--"));
const usage = "usage: npm run operator -- grant|revoke <email> [--remote] | list [--remote]";

// The deployed database is the one of the root wrangler.toml's production environment (docs/deploy.md).
const where = remote ? ["--remote", "--env", ENV] : ["--local", ...persistArgs()];
const sql = (command: string) =>
  JSON.parse(
    execFileSync("npx", ["wrangler", "d1", "execute", "DB", ...where, "--json", "--command", command], {
      env: wranglerEnv(),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    }),
  ) as { results: Record<string, unknown>[] }[];
const q = (v: string) => `'${v.replaceAll("'", "''")}'`;

if (command === "list") {
  const rows = sql("SELECT email, last_login_at FROM members WHERE role = 'operator' ORDER BY email")[0]?.results ?? [];
  for (const r of rows)
    console.log(`${r.email}\tlast login ${r.last_login_at ? new Date(Number(r.last_login_at)).toISOString() : "never"}`);
  if (rows.length === 0) console.log("no operators");
  process.exit(0);
}
if ((command !== "grant" && command !== "revoke") || !rawEmail) {
  console.error(usage);
  process.exit(2);
}
const email = rawEmail.trim().toLowerCase();
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error(`not an e-mail address: ${rawEmail}`);
  process.exit(2);
}
const member = sql(`SELECT id, role FROM members WHERE email = ${q(email)}`)[0]?.results[0];
if (!member) {
  console.error(`no member is registered with ${email}: sign up first, then grant`);
  process.exit(1);
}
const role = command === "grant" ? "operator" : "member";
if (member.role === role) {
  console.log(`${email} is already ${role === "operator" ? "an operator" : "not an operator"}`);
  process.exit(0);
}
const actor = `cli:${userInfo().username}`;
sql(
  [
    `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, before, after, created_at) VALUES ('cli', ${q(actor)}, ${q(`operator.${command}`)}, 'member', ${q(String(member.id))}, json_object('role', ${q(String(member.role))}), json_object('role', ${q(role)}), ${Date.now()})`,
    `UPDATE members SET role = ${q(role)} WHERE id = ${q(String(member.id))}`,
  ].join("; "),
);
console.log(`${email}: role ${role} (${remote ? "remote" : "local"} database)`);
