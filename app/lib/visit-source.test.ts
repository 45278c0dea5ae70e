import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sourceLimits, validateContact } from "./contact-schema";
import { VISIT_SOURCE_KEY, recordPageView, visitSource } from "./visit-source";

const origin = "https://arcline.example";
const view = (pathname: string, search = "", referrer = "") => recordPageView({ pathname, search, origin }, { referrer, storage: sessionStorage, enabled: true });

beforeEach(() => sessionStorage.clear());

describe("the visit's source", () => {
  it("keeps the landing page, its campaign, the referrer's origin only, and each new page in order", () => {
    view("/", "?utm_source=newsletter&utm_campaign=spring&utm_medium=email&email=ada%40example.com", "https://news.example/issue/7?reader=ada");
    view("/services/ux-design");
    view("/services/ux-design"); // a reload or a hash link on the same page
    view("/industries/retail-ecommerce", "?utm_campaign=other");
    expect(visitSource({ enabled: true })).toEqual({
      landingPage: "/",
      utm: { source: "newsletter", medium: "email", campaign: "spring" },
      referrer: "https://news.example",
      pages: ["/", "/services/ux-design", "/industries/retail-ecommerce"],
    });
  });

  it("starts a new visit when the document's first page comes from another site, as the counts do; later pages keep it", () => {
    const page = (pathname: string, search: string, referrer: string, firstOfDocument: boolean) =>
      recordPageView({ pathname, search, origin }, { referrer, storage: sessionStorage, enabled: true, firstOfDocument });
    page("/", "?utm_campaign=first", "https://news.example/a", true);
    page("/services/ux-design", "", "https://news.example/a", false); // a client-side navigation: same document.referrer
    page("/about", "?utm_campaign=second", "https://blog.example/b", true); // another site links here, same tab
    page("/services", "", "https://blog.example/b", false);
    page("/contact", "", `${origin}/services`, true); // a page of the site led here: the visit goes on
    expect(visitSource({ enabled: true })).toEqual({
      landingPage: "/about",
      utm: { campaign: "second" },
      referrer: "https://blog.example",
      pages: ["/about", "/services", "/contact"],
    });
  });

  it("a tab opened from a page of the site takes the answer of the tab showing that page, not the first answer", async () => {
    const tab = (campaign: string, page: string, delay: number) => {
      const channel = new BroadcastChannel("visit-source");
      channel.onmessage = ({ data }) => {
        if (data !== "ask") return;
        setTimeout(() => channel.postMessage({ source: { landingPage: "/", utm: { campaign }, pages: ["/", page] }, page }), delay);
      };
      return channel;
    };
    // Another visit's tab answers first; the tab this one was opened from answers later.
    const tabs = [tab("other", "/about", 0), tab("mine", "/services?x=1", 100)];
    recordPageView({ pathname: "/services/ux-design", search: "", origin }, { referrer: `${origin}/services?x=1`, storage: sessionStorage, enabled: true, firstOfDocument: true });
    await new Promise((resolve) => setTimeout(resolve, 600));
    tabs.forEach((channel) => channel.close());
    expect(visitSource({ enabled: true })).toEqual({ landingPage: "/", utm: { campaign: "mine" }, pages: ["/", "/services?x=1", "/services/ux-design"] });
  });

  it("records no referrer for the site itself or a non-web address, and no utm when there is none", () => {
    view("/resources/x", "", `${origin}/other`);
    expect(visitSource({ enabled: true })).toEqual({ landingPage: "/resources/x", pages: ["/resources/x"] });
    sessionStorage.clear();
    view("/", "", "android-app://com.example");
    expect(visitSource({ enabled: true })).toEqual({ landingPage: "/", pages: ["/"] });
  });

  it("keeps the 20 most recent pages and trims values to what the API accepts", () => {
    view("/", `?utm_campaign=${"c".repeat(500)}`);
    for (let i = 0; i < 30; i++) view(`/page-${i}`);
    const source = visitSource({ enabled: true })!;
    expect(source.pages).toHaveLength(sourceLimits.pages);
    expect(source.pages.at(-1)).toBe("/page-29");
    expect(validateContact({ firstName: "A", lastName: "B", email: "a@b.example", message: "Hi", recaptchaToken: "t", source })).toMatchObject({ sourceProblem: null, data: { source } });
  });

  it("keeps no bidi or zero-width character of a campaign (the one attribution cleaning)", () => {
    view("/", "?utm_source=%E2%80%AEelgoog&utm_campaign=br%E2%80%8Band%EF%BB%BF");
    expect(visitSource({ enabled: true })?.utm).toEqual({ source: "elgoog", campaign: "brand" });
  });

  it("keeps nothing, and forgets what it kept, when attribution is off", () => {
    view("/", "?utm_campaign=spring");
    recordPageView({ pathname: "/about", search: "", origin }, { storage: sessionStorage, enabled: false });
    expect(sessionStorage.getItem(VISIT_SOURCE_KEY)).toBeNull();
    expect(visitSource({ enabled: false })).toBeUndefined();
  });

  it("survives storage it cannot use", () => {
    sessionStorage.setItem(VISIT_SOURCE_KEY, "{not json");
    expect(visitSource({ enabled: true })).toBeUndefined();
    const broken = { getItem: () => { throw new Error("denied"); } } as unknown as Storage;
    expect(() => recordPageView({ pathname: "/", search: "", origin }, { storage: broken, enabled: true })).not.toThrow();
    expect(visitSource({ storage: broken, enabled: true })).toBeUndefined();
  });

  describe("where the browser blocks site data (touching window.sessionStorage throws)", () => {
    const descriptor = Object.getOwnPropertyDescriptor(window, "sessionStorage")!;
    beforeEach(() => {
      Object.defineProperty(window, "sessionStorage", {
        configurable: true,
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    });
    afterEach(() => Object.defineProperty(window, "sessionStorage", descriptor));

    it("records nothing and throws nothing, with attribution on or off", () => {
      expect(() => recordPageView({ pathname: "/", search: "", origin }, { enabled: true })).not.toThrow();
      expect(() => recordPageView({ pathname: "/", search: "", origin }, { enabled: false })).not.toThrow();
      expect(visitSource({ enabled: true })).toBeUndefined();
    });
  });
});
