import type { SendMailOptions } from "nodemailer";
import type { Lead, OutboxJob, Store, StoredMessage } from "../db/store";
import { escapeChat, postChat } from "../delivery/chat";
import { escapeHtml, firstMessageId, leadSubject, linkNote, oneLine, takeButton, type EmailSettings } from "../delivery/email";
import { formatReceived, leadReference } from "../delivery/lead-text";
import { businessMsBetween, type Calendar } from "./business-hours";

/*
 * What a lead not yet taken brings (issue 31): one reminder on sales' channels when its response window ends, one
 * escalation e-mail at twice the window, and for every take the lead.taken webhook. Each is an outbox row written
 * with the lead (the take's event with the take), due at its time, so it is sent once across instances and kept
 * across restarts. A reminder or escalation whose lead was taken meanwhile sends nothing ("settled").
 */

export type FollowUpSettings = {
  /** The lead's "take this lead" link. */
  takeLink: (lead: StoredMessage) => string;
  /** The response window in business minutes (SALES_RESPONSE_MINUTES). */
  windowMinutes: number;
  calendar: Calendar;
};

/** "2 h", "1 h 30 min", "45 min": a business duration as sales read it. */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

type Kind = "reminder" | "escalation";

function followUpEmail(kind: Kind, lead: StoredMessage, messageId: string, settings: EmailSettings & FollowUpSettings): SendMailOptions {
  const timeZone = settings.timeZone ?? "UTC";
  const link = settings.takeLink(lead);
  const windows = kind === "reminder" ? 1 : 2;
  const window = formatMinutes(settings.windowMinutes * windows);
  const intro =
    kind === "reminder"
      ? `Nobody has taken this lead within ${window} of business hours. If you are answering it, take it, so the others know.`
      : `Nobody has taken this lead within ${window} of business hours, twice its response window (the team was reminded at the end of the first).`;
  // Everything needed to answer without looking the lead up: who, where to write, what they asked.
  const fields: [string, string][] = [
    ["Name", `${lead.firstName} ${lead.lastName}`],
    ["Email", lead.email],
    ["Company", lead.company || "(not given)"],
    ["Reference", leadReference(lead) || "none"],
    ["Lead", `#${lead.id}`],
    ["Received", formatReceived(lead.createdAt, timeZone)],
    [kind === "reminder" ? "Due" : "Due (twice the window)", formatReceived((kind === "reminder" ? lead.respondBy : lead.escalateBy) ?? lead.createdAt, timeZone)],
  ];
  const text = [
    `Take this lead: ${link}`,
    "",
    intro,
    "",
    ...fields.map(([label, value]) => `${label}: ${oneLine(value)}`),
    "",
    "Message:",
    lead.message,
    "",
    `${linkNote(link)} Replying to this e-mail writes to the visitor.`,
    "",
  ].join("\n");
  const html = [
    takeButton(link),
    `<p>${escapeHtml(intro)}</p>`,
    `<table>${fields.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(oneLine(value))}</td></tr>`).join("")}</table>`,
    `<p><strong>Message:</strong></p><p style="white-space:pre-wrap">${escapeHtml(lead.message)}</p>`,
    "<p>Replying to this e-mail writes to the visitor.</p>",
  ].join("");
  // A reply to sales' first e-mail about the lead: it threads under it in every client (In-Reply-To, References),
  // and a reply goes to the visitor, as the first e-mail's does.
  const first = firstMessageId(messageId);
  return {
    from: settings.from,
    to: settings.to,
    replyTo: { name: oneLine(`${lead.firstName} ${lead.lastName}`), address: lead.email },
    subject: `${kind === "reminder" ? "Not yet taken" : "Still not taken (escalation)"}: ${leadSubject(lead)}`,
    messageId,
    ...(first ? { inReplyTo: first, references: [first] } : {}),
    headers: { "X-Lead-Id": String(lead.id) },
    text,
    html,
  };
}

export const composeReminderEmail = (settings: FollowUpSettings) => (lead: StoredMessage, messageId: string, email: EmailSettings) =>
  followUpEmail("reminder", lead, messageId, { ...email, ...settings });
export const composeEscalationEmail = (settings: FollowUpSettings) => (lead: StoredMessage, messageId: string, email: EmailSettings) =>
  followUpEmail("escalation", lead, messageId, { ...email, ...settings });

export function reminderChatText(lead: StoredMessage, settings: FollowUpSettings, timeZone: string): string {
  const who = escapeChat(oneLine(`${lead.firstName} ${lead.lastName}`));
  const company = lead.company ? ` (${escapeChat(oneLine(lead.company))})` : "";
  return [
    `Not yet taken: lead #${lead.id} ${leadReference(lead)} from *${who}*${company}, received ${formatReceived(lead.createdAt, timeZone)}`,
    `Nobody has taken it within ${formatMinutes(settings.windowMinutes)} of business hours. <${settings.takeLink(lead)}|Take this lead>`,
  ].join("\n");
}

/**
 * Whether the lead has been taken or closed since the job was claimed (a take or a close settles its pending
 * follow-ups, but one may be under way). A closed lead is answered, taken or not: nobody is chased about it.
 */
async function takenNow(store: Pick<Store, "findLeads">, job: OutboxJob): Promise<boolean> {
  if (job.lead.takenAt || job.lead.outcome) return true;
  const [lead] = await store.findLeads(String(job.lead.id));
  return !lead || Boolean(lead.takenAt) || Boolean(lead.outcome);
}

type Send = (job: OutboxJob, signal: AbortSignal) => Promise<void | "previewed" | "settled">;

