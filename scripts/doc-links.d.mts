export function slugify(heading: string): string;
export function headingSlugs(markdown: string): Set<string>;
export function markdownLinks(markdown: string): { target: string; line: number }[];
