import type { Page, Route } from "@playwright/test";

/*
 * Google's reCAPTCHA script, replaced by a stub with the same API surface the widget library uses:
 * grecaptcha.render / getResponse / reset (and grecaptcha.enterprise.* for enterprise.js), plus the
 * onload callback named in the script URL. Instead of Google's iframe it renders an "I'm not a robot"
 * checkbox; ticking it issues a token for the fake siteverify (see fake-siteverify.mjs).
 * window.__captcha lets a test choose the next token's kind, expire the tick, or count calls.
 */
export const RECAPTCHA_STUB = String.raw`(() => {
  const script = document.currentScript;
  const params = new URL(script.src).searchParams;
  const enterprise = /\/enterprise\.js/.test(script.src);
  const state = (window.__captcha = window.__captcha || { nextKind: "pass", renders: [], resets: 0, widgets: [] });
  const api = {
    render(container, options) {
      const id = state.widgets.length;
      // Google's widget is an iframe of a fixed size: 304x78, or 164x144 with size "compact". The stand-in takes
      // exactly that room, so layout checks at 320 and 360 px see what a visitor gets.
      const [width, height] = options.size === "compact" ? [164, 144] : [304, 78];
      const frame = document.createElement("div");
      frame.dataset.captchaStub = options.size || "normal";
      frame.style.cssText = "width:" + width + "px;height:" + height + "px;box-sizing:border-box;overflow:hidden;border:1px solid #d3d3d3;border-radius:3px;background:#f9f9f9";
      const box = document.createElement("label");
      box.style.cssText = "display:flex;gap:8px;align-items:center;padding:12px;font:14px Roboto,Helvetica,Arial,sans-serif;color:#000";
      const input = document.createElement("input");
      input.type = "checkbox";
      const text = document.createElement("span");
      text.textContent = "I'm not a robot";
      box.append(input, text);
      frame.append(box);
      container.append(frame);
      const widget = { options, input, token: "" };
      input.addEventListener("change", () => {
        if (!input.checked) return;
        widget.token = state.nextKind + ":" + Math.random().toString(36).slice(2) + Date.now().toString(36);
        options.callback && options.callback(widget.token);
      });
      state.widgets.push(widget);
      state.renders.push({ sitekey: options.sitekey, theme: options.theme, size: options.size });
      return id;
    },
    getResponse(id) {
      const widget = state.widgets[id === undefined ? 0 : id];
      return widget ? widget.token : "";
    },
    reset(id) {
      const widget = state.widgets[id === undefined ? 0 : id];
      state.resets += 1;
      if (widget) { widget.token = ""; widget.input.checked = false; }
    },
    execute() {},
    ready(callback) { callback(); },
  };
  state.expire = (id) => {
    const widget = state.widgets[id === undefined ? state.widgets.length - 1 : id];
    widget.token = ""; widget.input.checked = false;
    widget.options["expired-callback"] && widget.options["expired-callback"]();
  };
  window.grecaptcha = enterprise ? { enterprise: api, ready: api.ready } : api;
  // Google calls the onload callback after its own second script has loaded; the loader library only
  // accepts it after this script's load event, so call it from there.
  const onload = params.get("onload");
  if (onload) script.addEventListener("load", () => window[onload] && window[onload]());
})();`;

export const RECAPTCHA_SCRIPT = /recaptcha\/(api|enterprise)\.js/;

export async function stubRecaptcha(page: Page, { delayMs = 0 }: { delayMs?: number } = {}) {
  const requested: string[] = [];
  await page.route(RECAPTCHA_SCRIPT, async (route: Route) => {
    requested.push(route.request().url());
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fulfill({ contentType: "text/javascript; charset=utf-8", body: RECAPTCHA_STUB });
  });
  return { requested };
}

export type CaptchaKind = "pass" | "slow" | "http500" | "bogus" | `pass@${string}`;

/**
 * Chooses the next token's kind. The state exists once the stub has run, and the page fetches Google's script
 * lazily (when the form comes into use, after two chunks): wait for it, and set it in the same step, rather than
 * write to an object that may not be there yet.
 */
export async function setNextCaptchaKind(page: Page, kind: CaptchaKind) {
  await page.waitForFunction((value) => {
    const state = (window as unknown as { __captcha?: { nextKind: string } }).__captcha;
    if (!state) return false;
    state.nextKind = value;
    return true;
  }, kind);
}

export async function captchaState(page: Page) {
  return page.evaluate(() => {
    const state = (window as unknown as { __captcha?: { renders: unknown[]; resets: number } }).__captcha;
    return { renders: state?.renders ?? [], resets: state?.resets ?? 0 };
  });
}
