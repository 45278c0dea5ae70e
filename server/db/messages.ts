import type { ContactMessage } from "~/lib/contact-schema";
import type { Database } from "./database";

export type Verification = "verified" | "unverified";

export type NewMessage = Omit<ContactMessage, "recaptchaToken" | "submissionId"> & {
  submissionId?: string | null;
  createdAt: string;
  ip: string | null;
  userAgent: string | null;
  verification: Verification;
  /** Why a message is unverified (e.g. "siteverify timeout"), for whoever reads the leads. */
  verificationNote: string | null;
};

export type StoredMessage = NewMessage & { id: number };

/**
 * Stores one message with a single INSERT (its own transaction), and resolves only after SQLite has
 * committed it: the id returned is the promise we make to the visitor. A message resent with the same
 * submission id (the first answer was lost) is not stored twice: the first one's id is returned.
 */
export async function insertMessage(db: Database, message: NewMessage): Promise<number> {
  const result = await db.execute({
    sql: `INSERT INTO messages (first_name, last_name, email, company, message, created_at, ip, user_agent, verification, verification_note, submission_id)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
    args: [
      message.firstName,
      message.lastName,
      message.email,
      message.company,
      message.message,
      message.createdAt,
      message.ip,
      message.userAgent,
      message.verification,
      message.verificationNote,
      message.submissionId ?? null,
    ],
  });
  const inserted = result.rows[0];
  if (inserted) return Number(inserted.id);
  const existing = await db.execute({ sql: "SELECT id FROM messages WHERE submission_id = ?", args: [message.submissionId ?? null] });
  return Number(existing.rows[0]?.id);
}

/** The id the next stored message would most likely get, so a decoy answer looks like a real one. */
export async function likelyNextId(db: Database): Promise<number> {
  const result = await db.execute("SELECT COALESCE(MAX(id), 0) + 1 AS next FROM messages");
  return Number(result.rows[0]?.next ?? 1);
}

export async function listMessages(db: Database): Promise<StoredMessage[]> {
  const result = await db.execute(
    `SELECT id, first_name, last_name, email, company, message, created_at, ip, user_agent, verification, verification_note
     FROM messages ORDER BY id`,
  );
  return result.rows.map((row) => ({
    id: Number(row.id),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    email: String(row.email),
    company: String(row.company ?? ""),
    message: String(row.message),
    createdAt: String(row.created_at),
    ip: row.ip == null ? null : String(row.ip),
    userAgent: row.user_agent == null ? null : String(row.user_agent),
    verification: row.verification === "verified" ? "verified" : "unverified",
    verificationNote: row.verification_note == null ? null : String(row.verification_note),
  }));
}
