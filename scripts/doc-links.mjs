// Links and heading anchors of the project's Markdown, as GitHub renders them (used by doc-links.test.ts).

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(markdown) {
  const lines = [];
  let fence = null;
  markdown.split("\n").forEach((text, index) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(text);
    if (marker) {
      if (fence === null) fence = marker[1][0];
      else if (marker[1][0] === fence) fence = null;
      return;
    }
    if (fence === null) lines.push({ text, line: index + 1 });
  });
  return lines;
}

/**
 * GitHub's anchor for a heading: the rendered text (markup and link targets dropped), lower case, every character
 * but letters, digits, spaces, hyphens and underscores removed, spaces turned into hyphens.
 */
export function slugify(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, "$2");
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every heading anchor of a document; a repeated heading gets -1, -2… as on GitHub. */
export function headingSlugs(markdown) {
  const slugs = new Set();
  const seen = new Map();
  for (const { text } of proseLines(markdown)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (!heading) continue;
    const base = slugify(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count ? `${base}-${count}` : base);
  }
  return slugs;
}

/** Inline links and images `[text](target)` outside code, with their line numbers. */
export function markdownLinks(markdown) {
  const links = [];
  for (const { text, line } of proseLines(markdown)) {
    const prose = text.replace(/(`+)[\s\S]*?\1/g, "");
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: match[1], line });
  }
  return links;
}
