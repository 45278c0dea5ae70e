/*
 * The one cleaning of every attribution value (utm_*, referrer, paths) of visits and leads alike, on the page,
 * in the contact API and in the visit ingest: every control character (Unicode Cc: C0, DEL, C1) and every format
 * character (Unicode Cf: among them the bidi embeddings, overrides, isolates and marks U+202A–U+202E,
 * U+2066–U+2069, U+200E–U+200F, the zero-width U+200B–U+200D and U+FEFF, and the invisible tag characters) is
 * removed, so no value can reverse or hide text in the e-mails, chat alerts and terminals that show it. Then
 * trimmed and cut. (One short class: the page's first load carries it.)
 */
const HIDDEN = /[\p{Cc}\p{Cf}]/gu;

export const cleanAttribution = (value: string, max: number): string => value.replace(HIDDEN, "").trim().slice(0, max);
