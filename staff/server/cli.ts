/*
 * `npm run staff`: the workspace's people from the server's shell (issue 37). Reads DATABASE_URL like the server;
 * safe while it runs. The first operator is invited here; after that operators can work from /staff.
 *
 *   npm run staff -- invite EMAIL --role ROLE[,ROLE]   add a person and e-mail them a sign-in link
 *   npm run staff -- list                              everyone on the list, with their roles
 *   npm run staff -- revoke EMAIL                      remove a person: their sessions and passkeys end at once
 *   npm run staff -- audit [--person EMAIL] [--limit N] the audit log, oldest of the last N first
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../../server/config";
import { withStore } from "../../server/db";
import { visible } from "../../server/cli/terminal-text";
import { roles } from "./context";
import { createStaffMailer } from "./mail";
import { parseEmail, parseRoles, sendSignInLink } from "./sign-in-link";
import { staffStorage } from "./storage";

/** Who the audit log names for what is done here: whoever has the server's shell. */
export const CLI_ACTOR = "server (npm run staff)";

const USAGE = `Usage:
  npm run staff -- invite EMAIL --role ROLE[,ROLE]   add a person to the staff list and e-mail them a sign-in link
                                                     (roles: ${roles.join(", ")}; operator may do everything)
  npm run staff -- list                              everyone on the list, with their roles
  npm run staff -- revoke EMAIL                      remove a person: their sessions and passkeys end at once
  npm run staff -- audit [--person EMAIL] [--limit N]
                                                     the audit log (the last N lines, default 100), oldest first
Reads DATABASE_URL; the link goes to STAFF_URL/sign-in/…, through SMTP_URL, else into LEADS_MAIL_DIR (data/mail/).
`;

class UsageError extends Error {}

async function main() {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { role: { type: "string", multiple: true }, person: { type: "string" }, limit: { type: "string", default: "100" }, help: { type: "boolean", short: "h" } },
  });
  const [command, ...rest] = positionals;
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (!command) throw new UsageError("Name a command.");
  const config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? "development", LEADS_DELIVERY: process.env.SMTP_URL || process.env.LEADS_WEBHOOK_URL ? undefined : "store-only" });
  const now = new Date();
  switch (command) {
    case "invite": {
      const email = parseEmail(rest[0]);
      if (!email.ok) throw new UsageError(`invite: ${email.error}`);
      const chosen = parseRoles(values.role);
      if (!chosen.ok) throw new UsageError(`invite: ${chosen.error} (--role ${roles.join(",")})`);
      if (!config.staffUrl) throw new Error("invite: STAFF_PORT=off and no STAFF_URL, so there is no workspace to sign in to.");
      const mailer = createStaffMailer(config);
      try {
        const outcome = await withStore(config.DATABASE_URL, async (store) => {
          const staff = staffStorage(store);
          const person = await staff.addPerson(email.email, chosen.roles, CLI_ACTOR, now);
          if (!person) {
            const existing = await staff.person(email.email);
            throw new Error(`${email.email} is already on the staff list (${existing?.roles.join(", ") ?? "?"}): nothing changed. They sign in at ${config.staffUrl}/sign-in.`);
          }
          await staff.appendAudit({ at: now.toISOString(), actor: CLI_ACTOR, action: "people.invite", subject: person.email, detail: `roles: ${person.roles.join(", ")}` });
          return sendSignInLink({ staff, mailer, staffUrl: config.staffUrl! }, { email: person.email, next: "/", now, invitedBy: CLI_ACTOR });
        });
        const where = outcome.outcome === "sent" ? `e-mailed to ${email.email}` : `written to ${config.LEADS_MAIL_DIR}/ (no SMTP_URL: a preview, nobody was mailed)`;
        process.stdout.write(`Invited ${email.email} (${chosen.roles.join(", ")}). A sign-in link, valid 15 minutes and once, was ${where}. Later sign-ins: ${config.staffUrl}/sign-in\n`);
        // The preview's text is quoted-printable (a long link is cut across lines): the link itself, to open as it is.
        if (outcome.outcome === "previewed") process.stdout.write(`Open it in a mail program, or open this link: ${outcome.link}\n`);
      } finally {
        mailer.close();
      }
      return;
    }
    case "list": {
      const people = await withStore(config.DATABASE_URL, (store) => staffStorage(store).people());
      if (people.length === 0) {
        process.stdout.write("Nobody is on the staff list yet: npm run staff -- invite you@example.com --role operator\n");
        return;
      }
      for (const person of people) process.stdout.write(`${visible(person.email)}  ${person.roles.join(",")}  added ${person.createdAt} by ${visible(person.invitedBy)}\n`);
      return;
    }
    case "revoke": {
      const email = parseEmail(rest[0]);
      if (!email.ok) throw new UsageError(`revoke: ${email.error}`);
      const result = await withStore(config.DATABASE_URL, async (store) => {
        const staff = staffStorage(store);
        const removed = await staff.removePerson(email.email);
        if (removed.ok) await staff.appendAudit({ at: now.toISOString(), actor: CLI_ACTOR, action: "people.revoke", subject: email.email, detail: null });
        return removed;
      });
      if (!result.ok) {
        throw new Error(
          result.reason === "not-found"
            ? `${email.email} is not on the staff list: nothing changed.`
            : `${email.email} is the last operator: nothing changed. Give someone else the operator role first (npm run staff -- invite … --role operator).`,
        );
      }
      process.stdout.write(`Revoked ${email.email}: their sessions and passkeys have ended.\n`);
      return;
    }
    case "audit": {
      const limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100_000) throw new UsageError(`--limit "${values.limit}" is not a number of lines (1 to 100000).`);
      const { lines } = await withStore(config.DATABASE_URL, (store) => staffStorage(store).audit({ person: values.person, limit, offset: 0 }));
      if (lines.length === 0) process.stdout.write("The audit log is empty.\n");
      for (const line of lines.reverse()) {
        process.stdout.write(`${line.at}  ${visible(line.actor)}  ${visible(line.action)}${line.subject ? `  ${visible(line.subject)}` : ""}${line.detail ? `  (${visible(line.detail)})` : ""}\n`);
      }
      return;
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

main().catch((error: unknown) => {
  // parseArgs's own refusals (an unknown option, a missing value) are usage errors too.
  if (String((error as { code?: unknown }).code ?? "").startsWith("ERR_PARSE_ARGS")) error = new UsageError((error as Error).message);
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof UsageError) process.stderr.write(USAGE);
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
