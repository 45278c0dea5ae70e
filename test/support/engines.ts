import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { Builder, By, type WebDriver } from "selenium-webdriver";

/*
 * The two other engines visitors use, from Debian's packages (never a downloaded browser), behind one small
 * interface so e2e/engines/*.spec.ts reads the same for both:
 * - Firefox ESR through WebDriver BiDi with puppeteer-core. A second instance with JavaScript off
 *   (`javascript.enabled: false`) starts when a test asks for one. Overlay scrollbars, as on phones and macOS:
 *   headless Firefox otherwise keeps a 12 px scrollbar, and a 320 px window would lay out 308 px.
 * - WebKitGTK: WebKitWebDriver under xvfb-run drives MiniBrowser, through selenium-webdriver (W3C WebDriver).
 *   One session per page (sessions start in about a second). JavaScript off is `--enable-javascript-markup=false`:
 *   page scripts stop, WebDriver's own still run (but <noscript> is not shown). MiniBrowser's toolbar keeps its
 *   window at least 447 px wide; a GTK stylesheet of our own shrinks it, so 320 px is a real 320 px viewport.
 *   Under Xvfb the window never has focus: :focus-visible does not match, Tab order and scroll positions are real.
 * Console errors come from the proxy's probe (engine-proxy.ts) in both; Firefox's own console events are added.
 */

export type EngineName = "firefox" | "webkit";
export const firefoxPath = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr";
export const miniBrowserPath = process.env.MINIBROWSER_PATH || "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

export interface EnginePage {
  readonly engine: EngineName;
  /** Loads `url` and waits for its load event. */
  goto(url: string): Promise<void>;
  /** Runs `fn` in the page (serialized: it may only use its arguments) and returns its JSON result, awaited. */
  evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** Sets the layout viewport (window.innerWidth x innerHeight) to this size. */
  setViewport(width: number, height: number): Promise<void>;
  /** A real click (WebDriver actions) at the centre of the first element matching `selector`. */
  click(selector: string): Promise<void>;
  /** Focuses the element and types into it with real key events. */
  type(selector: string, text: string): Promise<void>;
  /** Console errors, uncaught errors and failed loads seen by this page so far (the current document's). */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  open(options?: { javaScript?: boolean }): Promise<EnginePage>;
  close(): Promise<void>;
}

const probeErrors = () => (window as unknown as { __probe?: { errors: string[] } }).__probe?.errors ?? ["no probe in this page"];

// ---------------------------------------------------------------- Firefox ESR

class FirefoxPage implements EnginePage {
  readonly engine = "firefox" as const;
  private readonly native: string[] = [];
  constructor(
    private readonly page: Page,
    private readonly dispose: () => Promise<void>,
  ) {
    page.on("console", (message) => {
      if (message.type() === "error") this.native.push(message.text());
    });
    page.on("pageerror", (error) => this.native.push(`uncaught: ${(error as Error).message ?? String(error)}`));
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) this.native.length = 0;
    });
  }
  async goto(url: string) {
    await this.page.goto(url, { waitUntil: "load" });
  }
  evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    return this.page.evaluate(fn as never, ...(args as unknown as never[])) as Promise<Awaited<R>>;
  }
  async setViewport(width: number, height: number) {
    await this.page.setViewport({ width, height });
  }
  async click(selector: string) {
    // Mouse input at the element's centre: Puppeteer's locators wait on page scripts, which JavaScript off stops.
    const point = await this.page.evaluate((s) => {
      const element = document.querySelector(s);
      if (!element) return null;
      const box = element.getBoundingClientRect();
      if (box.top < 0 || box.bottom > innerHeight) element.scrollIntoView({ block: "center" });
      const rect = element.getBoundingClientRect();
      return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    }, selector);
    if (!point) throw new Error(`No element matches ${selector}`);
    await this.page.mouse.click(point.x, point.y);
  }
  async type(selector: string, text: string) {
    await this.page.focus(selector);
    await this.page.keyboard.type(text);
  }
  async errors() {
    const probe = await this.page.evaluate(probeErrors).catch(() => ["page gone"]);
    return [...new Set([...probe, ...this.native])];
  }
  async close() {
    await this.dispose();
  }
}

function launchFirefox(javaScript: boolean) {
  return puppeteer.launch({
    browser: "firefox",
    executablePath: firefoxPath,
    headless: true,
    extraPrefsFirefox: {
      "ui.useOverlayScrollbars": 1,
      "browser.shell.checkDefaultBrowser": false,
      ...(javaScript ? {} : { "javascript.enabled": false }),
    },
  });
}

