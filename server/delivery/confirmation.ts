import type { SendMailOptions } from "nodemailer";
import { site } from "~/config/site";
import { home } from "~/content/home";
import type { StoredMessage } from "../db/store";
import { escapeHtml, type EmailSettings } from "./email";
import { formatReceived, leadReference } from "./lead-text";

/*
 * The visitor's confirmation (LEADS_CONFIRMATION=on): thanks, when the message arrived, its reference (from the public id),
 * when to expect an answer, and the company's contact details. Nothing the visitor typed goes into it, not even
 * their name: the form cannot be used to send someone else a text of one's choosing. Queued only for verified
 * leads, at most once a day per address (the store's rule), and marked as an automatic reply.
 */

export type ConfirmationCopy = (typeof home)["contact"]["confirmationEmail"];

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The paragraphs of the confirmation, each a list of lines, from the content's copy and the site's contact details. */
export function confirmationParagraphs(lead: StoredMessage, timeZone: string, copy: ConfirmationCopy = home.contact.confirmationEmail): string[][] {
  const values = { reference: leadReference(lead), received: formatReceived(lead.createdAt, timeZone) };
  return [
    [copy.greeting],
    [fill(copy.received, values)],
    [fill(copy.reference, values)],
    [copy.contact, ...site.emails.map((email) => `E-mail: ${email}`), `Phone: ${site.phone.display}`, `Offices: ${site.offices.join(", ")}`],
    [copy.notYou],
    [copy.signOff, site.legalName],
  ];
}

/**
 * To the visitor's address alone, from LEADS_NOTIFY_FROM, replies going to the one public address of
 * LEADS_REPLY_TO (the site's sales e-mail by default): anyone can type any address into the form, so the
 * internal recipients of LEADS_NOTIFY_TO are never shown to it.
 * `Auto-Submitted: auto-replied` (RFC 3834) keeps well-behaved systems from answering it in turn.
 */
export function composeConfirmationEmail(lead: StoredMessage, messageId: string, settings: EmailSettings): SendMailOptions {
  const copy = home.contact.confirmationEmail;
  const paragraphs = confirmationParagraphs(lead, settings.timeZone ?? "UTC", copy);
  return {
    from: settings.from,
    // An address object, never a string nodemailer would parse as a list.
    to: { name: "", address: lead.email },
    replyTo: settings.replyTo ?? site.salesEmail,
    subject: fill(copy.subject, { reference: leadReference(lead) }),
    messageId,
    headers: { "Auto-Submitted": "auto-replied", "X-Auto-Response-Suppress": "All", "X-Lead-Reference": leadReference(lead) },
    text: `${paragraphs.map((lines) => lines.join("\n")).join("\n\n")}\n`,
    // Plain HTML: no images, no tracking pixels, no links that report back.
    html: paragraphs.map((lines) => `<p>${lines.map(escapeHtml).join("<br>")}</p>`).join(""),
  };
}