/** A reminder or escalation sender: nothing for a lead taken or closed meanwhile, else the channel's own sender. */
export function unlessTaken(store: Pick<Store, "findLeads">, send: ((job: OutboxJob, signal: AbortSignal) => Promise<void | "previewed">) & { close?(): void }): Send & { close?(): void } {
  // The sender's close goes with it: its SMTP pool is closed at shutdown like the others'.
  return Object.assign(async (job: OutboxJob, signal: AbortSignal) => ((await takenNow(store, job)) ? "settled" : send(job, signal)), { close: send.close });
}

export function reminderChatSender(url: string, settings: FollowUpSettings, timeZone: string) {
  return (job: OutboxJob, signal?: AbortSignal) => postChat(url, { text: reminderChatText(job.lead, settings, timeZone), unfurl_links: false, unfurl_media: false }, signal);
}

/**
 * The lead.taken event (Standard Webhooks, like lead.created): who has the lead now and since when, every take so
 * far, and the business time to the first take. No visitor data: a CRM joins it to lead.created by `id`.
 * Made when it is sent, from the latest take (one row per lead, made due again by each take): two takes before a
 * send give one event, sequence 2. `sequence` is the number of takes so far, so a CRM receiving events out of order
 * (a retry after a later take) keeps the highest and discards the rest.
 */
export async function takeEventBody(store: Pick<Store, "findLeads">, job: OutboxJob, calendar: Calendar) {
  const [lead] = await store.findLeads(String(job.lead.id));
  const takes = lead?.takes ?? [];
  const current = takes.at(-1);
  const first = lead?.firstTakenAt ?? current?.takenAt;
  return {
    type: "lead.taken",
    timestamp: current?.takenAt ?? new Date().toISOString(),
    data: {
      id: job.lead.id,
      reference: leadReference(job.lead),
      takenBy: current?.takenBy ?? null,
      takenAt: current?.takenAt ?? null,
      sequence: takes.length,
      takeover: takes.length > 1,
      takes,
      businessSecondsToTake: first ? Math.round(businessMsBetween(new Date(job.lead.createdAt), new Date(first), calendar) / 1000) : null,
    },
  };
}

/**
 * The lead.closed event (issue 37; Standard Webhooks, like lead.taken): the outcome, who closed the lead and when,
 * and who held it. No visitor data and no note (a note may quote the visitor). Made when it is sent, from the latest
 * close (one row per lead, made due again by each close); `sequence` counts the closes so far, so a CRM receiving
 * events out of order keeps the highest. `open` says the lead has been reopened since.
 */
export async function closeEventBody(store: Pick<Store, "findLeads" | "leadHistory">, job: OutboxJob) {
  const [lead] = await store.findLeads(String(job.lead.id));
  const closes = (await store.leadHistory(job.lead.id)).filter((entry) => entry.kind === "close");
  const last = closes.at(-1);
  return {
    type: "lead.closed",
    timestamp: last?.at ?? new Date().toISOString(),
    data: {
      id: job.lead.id,
      reference: leadReference(job.lead),
      outcome: last?.outcome ?? null,
      closedBy: last?.actor ?? null,
      closedAt: last?.at ?? null,
      takenBy: lead?.takenBy ?? null,
      sequence: closes.length,
      open: !lead?.outcome,
    },
  };
}

const EMAIL_ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;

/**
 * Sends the take-over notice (issue 37) to the previous holder, read from the lead's takes when it is sent: nothing
 * ("settled") when the holder before the latest take is not a member of staff (on the staff list when it is sent),
 * or is the holder now. A holder's text may be anything typed on the old take page or given to
 * `npm run messages -- take … as …`: looking like an address is not enough to be mailed the visitor's name.
 * With two take-overs before a send, the holder just before the latest is told.
 */
export function takeoverNoticeSender(
  store: Pick<Store, "findLeads">,
  isStaff: (email: string) => Promise<boolean>,
  send: ((job: OutboxJob, signal: AbortSignal) => Promise<void | "previewed">) & { close?(): void },
): Send & { close?(): void } {
  return Object.assign(
    async (job: OutboxJob, signal: AbortSignal) => {
      const [lead] = await store.findLeads(String(job.lead.id));
      const takes = lead?.takes ?? [];
      const previous = takes.at(-2)?.takenBy;
      if (!lead || !previous || !EMAIL_ADDRESS.test(previous) || previous.toLowerCase() === takes.at(-1)?.takenBy.toLowerCase()) return "settled" as const;
      if (!(await isStaff(previous))) return "settled" as const;
      return send({ ...job, lead }, signal);
    },
    { close: send.close },
  );
}

/** The take-over notice: "your lead was taken over by X", to the previous holder, with the lead's link. */
export const composeTakeoverNotice = (link: (lead: StoredMessage) => string) => (lead: StoredMessage, messageId: string, settings: EmailSettings) => {
  const takes = (lead as Lead).takes ?? [];
  const previous = takes.at(-2)?.takenBy ?? "";
  const current = takes.at(-1);
  const timeZone = settings.timeZone ?? "UTC";
  const reference = leadReference(lead);
  const who = oneLine(`${lead.firstName} ${lead.lastName}`);
  const by = oneLine(current?.takenBy ?? "someone");
  const when = current ? formatReceived(current.takenAt, timeZone) : "";
  const url = link(lead);
  const intro = `Your lead ${reference} (${who}${lead.company ? `, ${oneLine(lead.company)}` : ""}) was taken over by ${by} on ${when}. It is theirs now: you need do nothing more about it.`;
  return {
    from: settings.from,
    to: previous,
    subject: `Your lead ${reference} was taken over by ${by}`,
    messageId,
    headers: { "X-Lead-Id": String(lead.id) },
    text: [intro, "", `The lead: ${url}`, ""].join("\n"),
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">Open the lead</a></p>`,
  };
};
