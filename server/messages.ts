/*
 * `npm run messages [-- --format text|json|csv]`: prints the stored contact messages, oldest first.
 * Reads DATABASE_URL like the server (default file:./data/messages.db). Safe while the server runs (WAL).
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { toCsv } from "./contact/csv";
import { databaseFile, openDatabase } from "./db/database";
import { listMessages, type StoredMessage } from "./db/messages";
import { visibleFields } from "./terminal-text";

const formats = ["text", "json", "csv"] as const;
type Format = (typeof formats)[number];

const columns = ["id", "firstName", "lastName", "email", "company", "message", "createdAt", "verification", "verificationNote"] as const;

const pick = (message: StoredMessage) => Object.fromEntries(columns.map((column) => [column, message[column]]));

function asText(messages: StoredMessage[]): string {
  if (messages.length === 0) return "No messages yet.\n";
  return messages
    .map((m) => {
      const flag = m.verification === "verified" ? "reCAPTCHA verified" : `UNVERIFIED reCAPTCHA (${m.verificationNote ?? "no reason recorded"})`;
      const who = `${m.firstName} ${m.lastName} <${m.email}>${m.company ? `, ${m.company}` : ""}`;
      return `#${m.id}  ${m.createdAt}  ${flag}\n${who}\n${m.message.replace(/^/gm, "  ")}\n`;
    })
    .join("\n");
}

function render(messages: StoredMessage[], format: Format): string {
  if (format === "json") return `${JSON.stringify(messages.map(pick), null, 2)}\n`;
  if (format === "csv") return toCsv([...columns], messages.map((m) => columns.map((column) => m[column])));
  // Text goes to a terminal: a visitor's control characters are printed as escapes, never sent to it.
  return asText(messages.map((m) => visibleFields(m, ["message"])));
}

async function main() {
  const { values } = parseArgs({ options: { format: { type: "string", short: "f", default: "text" }, help: { type: "boolean", short: "h" } } });
  if (values.help) {
    process.stdout.write("Usage: npm run messages -- [--format text|json|csv]\nPrints the stored contact messages from DATABASE_URL.\n");
    return;
  }
  const format = values.format as Format;
  if (!formats.includes(format)) throw new Error(`Unknown --format "${values.format}": use one of ${formats.join(", ")}.`);

  const url = process.env.DATABASE_URL || "file:./data/messages.db";
  const file = databaseFile(url);
  // Reading must not create an empty database somewhere unexpected (a typo in DATABASE_URL, say).
  if (file && !existsSync(file)) {
    process.stderr.write(`No database at ${file} (DATABASE_URL=${url}): no messages have been stored there yet.\n`);
    process.stdout.write(render([], format));
    return;
  }
  const db = await openDatabase(url);
  try {
    process.stdout.write(render(await listMessages(db), format));
  } finally {
    db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
