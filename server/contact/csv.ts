/*
 * CSV for spreadsheets (RFC 4180), safe to open in Excel, LibreOffice and Google Sheets although a visitor
 * controls every cell:
 * - every field is quoted, so no reader re-splits it on a comma or trims it;
 * - a formula starter (= + - @ tab CR) at the start of a field gets a leading apostrophe (OWASP "CSV
 *   injection"), and so does one right after a `;` or a tab, since spreadsheets in locales that split on
 *   those would start a new cell there;
 * - bidi embedding/override/isolate controls (U+202A–U+202E, U+2066–U+2069) are removed, so a cell cannot
 *   reverse how its neighbours or its own text read ("Trojan Source" in a spreadsheet); removed first, so a
 *   formula hidden behind one is still caught;
 * - the file starts with a UTF-8 byte order mark, without which Excel reads UTF-8 as a legacy code page.
 */
export const BOM = "\ufeff";

const bidiControls = /[\u202a-\u202e\u2066-\u2069]/g;
const formulaStart = /(?<=^|[;\t])(?=[=+\-@\t\r])/g;

export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return `"${text.replace(bidiControls, "").replace(formulaStart, "'").replaceAll('"', '""')}"`;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return BOM + [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
