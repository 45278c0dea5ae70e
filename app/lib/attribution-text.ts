/*
 * The one cleaning of every attribution value (utm_*, referrer, paths) of visits and leads alike, on the page,
 * in the contact API and in the visit ingest: control characters (C0, DEL, C1), bidi embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069) and zero-width characters (U+200B–U+200D, U+FEFF) are removed, so no
 * value can reverse or hide text in the e-mails, chat alerts and terminals that show it. Then trimmed and cut.
 */
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\0-\x1f\x7f-\x9f\u200b-\u200d\u202a-\u202e\u2066-\u2069\ufeff]/g;

export const cleanAttribution = (value: string, max: number): string => value.replace(HIDDEN, "").trim().slice(0, max);