export function firefoxEngine(): Engine {
  const browsers = new Map<boolean, Promise<Browser>>();
  const browser = (javaScript: boolean) => {
    if (!browsers.has(javaScript)) browsers.set(javaScript, launchFirefox(javaScript));
    return browsers.get(javaScript)!;
  };
  return {
    name: "firefox",
    async open({ javaScript = true } = {}) {
      // A fresh context per page: no history, storage or cache shared between tests.
      const context = await (await browser(javaScript)).createBrowserContext();
      const page = await context.newPage();
      return new FirefoxPage(page, () => context.close());
    },
    async close() {
      for (const launched of browsers.values()) await (await launched).close().catch(() => {});
      browsers.clear();
    },
  };
}

// ---------------------------------------------------------------- WebKitGTK

class WebKitPage implements EnginePage {
  readonly engine = "webkit" as const;
  constructor(private readonly driver: WebDriver) {}
  async goto(url: string) {
    await this.driver.get(url);
  }
  evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    // W3C "execute script" awaits a returned promise.
    return this.driver.executeScript(`return (${fn.toString()}).apply(null, arguments);`, ...args) as Promise<Awaited<R>>;
  }
  async setViewport(width: number, height: number) {
    // The window is the viewport plus MiniBrowser's (shrunk) toolbar: size it, then correct by what is left over.
    const frame = this.driver.manage().window();
    await frame.setRect({ width, height: height + 40 });
    const [innerWidth, innerHeight] = await this.evaluate(() => [window.innerWidth, window.innerHeight]);
    if (innerWidth !== width || innerHeight !== height) {
      const rect = await frame.getRect();
      await frame.setRect({ width: rect.width + width - innerWidth, height: rect.height + height - innerHeight });
    }
  }
  async click(selector: string) {
    await this.driver.findElement(By.css(selector)).click();
  }
  async type(selector: string, text: string) {
    await this.driver.findElement(By.css(selector)).sendKeys(text);
  }
  async errors() {
    return this.evaluate(probeErrors);
  }
  async close() {
    await this.driver.quit().catch(() => {});
  }
}

/** A GTK 3 stylesheet that lets MiniBrowser's window shrink below its toolbar's natural 447 px. */
const compactToolbar = "toolbar, headerbar, entry, button, box, toolbutton, label, image { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; -gtk-icon-transform: scale(0.1); }\n";

export function webkitEngine(port: number): Engine {
  let driverProcess: ChildProcess | undefined;
  let configHome: string | undefined;
  let started: Promise<void> | undefined;
  const start = () =>
    (started ??= (async () => {
      configHome = mkdtempSync(join(tmpdir(), "webkit-engine-"));
      mkdirSync(join(configHome, "gtk-3.0"));
      writeFileSync(join(configHome, "gtk-3.0", "gtk.css"), compactToolbar);
      // xvfb-run -a picks a free display; detached, so the whole group (Xvfb, driver, browsers) can be stopped.
      driverProcess = spawn("xvfb-run", ["-a", "-s", "-screen 0 1600x1200x24", "WebKitWebDriver", `--port=${port}`, "--host=127.0.0.1"], {
        detached: true,
        stdio: "ignore",
        env: { ...process.env, XDG_CONFIG_HOME: configHome },
      });
      // If the worker dies without closing the engine, do not leave Xvfb and the driver behind.
      const group = driverProcess.pid;
      process.once("exit", () => {
        try {
          if (group) process.kill(-group, "SIGTERM");
        } catch {
          // already gone
        }
      });
      const deadline = Date.now() + 20_000;
      for (;;) {
        const ready = await fetch(`http://127.0.0.1:${port}/status`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) return;
        if (Date.now() > deadline || driverProcess.exitCode !== null) throw new Error(`WebKitWebDriver did not start on port ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })());
  return {
    name: "webkit",
    async open({ javaScript = true } = {}) {
      await start();
      const args = ["--automation", ...(javaScript ? [] : ["--enable-javascript-markup=false"])];
      const driver = await new Builder()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities({ browserName: "MiniBrowser", "webkitgtk:browserOptions": { binary: miniBrowserPath, args } })
        .build();
      return new WebKitPage(driver);
    },
    async close() {
      if (driverProcess?.pid) {
        try {
          process.kill(-driverProcess.pid, "SIGTERM");
        } catch {
          // already gone
        }
      }
      if (configHome) rmSync(configHome, { recursive: true, force: true });
      started = undefined;
    },
  };
}
