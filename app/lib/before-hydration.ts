/*
 * The one inline script of the page's own (allowed by its hash in the Content-Security-Policy, which the server
 * computes from the built HTML). It works from the first paint, before React has loaded, and keeps working after:
 * - where the browser has no popover API (Safari before 17), it requests the popover polyfill and marks <html>
 *   with data-popover-polyfill, so the phone menu stays closed until the polyfill runs (app.css); if the polyfill
 *   cannot load, or loads but has not added the API once it has run (a module's load event follows its run, even
 *   one that threw), the mark goes and <html data-no-popover> shows the header's <details> menu instead (app.css),
 *   as old Safari does without JavaScript. Browsers with the API request nothing;
 * - a link chosen in the phone menu closes the menu (a popover stays open after a #section link is followed,
 *   covering the section it just scrolled to);
 * - a placeholder link (aria-disabled) stays put instead of jumping to the top of the page.
 * Plain ES5 on purpose: it runs as written, untouched by the bundler.
 */
export function beforeHydrationScript(popoverPolyfillUrl: string): string {
  const polyfill = `if(!("popover" in HTMLElement.prototype)){var h=document.documentElement,s=document.createElement("script");h.setAttribute("data-popover-polyfill","");s.type="module";s.src=${JSON.stringify(popoverPolyfillUrl)};s.onload=s.onerror=function(){if(!("popover" in HTMLElement.prototype)){h.removeAttribute("data-popover-polyfill");h.setAttribute("data-no-popover","")}};document.head.appendChild(s)}`;
  const clicks = `document.addEventListener("click",function(e){var a=e.target instanceof Element?e.target.closest("a"):null;if(!a)return;if(a.getAttribute("aria-disabled")==="true"){e.preventDefault();return}var m=a.closest("[popover]");if(m&&m.hidePopover&&m.matches(":popover-open"))m.hidePopover()});`;
  return polyfill + clicks;
}
