/*
 * An enhancement (lead attribution, toasts, the scroll manager, the captcha loader, the popover wiring) only
 * improves a page that is already whole in its prerendered HTML. When one fails, in a browser that blocks
 * storage, lacks an API or has an extension in the way, it is logged here and skipped: the page stays.
 */
export function reportSkipped(name: string, error: unknown): void {
  console.warn(`${name} failed and was skipped; the page works without it.`, error);
}
