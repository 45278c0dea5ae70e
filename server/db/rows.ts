import { sourceSchema, type VisitSource } from "~/lib/contact-schema";
import { devices, isOutcome, type Channel, type Delivery, type Device, type FailedDelivery, type HistoryEntry, type Lead, type StoredMessage, type Take } from "./store";

const isDevice = (value: unknown): value is Device => devices.includes(value as Device);

/* Rows of the two engines' identical tables, read the same way. */

export const MESSAGE_COLUMNS =
  "id, first_name, last_name, email, company, message, created_at, country, device, verification, verification_note, submission_id, public_id, source, respond_by, escalate_by, taken_by, taken_at, first_taken_at, outcome, closed_at, closed_by";

export type Row = Record<string, unknown>;
const text = (value: unknown) => (value == null ? null : String(value));
// SQLite keeps timestamps as ISO text, PostgreSQL hands back Dates: both leave here as ISO strings.
const iso = (value: unknown) => (value == null ? null : value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());

export function toMessage(row: Row): StoredMessage {
  return {
    id: Number(row.id),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    email: String(row.email),
    company: String(row.company ?? ""),
    message: String(row.message),
    createdAt: iso(row.created_at) ?? "",
    country: text(row.country),
    device: isDevice(row.device) ? row.device : null,
    verification: row.verification === "verified" ? "verified" : "unverified",
    verificationNote: text(row.verification_note),
    submissionId: text(row.submission_id),
    publicId: text(row.public_id),
    source: readSource(row.source),
    respondBy: iso(row.respond_by),
    escalateBy: iso(row.escalate_by),
    takenBy: text(row.taken_by),
    takenAt: iso(row.taken_at),
    firstTakenAt: iso(row.first_taken_at),
    outcome: isOutcome(row.outcome) ? row.outcome : null,
    closedAt: iso(row.closed_at),
    closedBy: text(row.closed_by),
  };
}

/** The source column holds the validated source as JSON; anything else reads as none. */
function readSource(value: unknown): VisitSource | null {
  if (value == null) return null;
  try {
    const parsed = sourceSchema.safeParse(JSON.parse(String(value)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const sourceColumn = (source: VisitSource | null | undefined) => (source ? JSON.stringify(source) : null);

export function toDelivery(row: Row): Delivery {
  const status = String(row.status) as Delivery["status"];
  return {
    channel: String(row.channel) as Channel,
    status,
    attempts: Number(row.attempts),
    lastError: text(row.last_error),
    sentAt: iso(row.sent_at),
    nextAttemptAt: status === "pending" ? iso(row.next_attempt_at) : null,
  };
}

export const DELIVERY_COLUMNS = "message_id, channel, status, attempts, last_error, sent_at, next_attempt_at";

/** Leads (message rows in order) each with its deliveries (outbox rows ordered by message_id, channel) and takes (ordered by id). */
export function toLeads(messages: Row[], deliveries: Row[], takeRows: Row[] = []): Lead[] {
  const takes = new Map<number, Take[]>();
  for (const row of takeRows) {
    const id = Number(row.message_id);
    takes.set(id, [...(takes.get(id) ?? []), { takenBy: String(row.taken_by), takenAt: iso(row.taken_at) ?? "" }]);
  }
  const byLead = new Map<number, Delivery[]>();
  for (const row of deliveries) {
    const id = Number(row.message_id);
    byLead.set(id, [...(byLead.get(id) ?? []), toDelivery(row)]);
  }
  return messages.map((row) => {
    const message = toMessage(row);
    return { ...message, deliveries: byLead.get(message.id) ?? [], takes: takes.get(message.id) ?? [] };
  });
}

/** A lead's history from its take rows and event rows (each with message_id, ordered by id), merged by time. */
export function toHistory(takeRows: Row[], eventRows: Row[]): HistoryEntry[] {
  const takes: HistoryEntry[] = takeRows.map((row, index) => ({ kind: "take", actor: String(row.taken_by), at: iso(row.taken_at) ?? "", takeover: index > 0 }));
  const events = eventRows.flatMap((row): HistoryEntry[] => {
    const base = { actor: String(row.actor), at: iso(row.at) ?? "" };
    if (row.kind === "note") return [{ kind: "note", ...base, note: String(row.note ?? "") }];
    if (row.kind === "close" && isOutcome(row.outcome)) return [{ kind: "close", ...base, outcome: row.outcome, note: text(row.note) }];
    if (row.kind === "reopen") return [{ kind: "reopen", ...base }];
    return [];
  });
  // Stable: at equal times a take comes before what was done after it.
  return [...takes, ...events].sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * The inbox's search (name, company, e-mail or reference), folding case for every script the same way on both
 * engines: SQLite's lower() and LIKE fold ASCII only, and PostgreSQL's follow the database's locale. The SQL
 * narrows to candidates (`like`: each non-ASCII letter that has a case is any one character, so its other case
 * is not missed) and `matches` decides, with JavaScript's Unicode case folding. Null when blank.
 */
export function inboxSearch(search: string | undefined): { like: string; reference: string; matches: (lead: StoredMessage) => boolean } | null {
  const folded = search?.trim().toLowerCase();
  if (!folded) return null;
  let like = "";
  for (const char of folded) {
    if (char === "\\" || char === "%" || char === "_") like += `\\${char}`;
    else if (char > "\x7f" && char.toUpperCase() !== char) like += "_";
    else like += char;
  }
  return {
    like: `%${like}%`,
    reference: folded,
    matches: (lead) =>
      [`${lead.firstName} ${lead.lastName}`, lead.company, lead.email].some((field) => field.toLowerCase().includes(folded)) || lead.publicId?.slice(0, 8) === folded,
  };
}

/** How many candidate rows an inbox search reads at a time, newest first, until it has found enough. */
export const SEARCH_BATCH = 500;

export const failedDelivery = (row: Row): FailedDelivery => ({
  leadId: Number(row.message_id),
  publicId: text(row.public_id),
  name: `${String(row.first_name)} ${String(row.last_name)}`,
  company: String(row.company ?? ""),
  channel: String(row.channel) as Channel,
  attempts: Number(row.attempts),
  lastError: text(row.last_error),
});
