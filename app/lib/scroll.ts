// Section scrolling as the spec fixes it: 800 ms eased, landing 70 px below the top of the viewport.
export const SCROLL_DURATION_MS = 800;
export const SCROLL_OFFSET_PX = 70;
/** After navigating to the home page from elsewhere, wait for it to render before scrolling. */
export const SECTION_DELAY_MS = 500;
export const TOP_DELAY_MS = 100;

const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

const clampToPage = (y: number) => Math.max(0, Math.min(y, document.documentElement.scrollHeight - window.innerHeight));

let running = 0;

/**
 * Scrolls the window to `target`; resolves when it arrives. A newer call cancels an older one.
 * A function target is measured again on every frame, so layout that moves while the scroll runs
 * (the phone menu closing, an image or the captcha loading) cannot leave the page off target.
 */
export function animateScrollTo(target: number | (() => number), duration = SCROLL_DURATION_MS): Promise<void> {
  const endY = () => clampToPage(typeof target === "number" ? target : target());
  const id = ++running;
  if (prefersReducedMotion() || duration <= 0 || window.scrollY === endY()) {
    window.scrollTo(0, endY());
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    // Start from where the page is on the first frame, after any layout change the click caused.
    let start = 0;
    let startY = 0;
    const step = (now: number) => {
      if (id !== running) return resolve();
      if (start === 0) {
        start = now;
        startY = window.scrollY;
      }
      const progress = Math.min(1, (now - start) / duration);
      window.scrollTo(0, startY + (endY() - startY) * easeInOutCubic(progress));
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

/**
 * Moves keyboard focus (and the screen reader's cursor) to an element without scrolling to it:
 * the eased scroll does the moving. Elements that are not focusable get tabindex="-1" first.
 */
export function focusWithoutScroll(element: HTMLElement) {
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus({ preventScroll: true });
}

/** The page's main heading, where focus goes after a route change or a "back to top". */
export const pageHeading = () => document.querySelector<HTMLElement>("main h1");

/**
 * Scrolls so that the element with this id sits SCROLL_OFFSET_PX below the top, and focuses it.
 * False (and nothing moves) if there is no such element.
 */
export function scrollToElementId(id: string): Promise<boolean> {
  const element = document.getElementById(id);
  if (!element) return Promise.resolve(false);
  focusWithoutScroll(element);
  return animateScrollTo(() => element.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX).then(() => true);
}

/** Scrolls to the top of the page and focuses its main heading. */
export function scrollToTop(): Promise<void> {
  const heading = pageHeading();
  if (heading) focusWithoutScroll(heading);
  return animateScrollTo(0);
}

/** The element id an address's hash names; a malformed escape (`#%`, `#%E0%A4%A`) is taken as written. */
export function idFromHash(hash: string): string {
  const raw = hash.replace(/^#/, "");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
