import type { Device } from "../db/store";

/*
 * The device class a lead keeps in place of its user agent (phone, tablet, desktop: the classes visit counts
 * use), read from the user agent at arrival; the user agent itself is never stored.
 */
export function deviceClass(userAgent: string | undefined): Device | null {
  if (!userAgent) return null;
  // iPadOS says "Macintosh" like a Mac: that tablet reads as a desktop, as its pages do at desktop widths.
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "phone";
  return "desktop";
}
