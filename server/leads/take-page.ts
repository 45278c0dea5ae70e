import { createHash } from "node:crypto";
import { site } from "~/config/site";
import type { Lead } from "../db/store";
import { escapeHtml } from "../delivery/email";
import { formatReceived, leadReference } from "../delivery/lead-text";
import { formatMinutes } from "./follow-up";

/*
 * The "take this lead" page: server-rendered HTML with no script, readable without JavaScript, in the site's
 * colours (an inline style allowed by its hash; nothing else may load). It shows the lead's reference, company,
 * time received and who has it, never the message or the visitor's address: a forwarded link leaks nothing more.
 */

export const NAME_MAX_CHARS = 80;

const STYLE = `
:root{color-scheme:light;--brand:oklch(48% 0.19 258);--brand-dark:oklch(41% 0.17 260);--brand-soft:oklch(97% 0.02 250);--ink:oklch(22% 0.03 260);--muted:oklch(45% 0.03 260)}
*{box-sizing:border-box}
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;color:var(--ink);background:#fff;line-height:1.5;-webkit-text-size-adjust:100%}
header{border-bottom:1px solid oklch(93% 0.04 250);padding:1rem 1.25rem}
header a{color:var(--ink);font-weight:700;font-size:1.125rem;text-decoration:none}
main{max-width:36rem;margin:0 auto;padding:2rem 1.25rem 3rem}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 1.25rem;color:oklch(26% 0.09 264)}
h2{font-size:1.125rem;margin:2rem 0 .5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1rem;margin:0 0 1.5rem;padding:1rem 1.25rem;background:var(--brand-soft);border-radius:.75rem}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.notice{padding:.75rem 1rem;border-radius:.5rem;border:1px solid var(--brand);background:var(--brand-soft);margin:0 0 1.25rem}
.error{color:oklch(45% 0.19 25);font-weight:600;margin:.25rem 0 0}
label{display:block;font-weight:600;margin-bottom:.25rem}
input[type=text]{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid var(--muted);border-radius:.5rem;min-height:44px}
input[aria-invalid=true]{border-color:oklch(45% 0.19 25)}
button{margin-top:1rem;font:inherit;font-weight:600;color:#fff;background:var(--brand);border:0;border-radius:.5rem;padding:.75rem 1.25rem;min-height:44px;cursor:pointer}
button:hover{background:var(--brand-dark)}
:focus-visible{outline:3px solid oklch(52% 0.11 195);outline-offset:2px}
ol{padding-left:1.25rem}
footer{color:var(--muted);font-size:.875rem;padding:1rem 1.25rem;border-top:1px solid oklch(93% 0.04 250)}
`.trim();

const STYLE_HASH = `'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`;

/** The page's policy: its own inline style, nothing else loads or runs, and forms post only here. */
export const TAKE_PAGE_POLICY = `default-src 'none'; style-src ${STYLE_HASH}; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)} | ${escapeHtml(site.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><a href="/">${escapeHtml(site.name)}</a></header>
<main>
${body}
</main>
<footer>${escapeHtml(site.legalName)}: for the sales team. Opening this page changes nothing.</footer>
</body>
</html>
`;
}

/** The one answer for an unknown, erased, tampered or truncated link: nothing tells them apart. */
export const notFoundPage = () =>
  layout(
    "Lead not found",
    `<h1>Lead not found</h1>
<p>This link does not lead to a lead. It may have been mistyped or cut short, or the lead has been deleted.</p>
<p>Check the link in the e-mail or chat message, or ask whoever sent it.</p>`,
  );

export const refusedPage = () =>
  layout(
    "Not taken",
    `<h1>Not taken</h1>
<p>The form was sent from another site, so nothing was changed. Open the link from the e-mail or chat message and take the lead there.</p>`,
  );

export type PageState = {
  lead: Lead;
  timeZone: string;
  /** The business time from the lead to its first take. */
  businessMinutesToTake?: number | null;
  notice?: string;
  error?: string;
  name?: string;
};

export function takePage({ lead, timeZone, businessMinutesToTake, notice, error, name = "" }: PageState): string {
  const taken = Boolean(lead.takenBy && lead.takenAt);
  const when = (iso: string | null | undefined) => (iso ? formatReceived(iso, timeZone) : "");
  const rows: [string, string][] = [
    ["Reference", leadReference(lead) || "none"],
    ["Company", lead.company || "(not given)"],
    ["Received", when(lead.createdAt)],
    ...(lead.respondBy ? ([["Respond by", when(lead.respondBy)]] as [string, string][]) : []),
    ["Taken by", taken ? `${lead.takenBy} (${when(lead.takenAt)})` : "Nobody yet"],
    ...(businessMinutesToTake != null ? ([["Taken after", `${formatMinutes(businessMinutesToTake)} of business hours`]] as [string, string][]) : []),
  ];
  const history = (lead.takes ?? []).length > 1
    ? `<h2>History</h2>
<ol>${(lead.takes ?? []).map((take) => `<li>${escapeHtml(take.takenBy)}, ${escapeHtml(when(take.takenAt))}</li>`).join("")}</ol>`
    : "";
  const errorId = "name-error";
  const form = `<form method="post">
<label for="name">Your name</label>
<input type="text" id="name" name="name" required maxlength="${NAME_MAX_CHARS}" autocomplete="name" value="${escapeHtml(name)}"${error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ""}>
${error ? `<p class="error" id="${errorId}">${escapeHtml(error)}</p>` : ""}
<button type="submit" name="action" value="${taken ? "takeover" : "take"}">${taken ? "Take it over" : "Take this lead"}</button>
</form>`;
  const intro = taken
    ? `<p>This lead is taken. If you are answering it instead, take it over: the history is kept.</p>`
    : `<p>Take this lead if you are answering it, so the others know and no reminder goes out.</p>`;
  return layout(
    "Take this lead",
    `<h1>Take this lead</h1>
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ""}
<dl>${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join("")}</dl>
${intro}
${form}
${history}`,
  );
}

/**
 * A name as typed, made safe to show and store: one line, no control or formatting characters (bidi overrides,
 * zero-width marks), spaces collapsed. Null when nothing is left or it is longer than NAME_MAX_CHARS.
 */
export function cleanName(raw: unknown): { ok: true; name: string } | { ok: false; error: string } {
  const name = String(typeof raw === "string" ? raw : "")
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!name) return { ok: false, error: "Enter your name, so the others know who has the lead." };
  if ([...name].length > NAME_MAX_CHARS) return { ok: false, error: `Your name can be at most ${NAME_MAX_CHARS} characters.` };
  return { ok: true, name };
}
