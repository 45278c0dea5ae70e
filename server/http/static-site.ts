import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { homeSections } from "~/config/paths";

/*
 * The prerendered site, indexed once at start-up: each URL maps to a file held in memory with its
 * brotli/gzip twins written by the build. A small site fits easily, and every request is a map lookup.
 */

export type StaticFile = {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  immutable: boolean;
  /** sha256 sources of the inline scripts of an HTML page, for its Content-Security-Policy. */
  scriptHashes: string[];
};

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".data": "text/x-script; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".woff2": "font/woff2",
};

const extension = (path: string) => path.slice(path.lastIndexOf(".")) || "";

/** Explains why a path in the build is left out instead of served (an odd entry must not stop start-up). */
export type SkipReporter = (path: string, reason: string) => void;

const inside = (root: string, path: string) => path === root || path.startsWith(root + sep);

/**
 * Every regular file under `dir`. A symlink is followed only to a file inside the build (never out of it,
 * never into a folder, so no loops); a dangling link, a socket or the like is skipped and reported.
 */
function* walk(dir: string, realRoot: string, skip: SkipReporter): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* walk(path, realRoot, skip);
    } else if (entry.isFile()) {
      yield path;
    } else if (entry.isSymbolicLink()) {
      let target: string;
      try {
        target = realpathSync(path);
      } catch {
        skip(path, "dangling symlink");
        continue;
      }
      if (!inside(realRoot, target)) skip(path, "symlink out of the build");
      else if (!statSync(target).isFile()) skip(path, "symlink to a folder");
      else yield path;
    } else {
      skip(path, "not a regular file");
    }
  }
}

/** The bytes of a precompressed twin, when there is one and it is a file (a folder named x.js.br is not). */
function readTwin(path: string): Buffer | undefined {
  try {
    return statSync(path).isFile() ? readFileSync(path) : undefined;
  } catch {
    return undefined;
  }
}

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const source = match[1] ?? "";
    hashes.push(`'sha256-${createHash("sha256").update(source).digest("base64")}'`);
  }
  return [...new Set(hashes)];
}

// Files that exist in the build but must never be answered with 200.
const hidden = new Set(["/__spa-fallback.html", "/404/index.html", "/404", "/404/"]);

/** The address a page is known by: "/" or "/services/cloud-migration" (no trailing slash, no index.html). */
const pageAddress = (url: string) => url.slice(0, -"index.html".length).replace(/(.)\/$/, "$1");

/**
 * How a request path is compared with the pages' addresses: decoded (so %2F is a slash), runs of slashes as
 * one, without a trailing "/" or "/index.html", in lower case. `undefined` for a path that does not decode.
 */
export function addressKey(pathname: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (path.includes("\0")) return undefined;
  path = path.replace(/\/{2,}/g, "/").replace(/\/index\.html$/i, "/");
  if (path.length > 1) path = path.replace(/\/+$/, "");
  return (path || "/").toLowerCase();
}

export class StaticSite {
  private files = new Map<string, StaticFile>();
  /** Each page's address by its addressKey, to send other spellings of it to the one address. */
  private pages = new Map<string, string>();
  /** A folder of pages named after a home-page section ("/services"), by its addressKey: that section's id. */
  private sections = new Map<string, string>();
  readonly notFound: StaticFile;

  constructor(
    readonly root: string,
    skip: SkipReporter = (path, reason) => console.warn(`static site: skipping ${path} (${reason})`),
  ) {
    if (!existsSync(join(root, "index.html"))) {
      throw new Error(`No build found in ${root}: run "npm run build" first.`);
    }
    for (const path of walk(root, realpathSync(root), skip)) {
      if (path.endsWith(".br") || path.endsWith(".gz")) continue;
      const url = "/" + relative(root, path).split(sep).join("/");
      const body = readFileSync(path);
      const type = types[extension(path)] ?? "application/octet-stream";
      this.files.set(url, {
        body,
        br: readTwin(`${path}.br`),
        gzip: readTwin(`${path}.gz`),
        type,
        etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
        immutable: url.startsWith("/assets/"),
        scriptHashes: type.startsWith("text/html") ? inlineScriptHashes(body.toString("utf8")) : [],
      });
    }
    for (const url of this.files.keys()) {
      if (!url.endsWith("/index.html") || hidden.has(url)) continue;
      const address = pageAddress(url);
      const key = addressKey(address);
      if (key) this.pages.set(key, address);
    }
    // A visitor who trims "/services/cloud-migration" to go up a level: the list of services is the home page's section.
    for (const key of this.pages.keys()) {
      const folder = /^\/([^/]+)\/[^/]+$/.exec(key)?.[1];
      if (folder && (homeSections as readonly string[]).includes(folder) && !this.pages.has(`/${folder}`)) this.sections.set(`/${folder}`, folder);
    }
    const notFound = this.files.get("/404/index.html");
    if (!notFound) throw new Error(`The build in ${root} has no 404/index.html`);
    this.notFound = notFound;
  }

  /**
   * The address to send a request to (301) when it names a page in another spelling: other capitals, a trailing
   * slash, "/index.html", an encoded slash or doubled slashes. `undefined` when the path is a page's own address,
   * or no page at all. The answer is always one of the build's own addresses, never anything taken from the
   * request, so it cannot be turned into an open redirect ("//evil.com" is no page: not found).
   * `pathname` is the raw path of the request line (still percent-encoded).
   */
  canonicalAddress(pathname: string): string | undefined {
    const key = addressKey(pathname);
    const address = key === undefined ? undefined : this.pages.get(key);
    return address !== undefined && address !== pathname ? address : undefined;
  }

  /**
   * The home-page section a folder of pages stands for ("/services", "/Services/" give "services"), or
   * `undefined`: the server sends it to "/#services" (301). Like canonicalAddress, never taken from the request.
   */
  sectionOf(pathname: string): string | undefined {
    const key = addressKey(pathname);
    return key === undefined ? undefined : this.sections.get(key);
  }

  private previous: { dir: string; names: Set<string> } | undefined;

  /** Earlier builds' assets kept on disk (previous-assets.ts): answered for /assets/* this build does not have. */
  servePrevious(dir: string, names: Set<string>) {
    this.previous = { dir, names };
  }

  private lookupPrevious(path: string): StaticFile | undefined {
    const name = path.startsWith("/assets/") ? path.slice("/assets/".length) : "";
    if (!this.previous || !this.previous.names.has(name)) return undefined;
    const file = join(this.previous.dir, name);
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      return undefined;
    }
    const twin = (suffix: string) => (this.previous?.names.has(name + suffix) ? readTwin(file + suffix) : undefined);
    const found: StaticFile = {
      body,
      br: twin(".br"),
      gzip: twin(".gz"),
      type: types[extension(name)] ?? "application/octet-stream",
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      immutable: true,
      scriptHashes: [],
    };
    this.files.set(path, found);
    return found;
  }

  /** The file for a request path: "/x" finds "/x/index.html" ("/x/" is sent to "/x" by canonicalAddress first). */
  lookup(pathname: string): StaticFile | undefined {
    let path: string;
    try {
      path = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (path.includes("\0") || hidden.has(path)) return undefined;
    const candidates = path.endsWith("/") ? [`${path}index.html`] : [path, `${path}/index.html`];
    for (const candidate of candidates) {
      if (hidden.has(candidate)) return undefined;
      const file = this.files.get(candidate);
      if (file) return file;
    }
    return this.lookupPrevious(path);
  }
}

