import type { ContactMessage, VisitSource } from "~/lib/contact-schema";

/*
 * The one storage interface the contact API, the delivery worker and `npm run messages` use. Each engine
 * (SQLite by default, PostgreSQL for several instances) implements it beside this file.
 */

export type Verification = "verified" | "unverified";
export type OverdueLead = { id: number; publicId: string | null; escalateBy: string; verification: Verification };
/** Every delivery channel: sales' e-mail, the signed webhook, the visitor's confirmation, the team chat alert. */
export const channels = ["email", "webhook", "confirmation", "chat", "reminder", "reminder_chat", "escalation", "take_webhook", "close_webhook", "takeover_notice"] as const;
export type Channel = (typeof channels)[number];
/**
 * The follow-up of a lead not yet taken (issue 31): a reminder by e-mail and chat when its window ends, an
 * escalation e-mail at twice the window, and the lead.taken webhook. Each waits in the outbox until it is due.
 */
export const followUpChannels = ["reminder", "reminder_chat", "escalation", "take_webhook", "close_webhook", "takeover_notice"] as const satisfies readonly Channel[];
/**
 * The follow-ups that chase sales about a lead: held while the lead is unverified (the bot check could not be asked),
 * sent once an operator marks it verified (`messages -- verify`). Only real leads are chased.
 */
export const CHASE_CHANNELS_SQL = "('reminder', 'reminder_chat', 'escalation')";
/** An outbox row (alias `o`) of a chase channel whose lead is unverified: not claimed, not due, not counted as waiting. */
export const HELD_FOR_VERIFICATION_SQL = `(o.channel IN ${CHASE_CHANNELS_SQL} AND EXISTS (SELECT 1 FROM messages hm WHERE hm.id = o.message_id AND hm.verification = 'unverified'))`;
/** The channels that bring the lead itself to the company: only they keep a lead from retention. */
export const LEAD_CHANNELS_SQL = "('email', 'webhook', 'chat')";
/**
 * `previewed`: written as a development .eml file, never sent (no person got it; sent once the channel is real).
 * `settled`: given up by an operator (`messages -- settle`), so it no longer keeps its lead from retention.
 */
