import type { OutboxJob, StoredMessage } from "../db/store";
import { sourceSummary } from "./lead-text";
import { DeliveryError } from "./outcome";
import { retryAfterMs } from "./webhook";

/*
 * The team chat alert (LEADS_CHAT_WEBHOOK_URL): a Slack-compatible incoming webhook, which Mattermost and
 * Discord's /slack endpoints accept too. Visitor text is escaped for Slack's markup, so `<!channel>`,
 * `<@U123>` or `<https://x|label>` typed into the form arrive as plain text, never as mentions or links;
 * an `@` typed by a visitor is followed by a word joiner, so Mattermost's and Discord's @channel/@everyone
 * mentions do not fire either. Mattermost and Discord also render Markdown, where `[label](url)` is a
 * disguised link and `![](url)` an image every reader's client fetches: an invisible word joiner (U+2060)
 * splits each construct a link, an image or a code fence needs, so all of them show as the text typed.
 */

const JOINER = "\u2060";

export const CHAT_MESSAGE_CHARS = 300;

/**
 * Visitor text made inert: Slack's three control characters escaped (its documented rule), mentions broken, and
 * Markdown's links, images, link definitions (`](`, `][`, `]:`), autolinks (`scheme://`, `<scheme:`, `www.`) and
 * code fences (backticks and tildes) split by a word joiner. The text reads the same in every client.
 */
export function escapeChat(value: string): string {
  return value
    .replace(/[&<>]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[char] ?? char)
    .replace(/@/g, `@${JOINER}`)
    .replace(/\]([([:])/g, `]${JOINER}$1`)
    // A scheme followed by a joiner is no scheme: neither a bare URL nor an <autolink> once a client decodes &lt;.
    .replace(/([a-z][a-z0-9+.-]*):\/\//gi, `$1${JOINER}://`)
    .replace(/&lt;([a-z][a-z0-9+.-]*):/gi, `&lt;$1${JOINER}:`)
    .replace(/\bwww\./gi, (www) => `${www.slice(0, 3)}${JOINER}.`)
    // Backticks and tildes both open code fences (CommonMark); a joiner after each leaves no run of three.
    .replace(/[`~]/g, (mark) => `${mark}${JOINER}`);
}

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

export function chatText(lead: StoredMessage, takeLink?: string): string {
  const who = escapeChat(oneLine(`${lead.firstName} ${lead.lastName}`));
  const company = lead.company ? ` (${escapeChat(oneLine(lead.company))})` : "";
  const flag = lead.verification === "verified" ? "" : " [unverified reCAPTCHA]";
  const chars = [...lead.message];
  const excerpt = chars.length > CHAT_MESSAGE_CHARS ? `${chars.slice(0, CHAT_MESSAGE_CHARS).join("").trimEnd()}…` : lead.message;
  const quoted = escapeChat(excerpt)
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  // The link is ours (SITE_URL and a token of URL-safe characters): Slack's <url|label> form, never visitor text.
  const take = takeLink ? [`<${takeLink}|Take this lead>`] : [];
  return [`New lead #${lead.id} from *${who}*${company}${flag}`, quoted, `Source: ${escapeChat(sourceSummary(lead.source))}`, ...take].join("\n");
}

/** The JSON body: `text` is all a Slack-compatible endpoint needs; link previews off (no visitor URL is fetched). */
export function chatBody(lead: StoredMessage, takeLink?: string) {
  return { text: chatText(lead, takeLink), unfurl_links: false, unfurl_media: false };
}

/** POSTs a chat message's body; the outcomes of a Slack-compatible webhook. */
export async function postChat(url: string, body: object, signal?: AbortSignal) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": "lead-chat-alert" },
    body: JSON.stringify(body),
    redirect: "manual",
    signal,
  });
  await response.body?.cancel();
  if (response.status >= 200 && response.status <= 299) return;
  if (response.status === 410) throw new DeliveryError("endpoint gone (chat webhook answered HTTP 410)", { permanent: true });
  throw new DeliveryError(`chat webhook answered HTTP ${response.status}`, { retryAfterMs: retryAfterMs(response.headers.get("retry-after")) });
}

export function chatSender(url: string, takeLink?: (lead: StoredMessage) => string) {
  // The same outcomes as the lead webhook (postChat): 2xx sent, 410 gone for good, anything else retried (honouring Retry-After).
  return (job: OutboxJob, signal?: AbortSignal) => postChat(url, chatBody(job.lead, takeLink?.(job.lead)), signal);
}
