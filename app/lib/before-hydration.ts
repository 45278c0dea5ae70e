import { MAX_POSITIONS, POSITIONS_STORAGE_KEY } from "./scroll-positions";

/*
 * The page's own inline scripts (allowed by their hashes in the Content-Security-Policy, which the server computes
 * from the built HTML). They work from the first paint, before React has loaded, and keep working after.
 *
 * In the head, only what must act before the header is painted or may be needed at the first tap:
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

/*
 * At the end of the body, so that the head has less to run before the first paint (on the phone profile, running
 * them in the head put the hero's text one paint later more often, decision 30), and still before React Router
 * creates its router (it waits for the route data streamed in the inline scripts after this one). Plain ES5 too:
 * - where the visitor was (decision 30): every history entry gets a key if it has none (the first one of a document,
 *   or one a native #section jump made; React Router takes it as the location's key), the position of the entry is
 *   kept in sessionStorage when the page is hidden or left (scroll-positions.ts, same record), and a reload or a
 *   Back or Forward that loads the document again returns there as soon as the HTML is parsed, before React runs
 *   (the browser's own restoration is off: it would also act on entries the page moves between itself);
 * - keyboard focus is never hidden (WCAG 2.2 2.4.11): after focus moves to an element partly under the sticky
 *   header or below the screen, the page scrolls just enough to show it whole (the browser does not scroll for an
 *   element already partly visible). Only after a Tab or Shift+Tab key: not for a click or a tap (not even one on
 *   a frame, which the page never hears of), nor for a script's focus(), nor for the headings and sections that the section
 *   links focus (tabindex="-1"): their own scroll places them;
 * - unless counting was left out at build time, the visit counting code (/count.js, app/lib/visit-count.ts) is
 *   asked for now (in the next task, so that the parser's task does not carry it), not after hydration: it queues the page's view and sends it at the latest when the page is hidden
 *   or left, so a visitor who leaves before the page is interactive is counted (issue 36).
 */
export function afterContentScript(counting = true): string {
  return positionsScript() + focusScript + (counting ? countScript : "");
}

// In a task of its own, after the parser's: on the phone profile, adding the module script took a median 8 ms of
// the throttled main thread (1-20 ms) inside the task that parses the end of the page, which a tap at first
// paint can wait behind (decision 38, item 1). It is still asked for before React Router's code has run.
const countScript = `setTimeout(function(){var s=document.createElement("script");s.type="module";s.src="/count.js";document.body.append(s)});`;

// Keys as React Router makes them; the save mirrors savePosition (the newest last, at most MAX_POSITIONS kept).
// A function, so that the client bundle, which never renders the script, keeps none of it.
// On pageshow from the back/forward cache, only a page that came back at the top is moved (WebKit): Chromium and
// Firefox restore the place themselves, and a position that could not be saved (storage full) would be a stale one.
const positionsScript = (STORE = JSON.stringify(POSITIONS_STORAGE_KEY)) => `(function(){var H=history;function key(){var s=H.state;if(s&&s.key)return s.key;var n={},k;for(k in s)n[k]=s[k];n.key=Math.random().toString(36).slice(2,10);try{H.replaceState(n,"")}catch(e){return null}return n.key}function read(){try{return JSON.parse(sessionStorage.getItem(${STORE})||"{}")||{}}catch(e){return{}}}function save(){var k=key();if(!k)return;try{var p=read();delete p[k];p[k]=Math.round(scrollY);var ks=Object.keys(p);for(var i=0;i<ks.length-${MAX_POSITIONS};i++)delete p[ks[i]];sessionStorage.setItem(${STORE},JSON.stringify(p))}catch(e){}}try{H.scrollRestoration="manual"}catch(e){}var k=key(),n=performance.getEntriesByType&&performance.getEntriesByType("navigation")[0],y=k&&n&&(n.type==="reload"||n.type==="back_forward")?read()[k]:null;if(typeof y==="number"){var go=function(){if(document.readyState!=="loading"){document.removeEventListener("readystatechange",go);if(!scrollY)try{scrollTo({top:y,behavior:"instant"})}catch(e){scrollTo(0,y)}}};document.addEventListener("readystatechange",go)}addEventListener("hashchange",key);addEventListener("pageshow",function(e){if(e.persisted&&!scrollY){var y=read()[key()];y>0&&scrollTo(0,y)}});addEventListener("pagehide",save);document.addEventListener("visibilitychange",function(){if(document.visibilityState==="hidden")save()})})();`;

// Follows focus only after a Tab or Shift+Tab key (or focus coming back out of a frame with no press on the page),
// never after a click, a tap or a script's focus(): a press held on a frame (the captcha) never reaches the page's
// pointerdown, and scrolling under it moves the box away from the pointer, so the click misses.
const focusScript = `(function(){var tab=0,tapped=0,framed=0,m=8;addEventListener("keydown",function(e){if(e.key==="Tab")tab=Date.now()},true);addEventListener("pointerdown",function(){tapped=Date.now()},true);function show(el){if(!el||el===document.body||el.getAttribute("tabindex")==="-1")return;requestAnimationFrame(function(){var h=document.querySelector("header");if(document.activeElement!==el||(h&&h.contains(el))||el.closest("[popover]")||getComputedStyle(el).position==="fixed")return;var r=el.getBoundingClientRect(),top=(h?Math.max(0,h.getBoundingClientRect().bottom):0)+m,up=r.top-top,down=r.bottom+m-innerHeight;if(up<0)scrollBy(0,up);else if(down>0)scrollBy(0,Math.min(down,up))})}function keyed(){return Date.now()-tab<1000}document.addEventListener("focusin",function(e){var back=framed&&Date.now()-tapped>1000;framed=0;if(keyed()||back)show(e.target)});addEventListener("blur",function(){setTimeout(function(){var a=document.activeElement;if(a&&a.tagName==="IFRAME"){framed=1;if(keyed())show(a)}})})})();`;
