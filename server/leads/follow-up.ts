import type { SendMailOptions } from "nodemailer";
import type { OutboxJob, Store, StoredMessage } from "../db/store";
import { escapeChat, postChat } from "../delivery/chat";
import { escapeHtml, firstMessageId, leadSubject, oneLine, takeButton, type EmailSettings } from "../delivery/email";
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
    "Opening the link changes nothing; the page asks for your name. Replying to this e-mail writes to the visitor.",
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

/** Whether the lead has been taken since the job was claimed (a take settles its pending follow-ups, but one may be under way). */
async function takenNow(store: Pick<Store, "findLeads">, job: OutboxJob): Promise<boolean> {
  if (job.lead.takenAt) return true;
  const [lead] = await store.findLeads(String(job.lead.id));
  return !lead || Boolean(lead.takenAt);
}

type Send = (job: OutboxJob, signal: AbortSignal) => Promise<void | "previewed" | "settled">;

/** A reminder or escalation sender: nothing for a lead taken meanwhile, else the channel's own sender. */
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
