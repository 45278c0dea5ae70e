/*
 * Text a visitor wrote, made safe to print on an operator's terminal: control characters (C0, DEL, C1) become
 * visible escapes such as \x1b, so a name holding ESC[2J cannot clear, repaint or retitle the screen, and a CR
 * cannot overwrite a line with something else. Bidirectional overrides (U+202A-U+202E, U+2066-U+2069) are made
 * visible too, since they can make a line read differently from what it holds. New lines stay new lines only
 * where a field may have several (`multiline`), and tabs there too.
 */
const unsafe = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

const escape = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  if (char === "\n") return "\\n";
  if (char === "\r") return "\\r";
  if (char === "\t") return "\\t";
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
};

export function visible(text: string, { multiline = false }: { multiline?: boolean } = {}): string {
  return text.replace(unsafe, (char) => (multiline && (char === "\n" || char === "\t") ? char : escape(char)));
}

/** The same record with every string field made visible; `multiline` names the fields that keep line breaks. */
export function visibleFields<T extends object>(record: T, multiline: (keyof T)[] = []): T {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, typeof value === "string" ? visible(value, { multiline: multiline.includes(key as keyof T) }) : value]),
  ) as T;
}
