/*
 * The one inline script of the page's own (allowed by its hash in the Content-Security-Policy, which the server
 * computes from the built HTML). It works from the first paint, before React has loaded, and keeps working after:
 * - a link chosen in the phone menu closes the menu (a popover stays open after a #section link is followed,
 *   covering the section it just scrolled to);
 * - a placeholder link (aria-disabled) stays put instead of jumping to the top of the page.
 * Plain ES5 on purpose: it runs as written, untouched by the bundler.
 */
export const beforeHydrationScript = `document.addEventListener("click",function(e){var a=e.target instanceof Element?e.target.closest("a"):null;if(!a)return;if(a.getAttribute("aria-disabled")==="true"){e.preventDefault();return}var m=a.closest("[popover]");if(m&&m.hidePopover&&m.matches(":popover-open"))m.hidePopover()});`;