export const deliveryStatuses = ["pending", "sent", "failed", "previewed", "settled"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
/** What a delivery attempt came to: sent to someone, only written as a development preview, or not needed any more (a reminder for a lead taken meanwhile). */
export type Delivered = "sent" | "previewed" | "settled";

export type NewMessage = Omit<ContactMessage, "recaptchaToken" | "submissionId" | "source"> & {
  submissionId?: string | null;
  /** Where the visit came from, when the form sent a valid source. */
  source?: VisitSource | null;
  createdAt: string;
  /**
   * The visitor's country (two letters, from the address at arrival) and device class: all a lead keeps of the
   * request. Never the IP or the user agent, which with the day's salt would name the visitor's page views.
   */
  country: string | null;
  device: Device | null;
  verification: Verification;
  /** Why a message is unverified (e.g. "siteverify timeout"), for whoever reads the leads. */
  verificationNote: string | null;
  /** When its response window ends (the reminder), and twice it (the escalation), in business time. */
  respondBy?: string | null;
  escalateBy?: string | null;
};

/** A device class, as visit counts keep it (the page says it for a visit, the user agent for a lead). */
export const devices = ["phone", "tablet", "desktop"] as const;
export type Device = (typeof devices)[number];

/** One take of a lead: who (staff, not the visitor) and when. A take-over adds one; the history is kept. */
export type Take = { takenBy: string; takenAt: string };

/** What became of a lead (issue 37). Spam and Duplicate are not leads; a lead without one is open. */
export const outcomes = ["answered", "won", "lost", "spam", "duplicate"] as const;
export type Outcome = (typeof outcomes)[number];
export const isOutcome = (value: unknown): value is Outcome => outcomes.includes(value as Outcome);

/** One entry of a lead's history: a take (or take-over), a note, a close with its outcome, a reopen; who and when. */
export type HistoryEntry =
  | { kind: "take"; actor: string; at: string; takeover: boolean }
  | { kind: "note"; actor: string; at: string; note: string }
  | { kind: "close"; actor: string; at: string; outcome: Outcome; note: string | null }
  | { kind: "reopen"; actor: string; at: string };

/** The inbox's lists: open leads, closed ones, the open ones a person holds, the open ones nobody holds. */
export const inboxViews = ["open", "mine", "not_taken", "closed"] as const;
export type InboxView = (typeof inboxViews)[number];
export type InboxQuery = {
  view: InboxView;
  /** Whose leads "mine" lists (the holder as stored: the signed-in person's e-mail, any case). */
  person?: string;
  /** Part of a name, company or e-mail address, or a reference (any case). */
  search?: string;
  /** At most this many, newest first. */
  limit: number;
};

/**
 * `id` is the row id (sequential: operators only). `publicId` is the random id the API answered with; the only
 * id a visitor ever sees, in the API's answer and (as its reference) in their confirmation.
 */
export type StoredMessage = NewMessage & {
  id: number;
  publicId?: string | null;
  /** Who has taken the lead now, and since when; the first take's time, from which the response time counts. */
  takenBy?: string | null;
  takenAt?: string | null;
  firstTakenAt?: string | null;
  /** What became of it, when and by whom it was closed; null while open. */
  outcome?: Outcome | null;
  closedAt?: string | null;
  closedBy?: string | null;
};

/** One outbox row as the operator sees it. */
export type Delivery = {
  channel: Channel;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  /** When a pending delivery is next tried. */
  nextAttemptAt: string | null;
};

/** A failed delivery as the operator's deliveries page lists it. */
export type FailedDelivery = { leadId: number; publicId: string | null; name: string; company: string; channel: Channel; attempts: number; lastError: string | null };

export type Lead = StoredMessage & { deliveries: Delivery[]; takes?: Take[] };

/**
 * One channel's outbox: how many deliveries are in each state, and when the lead of the oldest pending one arrived.
 * `pending` counts due deliveries only; `scheduled` the pending ones not due yet (a follow-up before its time) or
 * held until their lead is marked verified.
 */
export type ChannelStats = Record<DeliveryStatus, number> & { scheduled: number; oldestPendingAt: Date | null };
/** Every channel of `channels`, those with no rows included (zeros). */
export type OutboxStats = Record<Channel, ChannelStats>;

/** A delivery to make now, with the lead it is about. The lease says this instance holds it. */
export type OutboxJob = {
  id: number;
  channel: Channel;
  /** Fixed per lead and channel (the e-mail's Message-ID, the webhook-id): a resend is the same message. */
  externalId: string;
  /** Attempts so far, this one included. */
  attempt: number;
  lease: string;
  lead: StoredMessage;
};

/**
 * An outbox row to write with a new lead, in the same transaction. With `oncePerDayTo`, the row is written only
 * if no other row for that inbox was in the last CONFIRMATION_WINDOW_MS (any spelling: see address-key.ts; every
 * instance sharing the store counts): the visitor's confirmation, so the form cannot be used to flood someone's
 * inbox. With `hourlyCap` as well, only while fewer than that many such rows (all addresses together) were
 * written in the last hour, so it cannot be used to mail many strangers once each either.
 */
export type Enqueue = { channel: Channel; externalId: string; oncePerDayTo?: string; hourlyCap?: number; dueAt?: string };

export const CONFIRMATION_WINDOW_MS = 24 * 3600_000;
export const CONFIRMATION_CAP_WINDOW_MS = 3600_000;

export { addressKey } from "./address-key";

export interface Store {
  readonly engine: "sqlite" | "postgres";
  /**
   * Stores a message and one outbox row per channel in one transaction, and resolves once it is committed.
   * A message resent with a submission id already stored is not stored again (nor queued): the first lead's ids
   * are returned. `id` is the row id operators use; `publicId` is a random UUID stored with the lead, the only
   * id the API shows (a sequential one would tell anyone how many leads the company gets).
   */
  insertLead(message: NewMessage, deliveries: Enqueue[]): Promise<{ id: number; publicId: string; created: boolean }>;
  /** Every lead with its deliveries, oldest first; or only those of one e-mail address (any case). */
  listLeads(filter?: { email?: string }): Promise<Lead[]>;
  /** The leads a row id (42 or #42), a reference (the public id's first 8 characters, any case) or a public id names; with their takes. */
  findLeads(key: string): Promise<Lead[]>;
  /**
   * Records a take: the first one, or with `takeover` a new one over the current one (history kept). Without
   * `takeover` a lead already taken is left as it is. A take settles the lead's pending reminder and escalation
   * and queues `event` (the lead.taken webhook), all in one transaction. Resolves to whether it was recorded.
   */
  takeLead(leadId: number, take: Take & { takeover: boolean; event?: Enqueue; notice?: Enqueue }): Promise<boolean>;
  /*
   * Issue 37: outcomes, notes and history. `notice` (with takeLead) is the e-mail telling the previous holder that
   * their lead was taken over: queued only when the take replaced someone else's.
   */
  /**
   * Closes an open lead with its outcome (and a note, if given): settles its pending reminder and escalation and
   * queues `event` (the lead.closed webhook), all in one transaction. Resolves to whether it was closed (false when
   * it was closed already or does not exist).
   */
  closeLead(leadId: number, close: { outcome: Outcome; note?: string | null; actor: string; at: string; event?: Enqueue }): Promise<boolean>;
  /** Opens a closed lead again (its reminders stay settled). Resolves to whether it was closed. */
  reopenLead(leadId: number, reopen: { actor: string; at: string }): Promise<boolean>;
  /** Adds a note to a lead. Resolves to whether the lead exists. */
  addNote(leadId: number, note: { actor: string; at: string; note: string }): Promise<boolean>;
  /** A lead's takes, notes, closes and reopens, oldest first. */
  leadHistory(leadId: number): Promise<HistoryEntry[]>;
  /** The inbox: one view's leads (without deliveries), newest first, filtered by a search, at most `limit`. */
  inboxLeads(query: InboxQuery): Promise<StoredMessage[]>;
  /** The failed deliveries, the latest first, at most `limit`: each with its lead's id, reference and name (the operator's deliveries page). */
  failedDeliveries(limit: number): Promise<FailedDelivery[]>;
  /** Open leads (no outcome) not taken whose window (and twice it) has ended by `now`: a closed lead is answered, taken or not. */
  responseBacklog(now: Date): Promise<{ pastWindow: number; pastTwice: number }>;
  /**
   * The leads not taken whose two windows (the escalation's time) have ended by `now`, the longest waiting first;
   * unverified ones too (nobody is reminded of them, so this is where they are seen: during a siteverify outage
   * every lead is unverified).
   */
  overdueLeads(now: Date): Promise<OverdueLead[]>;
  /**
   * Marks an unverified lead verified (an operator vouches for it): its held reminder and escalation become due as
   * they were set. Resolves to whether it changed anything.
   */
  markVerified(leadId: number): Promise<boolean>;
  /**
   * Takes up to `limit` due deliveries of one channel for `leaseMs`, counting the attempt. `now` decides what is
   * due; the lease runs on the store's clock (PostgreSQL: the database's, the same for every instance).
   */
  claimDeliveries(channel: Channel, options: { now: Date; leaseMs: number; limit: number }): Promise<OutboxJob[]>;
  /** Records the outcome of a claimed delivery (ignored if its lease was lost to another instance): sent, or only previewed. */
  markSent(job: OutboxJob, sentAt: Date, as?: Delivered): Promise<void>;
  /** A failed attempt: tried again at `retryAt`, or with `retryAt` null given up (kept as `failed`). */
  markFailed(job: OutboxJob, error: string, retryAt: Date | null): Promise<void>;
  /** Gives claimed deliveries back untried (shutting down): due again at once for any instance, the attempt uncounted. */
  releaseDeliveries(jobs: OutboxJob[]): Promise<void>;
  /** Queues a lead's failed deliveries again, due now. Resolves to how many were queued. */
  requeueFailed(leadId: number, now: Date): Promise<number>;
  /**
   * Gives up a lead's deliveries that cannot happen as things stand (failed, only previewed, or pending for a channel
   * no instance has configured): they become `settled` and no longer keep the lead from retention. Resolves to how many.
   */
  settle(leadId: number): Promise<number>;
  /** Queues again, due now, every delivery of these channels that was only previewed (the channel is real now). Resolves to how many. */
  requeuePreviewed(channels: Channel[], now: Date): Promise<number>;
  /**
   * Sales' e-mails an earlier release recorded as `sent` when it only wrote their preview: each `lead-<id>.eml` still in
   * the preview folder whose lead's e-mail was marked sent within PREVIEW_RECORD_WINDOW_MS after the file was written
   * (the old preview's own record), and was due before the file was written, becomes `previewed`. A real delivery of a
   * preview was due only after it (queued again at a later start), so it never matches.
   * Resolves to how many.
   */
  markEarlierPreviews(previews: EarlierPreview[]): Promise<number>;
  /**
   * Every lead that has reached nobody (no delivery sent) gets the outbox rows `enqueue` makes for the channels it
   * has none for: leads accepted while a channel was missing are delivered once it is configured. Resolves to the
   * number of rows added.
   */
  queueUnreached(enqueue: () => Enqueue[], now: Date): Promise<number>;
  /**
   * Marks the pending deliveries of every channel but `configured` as waiting for a channel that is not configured
   * (their last error says so), so the operator sees why they do not move, and drops that mark from the pending
   * deliveries of `configured` (an instance without them marked them). Resolves to how many were marked.
   */
  flagUnconfigured(configured: Channel[]): Promise<number>;
  /**
   * Called once when a delivery worker starts: takes back leases that have run out (their holder died), never a
   * live one, which another running process may hold. Resolves to how many were taken back.
   */
  recoverLeases(): Promise<number>;
  /** The earliest time a pending delivery of this channel is due, or null when there is none. */
  nextDue(channel: Channel): Promise<Date | null>;
  /** Per channel, the deliveries pending, failed and sent, and the oldest pending one (metrics and `messages status`). */
  outboxStats(): Promise<OutboxStats>;
  /** A trivial query: resolves once the database answers (readiness). */
  ping(): Promise<void>;
  /**
   * Deletes leads created before `cutoff` with their outbox rows, except those with a delivery to the company still
   * pending, failed or only previewed (an operator resolves them with resend, settle or erase), and once-a-day records as old. Resolves to
   * the ids deleted and how many were kept.
   */
  deleteLeadsBefore(cutoff: Date): Promise<{ deleted: number[]; kept: number }>;
  /**
   * Deletes every lead from one e-mail address (any case) with its outbox rows, and the once-a-day record of its
   * inbox; resolves to the ids deleted. Like deleteLeadsBefore, it leaves nothing of them in the database's files
   * that the engine can clear (SQLite: secure_delete and a WAL checkpoint; PostgreSQL: VACUUM FULL).
   */
  eraseByEmail(email: string): Promise<number[]>;
  /**
   * A rate limiter counted in the store itself, shared by every instance that uses it. Only engines made for
   * several instances have one (PostgreSQL); without it each process counts in memory.
   */
  sharedRateLimiter?(options: { name: string; limit: number; windowMs?: number }): SharedRateLimiter;
  close(): Promise<void>;
}

export type SharedReservation = { ok: true; release(): Promise<void> } | { ok: false; retryAfterSeconds: number };
export type SharedRateLimiter = { reserve(key: string): Promise<SharedReservation> };

/** The last error of a pending delivery whose channel no running instance had configured when it started. */
export const CHANNEL_NOT_CONFIGURED = "channel not configured";

/** A preview file left by the e-mail channel: its lead, and when it was written (the file's modification time). */
export type EarlierPreview = { leadId: number; writtenAt: Date };
/** How long after writing a preview an earlier release recorded it as sent (at once, give or take a busy database). */
export const PREVIEW_RECORD_WINDOW_MS = 60_000;
/** A file's time may lag the clock by a tick; a preview queued again is due at a later start, well after its file. */
export const PREVIEW_DUE_SLACK_MS = 100;

/** The states in which a delivery to the company keeps its lead from retention: it may still have to be made. */
export const UNDELIVERED = "('pending', 'failed', 'previewed')";

/**
 * Reads a lead key as typed by an operator: a row id (`42`, `#42`), a reference (8 hex digits; one of only digits
 * may also be a row id, so both are looked up) or a public id; null for anything else.
 */
export function leadKey(text: string): { id?: number; reference?: string; publicId?: string } | null {
  const raw = text.trim();
  const key = raw.replace(/^#/, "");
  const id = /^[1-9]\d{0,15}$/.test(key) && Number.isSafeInteger(Number(key)) ? Number(key) : undefined;
  if (raw.startsWith("#")) return id === undefined ? null : { id };
  if (/^[0-9a-f]{8}$/i.test(key)) return { id, reference: key.toLowerCase() };
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) return { publicId: key.toLowerCase() };
  return id === undefined ? null : { id };
}

export const DEFAULT_DATABASE_URL = "file:./data/messages.db";
