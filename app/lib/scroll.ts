// Section scrolling as the spec fixes it: 800 ms eased, landing 70 px below the top of the viewport.
export const SCROLL_DURATION_MS = 800;
export const SCROLL_OFFSET_PX = 70;
/** After navigating to the home page from elsewhere, wait for it to render before scrolling. */
export const SECTION_DELAY_MS = 500;
export const TOP_DELAY_MS = 100;

const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

let running = 0;

/** Scrolls the window to `targetY`; resolves when it arrives. A newer call cancels an older one. */
export function animateScrollTo(targetY: number, duration = SCROLL_DURATION_MS): Promise<void> {
  const maxY = document.documentElement.scrollHeight - window.innerHeight;
  const endY = Math.max(0, Math.min(targetY, maxY));
  const startY = window.scrollY;
  const id = ++running;
  if (prefersReducedMotion() || duration <= 0 || startY === endY) {
    window.scrollTo(0, endY);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const start = performance.now();
    const step = (now: number) => {
      if (id !== running) return resolve();
      const progress = Math.min(1, (now - start) / duration);
      window.scrollTo(0, startY + (endY - startY) * easeInOutCubic(progress));
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

/** Scrolls so that the element with this id sits SCROLL_OFFSET_PX below the top. False if there is none. */
export function scrollToElementId(id: string): Promise<boolean> {
  const element = document.getElementById(id);
  if (!element) return Promise.resolve(false);
  const targetY = element.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX;
  return animateScrollTo(targetY).then(() => true);
}
