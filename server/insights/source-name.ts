/*
 * Where a visit (or its lead) came from, as marketing reads it (issue 36 item 1, decision 37): the utm_source
 * the link carried (or its `ref`/`source`, which the page sends as utm_source) if any, else the external
 * referrer's site, else "Direct" (typed, bookmarked, or a link that says nothing). A site is its host without
 * scheme, port and `www.`; a utm_source is taken lower-cased; the big sites are one name each, whatever country
 * domain or subdomain they came from and whatever a link calls them.
 */

export const DIRECT = "Direct";

/** The big sites: a name, the hosts that are it (a host or any subdomain of it), and what links call it in utm_source. */
const SITES: {
  name: string;
  hosts: string[];
  utm?: string[];
  googleLike?: boolean;
}[] = [
  {
    name: "Google",
    hosts: ["google.com"],
    utm: ["google", "adwords", "googleads", "google-ads", "gads"],
    googleLike: true,
  },
  { name: "Bing", hosts: ["bing.com"], utm: ["bing", "microsoft", "msn"] },
  { name: "DuckDuckGo", hosts: ["duckduckgo.com"], utm: ["duckduckgo", "ddg"] },
  {
    name: "Yahoo",
    hosts: ["yahoo.com", "yahoo.co.jp"],
    utm: ["yahoo"],
    googleLike: true,
  },
  { name: "Ecosia", hosts: ["ecosia.org"], utm: ["ecosia"] },
  { name: "Baidu", hosts: ["baidu.com"], utm: ["baidu"] },
  {
    name: "Yandex",
    hosts: ["yandex.ru", "yandex.com", "ya.ru"],
    utm: ["yandex"],
    googleLike: true,
  },
  {
    name: "LinkedIn",
    hosts: ["linkedin.com", "lnkd.in"],
    utm: ["linkedin", "lnkd"],
  },
  {
    name: "Facebook",
    hosts: ["facebook.com", "fb.com", "fb.me"],
    utm: ["facebook", "fb"],
  },
  { name: "Instagram", hosts: ["instagram.com"], utm: ["instagram", "ig"] },
  {
    name: "X (Twitter)",
    hosts: ["x.com", "twitter.com", "t.co"],
    utm: ["x", "twitter"],
  },
  { name: "Reddit", hosts: ["reddit.com", "redd.it"], utm: ["reddit"] },
  {
    name: "YouTube",
    hosts: ["youtube.com", "youtu.be"],
    utm: ["youtube", "yt"],
  },
  { name: "GitHub", hosts: ["github.com"], utm: ["github"] },
  {
    name: "ChatGPT",
    hosts: ["chatgpt.com", "chat.openai.com"],
    utm: ["chatgpt", "chatgpt.com", "openai"],
  },
  { name: "Perplexity", hosts: ["perplexity.ai"], utm: ["perplexity"] },
];

const byUtm = new Map(SITES.flatMap((site) => (site.utm ?? []).map((value) => [value, site.name] as const)));

/** A host's big-site name, or undefined. `google.de`, `www.google.co.uk`, `m.facebook.com`, `lnkd.in` all match. */
function siteOfHost(host: string): string | undefined {
  for (const site of SITES) {
    if (site.hosts.some((known) => host === known || host.endsWith(`.${known}`))) return site.name;
    // Country domains: google.de, google.co.uk, google.com.br (the name's first label, then only a country's labels).
    if (site.googleLike) {
      const label = site.hosts[0]!.split(".")[0]!;
      const match = new RegExp(`(?:^|\\.)${label}\\.((?:com?\\.)?[a-z]{2,3})$`).exec(host);
      if (match) return site.name;
    }
  }
  return undefined;
}

/** A referrer (a URL or an origin) as a site: its host in lower case without `www.` and port; null when it is not http(s). */
export function referrerHost(referrer: string): string | null {
  try {
    const url = new URL(referrer);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return (
      url.hostname
        .toLowerCase()
        .replace(/^www\./, "")
        .replace(/\.$/, "") || null
    );
  } catch {
    return null;
  }
}

/**
 * The source a visit or lead is counted under. A utm_source wins over the referrer (a campaign link opened from
 * webmail or a chat app has none); "Direct" only when there is neither.
 */
export function sourceName({ utmSource, referrer }: { utmSource?: string | null; referrer?: string | null }): string {
  const utm = utmSource?.trim().toLowerCase();
  if (utm) {
    const known = byUtm.get(utm);
    if (known) return known;
    // A utm_source written as a site ("www.google.com", "https://news.example.org/") is that site; only a plain
    // host (with a path at most) is read so, never "user@host" or anything a URL parser would take apart.
    if (/^(?:https?:\/\/)?[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?(?:\/\S*)?$/.test(utm)) {
      const host = referrerHost(/^https?:\/\//.test(utm) ? utm : `https://${utm}`);
      if (host) return siteOfHost(host) ?? host;
    }
    return utm;
  }
  const host = referrer ? referrerHost(referrer) : null;
  if (host) return siteOfHost(host) ?? host;
  return DIRECT;
}
