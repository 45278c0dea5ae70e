/*
 * Accept-Encoding negotiation (RFC 9110 §12.5.3) for the precompressed twins of a static file: q-values count,
 * so `br;q=0` means "never brotli" (a proxy that cannot handle it says so), and `*` stands for codings not named.
 */
export type Encoding = "br" | "gzip";

function weights(header: string): Map<string, number> {
  const map = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q=([0-9.]+)$/i.exec(param);
      if (match) q = Math.min(1, Math.max(0, Number(match[1]) || 0));
    }
    map.set(name.toLowerCase(), q);
  }
  return map;
}

/** The best of the encodings we `have` that the client accepts, brotli first on a tie; undefined for identity. */
export function pickEncoding(header: string | undefined, have: Encoding[]): Encoding | undefined {
  if (!header) return undefined;
  const accepted = weights(header);
  const wildcard = accepted.get("*") ?? 0;
  let best: Encoding | undefined;
  let bestQ = 0;
  for (const encoding of (["br", "gzip"] as const).filter((name) => have.includes(name))) {
    const q = accepted.get(encoding) ?? (encoding === "gzip" ? accepted.get("x-gzip") : undefined) ?? wildcard;
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

/** Does If-None-Match name this ETag (weak comparison, `*` matches any)? */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
