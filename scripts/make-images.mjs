// Generates the site's original artwork from SVG drawn in code: 16 card illustrations and the home page hero (PNG + WebP)
// in public/png/, the Open Graph image, and the app icons built from the brand mark in public/favicon.svg.
// Renders with Debian's Chromium through Playwright; no network, no image libraries. Run: node scripts/make-images.mjs
// (or name the images to make: node scripts/make-images.mjs hero).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath } from "./chromium.mjs";

/* global Image, document -- used inside page.evaluate(), which runs in the browser */

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pub = join(root, "public");
const W = 640;
const H = 360;

// Palette
const NAVY = "#1e2a5a";
const NAVY2 = "#27336b";
const BLUE = "#3b5bdb";
const TEAL = "#5fd4d9";
const LIGHT = "#eef2ff";
const WHITE = "#ffffff";
const TINT = "#dbe3ff"; // light blue tint
const MID = "#b4c3f5"; // mid blue tint
const TEAL_SOFT = "#c4eff1";

const f = (n) => Math.round(n * 10) / 10;
const pts = (list) => list.map(([x, y]) => `${f(x)},${f(y)}`).join(" ");
const polar = (cx, cy, r, a) => [cx + r * Math.cos(a), cy + r * Math.sin(a)];

/**
 * Gradient stops in flat bands of neighbouring colours. Chromium dithers smooth gradients with per-pixel noise,
 * which bloats PNGs and breaks up under a palette; bands one or two levels apart look the same and stay flat.
 */
function bands(from, to, n, { o0 = 1, o1 = 1, start = 0, end = 1 } = {}) {
  const rgb = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const [a, b] = [rgb(from), rgb(to)];
  let s = start > 0 ? `<stop offset="0" stop-color="${from}" stop-opacity="${o0}"/>` : "";
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 0 : i / (n - 1);
    const c = "#" + a.map((v, k) => Math.round(v + (b[k] - v) * t).toString(16).padStart(2, "0")).join("");
    const o = f((o0 + (o1 - o0) * t) * 1000) / 1000;
    const x0 = start + ((end - start) * i) / n;
    const x1 = start + ((end - start) * (i + 1)) / n;
    s += `<stop offset="${x0.toFixed(4)}" stop-color="${c}" stop-opacity="${o}"/><stop offset="${x1.toFixed(4)}" stop-color="${c}" stop-opacity="${o}"/>`;
  }
  return s;
}

/* ---------- shared drawing helpers ---------- */

function gear(cx, cy, rOut, teeth, fill, hole = WHITE, holeR = rOut * 0.32) {
  const rIn = rOut * 0.8;
  const step = (Math.PI * 2) / teeth;
  const p = [];
  for (let i = 0; i < teeth; i++) {
    const a = i * step;
    p.push(polar(cx, cy, rIn, a), polar(cx, cy, rOut, a + step * 0.14), polar(cx, cy, rOut, a + step * 0.42), polar(cx, cy, rIn, a + step * 0.56));
  }
  return `<polygon points="${pts(p)}" fill="${fill}" stroke="${fill}" stroke-width="2" stroke-linejoin="round"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(holeR)}" fill="${hole}"/>`;
}

function shadow(cx, cy, rx, ry = 7, o = 0.1) {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${NAVY}" opacity="${o}"/>`;
}

function shieldPath(cx, top, w, h) {
  const x0 = cx - w / 2;
  const x1 = cx + w / 2;
  return `M${f(cx)} ${f(top)} Q${f(cx + w * 0.28)} ${f(top + h * 0.1)} ${f(x1)} ${f(top + h * 0.1)} L${f(x1)} ${f(top + h * 0.45)} Q${f(x1)} ${f(top + h * 0.82)} ${f(cx)} ${f(top + h)} Q${f(x0)} ${f(top + h * 0.82)} ${f(x0)} ${f(top + h * 0.45)} L${f(x0)} ${f(top + h * 0.1)} Q${f(cx - w * 0.28)} ${f(top + h * 0.1)} ${f(cx)} ${f(top)} Z`;
}

function shield(cx, top, w, h, emblem = "check") {
  const inner = shieldPath(cx, top + h * 0.09, w * 0.76, h * 0.8);
  let mark = "";
  const cy = top + h * 0.47;
  if (emblem === "check") {
    mark = `<path d="M${f(cx - w * 0.2)} ${f(cy)} L${f(cx - w * 0.05)} ${f(cy + h * 0.13)} L${f(cx + w * 0.22)} ${f(cy - h * 0.13)}" fill="none" stroke="${WHITE}" stroke-width="${f(w * 0.1)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  } else {
    const p = [];
    for (let i = 0; i < 10; i++) p.push(polar(cx, cy, i % 2 ? w * 0.1 : w * 0.24, -Math.PI / 2 + (i * Math.PI) / 5));
    mark = `<polygon points="${pts(p)}" fill="${WHITE}" stroke="${WHITE}" stroke-width="3" stroke-linejoin="round"/>`;
  }
  return `<path d="${shieldPath(cx, top, w, h)}" fill="${NAVY2}"/><path d="${inner}" fill="url(#gBlue)"/>${mark}`;
}

/** A top-view airliner pointing up, centred on 0,0, about 140 wide and 124 long. */
function plane(x, y, rot, scale, fill) {
  return `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${scale})" fill="${fill}">
    <path d="M0 -62 C6 -62 8 -52 8 -40 L8 40 C8 50 4 58 0 62 C-4 58 -8 50 -8 40 L-8 -40 C-8 -52 -6 -62 0 -62 Z"/>
    <path d="M8 -10 L70 20 L70 30 L8 14 Z M-8 -10 L-70 20 L-70 30 L-8 14 Z"/>
    <path d="M6 42 L28 56 L28 63 L4 57 Z M-6 42 L-28 56 L-28 63 L-4 57 Z"/>
    <rect x="26" y="4" width="8" height="17" rx="4"/><rect x="-34" y="4" width="8" height="17" rx="4"/>
  </g>`;
}

function cloud(x, y, s, fill, opacity = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}" opacity="${opacity}"><circle cx="-22" cy="4" r="18"/><circle cx="2" cy="-8" r="26"/><circle cx="28" cy="4" r="18"/><rect x="-40" y="4" width="86" height="18" rx="9"/></g>`;
}

function storefront(x, y, w, h) {
  // x,y = top-left of the sign band
  const stripes = 6;
  const sw = w / stripes;
  let awning = "";
  for (let i = 0; i < stripes; i++) {
    const sx = x + i * sw;
    const fill = i % 2 ? TINT : BLUE;
    awning += `<path d="M${f(sx)} ${f(y + 30)} h${f(sw)} v26 a${f(sw / 2)} ${f(sw / 2.6)} 0 0 1 ${f(-sw)} 0 Z" fill="${fill}"/>`;
  }
  const bodyTop = y + 30;
  const winW = w * 0.46;
  return `${shadow(x + w / 2, y + h + 2, w * 0.6, 8)}
    <rect x="${x}" y="${bodyTop}" width="${w}" height="${h - 30}" fill="${WHITE}"/>
    <rect x="${x - 8}" y="${y}" width="${w + 16}" height="32" rx="6" fill="${NAVY2}"/>
    <rect x="${f(x + w * 0.3)}" y="${y + 11}" width="${f(w * 0.4)}" height="10" rx="5" fill="${TEAL}"/>
    ${awning}
    <rect x="${f(x + w * 0.08)}" y="${f(bodyTop + 48)}" width="${f(winW)}" height="${f(h - 30 - 64)}" rx="4" fill="${TINT}"/>
    <path d="M${f(x + w * 0.12)} ${f(bodyTop + 92)} l34 -34 M${f(x + w * 0.12)} ${f(bodyTop + 112)} l54 -54" stroke="${WHITE}" stroke-width="7" stroke-linecap="round"/>
    <rect x="${f(x + w * 0.62)}" y="${f(bodyTop + 48)}" width="${f(w * 0.28)}" height="${f(h - 30 - 48)}" rx="4" fill="${NAVY2}"/>
    <circle cx="${f(x + w * 0.67)}" cy="${f(bodyTop + 48 + (h - 78) / 2)}" r="3.5" fill="${TEAL}"/>
    <rect x="${x - 6}" y="${y + h - 4}" width="${w + 12}" height="8" rx="4" fill="${NAVY}"/>`;
}

function bag(x, y, w, h, fill, handle) {
  return `<path d="M${f(x + w * 0.3)} ${y} v-10 a${f(w * 0.2)} ${f(w * 0.2)} 0 0 1 ${f(w * 0.4)} 0 v10" fill="none" stroke="${handle}" stroke-width="6" stroke-linecap="round"/>
    <path d="M${x} ${y} h${w} l6 ${h} h${-w - 12} Z" fill="${fill}" stroke="${fill}" stroke-width="4" stroke-linejoin="round"/>
    <rect x="${x}" y="${y}" width="${w}" height="10" fill="${NAVY}" opacity=".12"/>`;
}

/** Isometric projection helpers for the digital twin. */
const ISO = { ox: 0, oy: 0, s: 1 };
function iso(X, Y, Z) {
  return [ISO.ox + (X - Y) * 0.866 * ISO.s, ISO.oy + (X + Y) * 0.5 * ISO.s - Z * ISO.s];
}
function isoBox(X, Y, Z, w, d, h) {
  const top = [iso(X, Y, Z + h), iso(X + w, Y, Z + h), iso(X + w, Y + d, Z + h), iso(X, Y + d, Z + h)];
  const left = [iso(X, Y + d, Z), iso(X + w, Y + d, Z), iso(X + w, Y + d, Z + h), iso(X, Y + d, Z + h)];
  const right = [iso(X + w, Y, Z), iso(X + w, Y + d, Z), iso(X + w, Y + d, Z + h), iso(X + w, Y, Z + h)];
  return { top, left, right };
}

/* ---------- card frame ---------- */

function card(art, { bx = 320, by = 180, br = 150 } = {}) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">${bands(LIGHT, WHITE, 16)}</linearGradient>
    <pattern id="dots" width="24" height="24" patternUnits="userSpaceOnUse"><circle cx="12" cy="12" r="1.6" fill="${MID}"/></pattern>
    <radialGradient id="dotFade" cx=".5" cy=".45" r=".62">${bands(WHITE, WHITE, 8, { o0: 0, o1: 0.9, start: 0.35 })}</radialGradient>
    <mask id="dotMask"><rect width="${W}" height="${H}" fill="url(#dotFade)"/></mask>
    <linearGradient id="blob" x1="0" y1="0" x2="1" y2="1">${bands(TEAL, BLUE, 14, { o0: 0.32, o1: 0.14 })}</linearGradient>
    <linearGradient id="gBlue" x1="0" y1="0" x2="0" y2="1">${bands("#5673e6", BLUE, 10)}</linearGradient>
    <linearGradient id="gNavy" x1="0" y1="0" x2="0" y2="1">${bands("#34418a", NAVY2, 10)}</linearGradient>
    <linearGradient id="gTeal" x1="0" y1="0" x2="1" y2="1">${bands("#7fe1e5", "#3fbcc4", 10)}</linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect width="${W}" height="${H}" fill="url(#dots)" mask="url(#dotMask)"/>
  <circle cx="${bx}" cy="${by}" r="${br}" fill="url(#blob)"/>
  <circle cx="${bx + br * 0.78}" cy="${by - br * 0.62}" r="${br * 0.2}" fill="${TEAL}" opacity=".18"/>
  <circle cx="${bx - br * 0.92}" cy="${by + br * 0.5}" r="${br * 0.1}" fill="${BLUE}" opacity=".14"/>
  ${art}
</svg>`;
}

/* ---------- the sixteen illustrations ---------- */

const art = {};

art["manufacturing-supply-chain"] = () => {
  // factory
  let windows = "";
  for (let i = 0; i < 4; i++) windows += `<rect x="${222 + i * 38}" y="206" width="26" height="30" rx="3" fill="${i % 2 ? TEAL : TINT}"/>`;
  let rollers = "";
  for (let x = 124; x <= 520; x += 33) rollers += `<circle cx="${x}" cy="300" r="4" fill="${MID}"/>`;
  return card(
    `${shadow(320, 336, 230, 8)}
    <circle cx="357" cy="84" r="10" fill="${TINT}"/><circle cx="374" cy="64" r="14" fill="${TINT}"/><circle cx="398" cy="48" r="10" fill="${TINT}" opacity=".8"/>
    <rect x="340" y="92" width="28" height="100" fill="${NAVY}"/>
    <rect x="336" y="88" width="36" height="10" rx="2" fill="${NAVY2}"/>
    <path d="M150 190 L150 140 L222 172 L222 140 L294 172 L294 140 L380 178 L380 190 Z" fill="url(#gBlue)" stroke="${BLUE}" stroke-width="2" stroke-linejoin="round"/>
    <path d="M150 140 L150 190 M222 140 L222 182 M294 140 L294 182" stroke="${TEAL}" stroke-width="6"/>
    <rect x="146" y="186" width="238" height="104" fill="url(#gNavy)"/>
    ${windows}
    <rect x="164" y="226" width="40" height="64" rx="3" fill="${NAVY}"/><path d="M164 244 h40 M164 262 h40" stroke="${NAVY2}" stroke-width="3"/>
    <rect x="108" y="288" width="424" height="24" rx="12" fill="${NAVY}"/>
    ${rollers}
    <path d="M150 312 v24 M300 312 v24 M490 312 v24" stroke="${NAVY2}" stroke-width="7" stroke-linecap="round"/>
    <rect x="396" y="252" width="36" height="34" rx="3" fill="${TEAL}"/><rect x="410" y="252" width="8" height="34" fill="${WHITE}" opacity=".5"/>
    <rect x="446" y="240" width="46" height="46" rx="3" fill="url(#gBlue)"/><rect x="464" y="240" width="10" height="46" fill="${WHITE}" opacity=".35"/>
    <rect x="500" y="262" width="26" height="24" rx="3" fill="${MID}"/>
    ${gear(470, 150, 46, 10, NAVY2, LIGHT, 14)}
    <circle cx="470" cy="150" r="24" fill="none" stroke="${BLUE}" stroke-width="5"/>
    ${gear(534, 98, 30, 8, TEAL, LIGHT, 9)}`,
    { bx: 350, by: 185, br: 160 },
  );
};

art["retail-ecommerce"] = () => {
  return card(
    `${storefront(130, 108, 200, 190)}
    <g>
      ${shadow(430, 302, 60, 6)}
      ${bag(378, 206, 70, 92, "url(#gBlue)", NAVY2)}
      ${bag(424, 232, 56, 66, TEAL, NAVY2)}
      <circle cx="452" cy="268" r="9" fill="${WHITE}" opacity=".8"/>
    </g>
    <g>
      ${shadow(540, 306, 48, 6)}
      <path d="M486 196 h18 l12 70 h58" fill="none" stroke="${NAVY2}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
      <rect x="516" y="186" width="24" height="26" rx="3" fill="${TEAL}"/>
      <rect x="542" y="176" width="26" height="36" rx="3" fill="${BLUE}"/>
      <path d="M508 212 h76 l-10 40 h-58 Z" fill="${WHITE}" stroke="${NAVY2}" stroke-width="6" stroke-linejoin="round"/>
      <path d="M532 214 l2 36 M556 214 l-2 36 M514 231 h64" stroke="${MID}" stroke-width="3"/>
      <circle cx="528" cy="292" r="10" fill="${NAVY}"/><circle cx="528" cy="292" r="4" fill="${TINT}"/>
      <circle cx="566" cy="292" r="10" fill="${NAVY}"/><circle cx="566" cy="292" r="4" fill="${TINT}"/>
    </g>
    <g transform="translate(470 110) rotate(-18)">
      <path d="M0 0 h40 l14 16 l-14 16 h-40 Z" fill="${TEAL}"/><circle cx="40" cy="16" r="4" fill="${WHITE}"/>
      <path d="M10 11 h18 M10 21 h12" stroke="${WHITE}" stroke-width="4" stroke-linecap="round"/>
    </g>`,
    { bx: 340, by: 190, br: 160 },
  );
};

art["healthcare-life-sciences"] = () => {
  // DNA helix
  const cx = 478;
  const top = 62;
  const bottom = 312;
  const amp = 36;
  const strandA = [];
  const strandB = [];
  let rungs = "";
  const n = 60;
  for (let i = 0; i <= n; i++) {
    const y = top + ((bottom - top) * i) / n;
    const t = ((y - top) / (bottom - top)) * Math.PI * 3;
    strandA.push([cx + amp * Math.sin(t), y]);
    strandB.push([cx - amp * Math.sin(t), y]);
  }
  for (let k = 1; k < 18; k++) {
    const y = top + ((bottom - top) * k) / 18;
    const t = ((y - top) / (bottom - top)) * Math.PI * 3;
    const dx = amp * Math.sin(t);
    if (Math.abs(dx) < 8) continue;
    rungs += `<line x1="${f(cx - dx)}" y1="${f(y)}" x2="${f(cx + dx)}" y2="${f(y)}" stroke="${k % 2 ? MID : TEAL_SOFT}" stroke-width="6" stroke-linecap="round"/>`;
  }
  const heart = "M250 300 C210 268 140 226 140 164 C140 124 170 100 202 100 C224 100 240 112 250 128 C260 112 276 100 298 100 C330 100 360 124 360 164 C360 226 290 268 250 300 Z";
  return card(
    `${shadow(250, 320, 110, 8)}
    <path d="${heart}" fill="url(#gBlue)"/>
    <path d="M176 126 C186 116 200 114 210 118" fill="none" stroke="${WHITE}" stroke-width="8" stroke-linecap="round" opacity=".45"/>
    <polyline points="84,200 176,200 196,200 212,160 234,246 256,132 274,216 288,200 410,200" fill="none" stroke="${WHITE}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round" opacity=".9"/>
    <polyline points="84,200 176,200 196,200 212,160 234,246 256,132 274,216 288,200 410,200" fill="none" stroke="${TEAL}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="410" cy="200" r="7" fill="${TEAL}"/>
    ${rungs}
    <polyline points="${pts(strandB)}" fill="none" stroke="${TEAL}" stroke-width="8" stroke-linecap="round"/>
    <polyline points="${pts(strandA)}" fill="none" stroke="${NAVY2}" stroke-width="8" stroke-linecap="round"/>
    <circle cx="122" cy="86" r="30" fill="${WHITE}"/><circle cx="122" cy="86" r="30" fill="none" stroke="${TINT}" stroke-width="4"/>
    <path d="M122 70 v32 M106 86 h32" stroke="${TEAL}" stroke-width="10" stroke-linecap="round"/>
    <g transform="translate(378 296) rotate(-35)"><rect x="-30" y="-12" width="60" height="24" rx="12" fill="${WHITE}"/><path d="M0 -12 h18 a12 12 0 0 1 0 24 h-18 Z" fill="${NAVY2}"/></g>`,
    { bx: 290, by: 190, br: 160 },
  );
};

art["gaming-immersive-tech"] = () => {
  return card(
    `${shadow(270, 318, 130, 8)}
    <path d="M190 168 H350 C392 168 412 196 420 236 L428 280 C432 306 404 318 388 298 L356 262 H184 L152 298 C136 318 108 306 112 280 L120 236 C128 196 148 168 190 168 Z" fill="url(#gNavy)"/>
    <path d="M196 180 H344" stroke="${WHITE}" stroke-width="5" stroke-linecap="round" opacity=".18"/>
    <path d="M180 202 v36 M162 220 h36" stroke="${WHITE}" stroke-width="12" stroke-linecap="round"/>
    <circle cx="362" cy="204" r="8" fill="${TEAL}"/><circle cx="362" cy="236" r="8" fill="${MID}"/>
    <circle cx="346" cy="220" r="8" fill="${WHITE}"/><circle cx="378" cy="220" r="8" fill="${TEAL}"/>
    <circle cx="232" cy="252" r="17" fill="${NAVY}"/><circle cx="232" cy="252" r="9" fill="${BLUE}"/>
    <circle cx="308" cy="252" r="17" fill="${NAVY}"/><circle cx="308" cy="252" r="9" fill="${BLUE}"/>
    <rect x="250" y="206" width="16" height="7" rx="3.5" fill="${MID}"/><rect x="274" y="206" width="16" height="7" rx="3.5" fill="${MID}"/>
    <rect x="404" y="96" width="184" height="22" rx="11" fill="${NAVY2}"/>
    <path d="M436 72 H556 C572 72 580 82 580 98 V128 C580 146 570 154 556 154 H526 C516 154 512 138 496 138 C480 138 476 154 466 154 H436 C420 154 412 146 412 128 V98 C412 82 420 72 436 72 Z" fill="url(#gBlue)"/>
    <path d="M430 86 H562" stroke="${WHITE}" stroke-width="5" stroke-linecap="round" opacity=".3"/>
    <path d="M428 102 H490 V126 C478 128 470 138 462 140 H444 C434 140 428 134 428 126 Z" fill="${TEAL}" opacity=".85"/>
    <path d="M564 102 H502 V126 C514 128 522 138 530 140 H548 C558 140 564 134 564 126 Z" fill="${TEAL}" opacity=".85"/>
    <polygon points="120,96 142,132 98,132" fill="none" stroke="${TEAL}" stroke-width="6" stroke-linejoin="round"/>
    <circle cx="196" cy="96" r="16" fill="none" stroke="${BLUE}" stroke-width="6"/>
    <rect x="268" y="82" width="28" height="28" rx="4" fill="none" stroke="${NAVY2}" stroke-width="6" transform="rotate(12 282 96)"/>
    <path d="M348 84 l22 22 M370 84 l-22 22" stroke="${TEAL}" stroke-width="6" stroke-linecap="round"/>
    <rect x="470" y="210" width="18" height="18" fill="${TEAL}"/><rect x="488" y="228" width="18" height="18" fill="${BLUE}"/><rect x="506" y="210" width="18" height="18" fill="${MID}"/><rect x="506" y="246" width="18" height="18" fill="${NAVY2}"/>`,
    { bx: 320, by: 190, br: 160 },
  );
};

art["defense-mining"] = () => {
  let sleepers = "";
  for (let x = 100; x <= 400; x += 26) sleepers += `<rect x="${x}" y="302" width="12" height="14" rx="2" fill="${MID}"/>`;
  return card(
    `<path d="M60 300 L200 120 L262 190 L330 96 L470 300 Z" fill="${TINT}"/>
    <path d="M90 300 L220 140 L300 240 L350 300 Z" fill="${MID}"/>
    <path d="M330 96 L470 300 H190 Z" fill="url(#gNavy)"/>
    <path d="M330 96 L358 136 L344 130 L332 142 L318 128 L306 134 Z" fill="${WHITE}"/>
    <path d="M200 120 L220 146 L208 142 L198 152 L188 140 L180 145 Z" fill="${WHITE}"/>
    <path d="M318 300 V262 A26 26 0 0 1 370 262 V300 Z" fill="${NAVY}"/>
    ${sleepers}
    <path d="M84 306 H420" stroke="${NAVY2}" stroke-width="5" stroke-linecap="round"/>
    ${shadow(210, 312, 80, 5)}
    <path d="M136 242 L158 214 L186 206 L204 186 L232 194 L252 212 L276 218 L288 242 Z" fill="${NAVY}"/>
    <path d="M176 210 L196 190 L214 204 L200 224 Z" fill="${TEAL}"/>
    <path d="M226 214 L244 204 L258 220 L240 232 Z" fill="${TEAL}" opacity=".8"/>
    <path d="M150 236 L164 222 L178 232 L168 242 Z" fill="${BLUE}"/>
    <path d="M206 232 L216 222 L228 232 Z" fill="${MID}"/>
    <path d="M128 244 H292 L276 294 H144 Z" fill="url(#gBlue)"/>
    <rect x="122" y="238" width="176" height="12" rx="4" fill="${NAVY2}"/>
    <path d="M166 262 H254" stroke="${WHITE}" stroke-width="5" stroke-linecap="round" opacity=".35"/>
    <circle cx="170" cy="298" r="12" fill="${NAVY}"/><circle cx="170" cy="298" r="4" fill="${MID}"/>
    <circle cx="250" cy="298" r="12" fill="${NAVY}"/><circle cx="250" cy="298" r="4" fill="${MID}"/>
    ${shadow(500, 318, 60, 6)}
    ${shield(500, 110, 130, 190, "star")}`,
    { bx: 320, by: 190, br: 165 },
  );
};

art["automotive-aviation"] = () => {
  return card(
    `${cloud(150, 92, 1, WHITE)}
    ${cloud(392, 168, 0.7, WHITE)}
    <path d="M120 170 C220 150 320 140 426 104" fill="none" stroke="${TEAL}" stroke-width="5" stroke-linecap="round" stroke-dasharray="2 14"/>
    ${plane(490, 84, 62, 0.78, "url(#gBlue)")}
    <rect x="0" y="286" width="640" height="52" fill="${NAVY2}"/>
    <path d="M0 312 H640" stroke="${WHITE}" stroke-width="4" stroke-dasharray="26 22" opacity=".7"/>
    <rect x="0" y="282" width="640" height="6" fill="${NAVY}"/>
    <path d="M156 262 L156 240 Q158 222 182 218 L222 212 L256 182 Q262 176 272 176 L336 176 Q348 176 356 184 L386 212 L418 218 Q434 222 434 240 L434 262 Q434 272 424 272 L166 272 Q156 272 156 262 Z" fill="url(#gBlue)"/>
    <path d="M264 188 L296 188 L296 212 L240 212 Z" fill="${TINT}"/>
    <path d="M306 188 L334 188 Q340 188 344 192 L366 212 L306 212 Z" fill="${TINT}"/>
    <path d="M176 236 H420" stroke="${WHITE}" stroke-width="3" opacity=".35"/>
    <rect x="414" y="226" width="18" height="9" rx="4" fill="${TEAL}"/>
    <rect x="156" y="228" width="12" height="8" rx="3" fill="${NAVY}"/>
    <circle cx="212" cy="274" r="24" fill="${NAVY}"/><circle cx="212" cy="274" r="11" fill="${MID}"/>
    <circle cx="376" cy="274" r="24" fill="${NAVY}"/><circle cx="376" cy="274" r="11" fill="${MID}"/>
    <path d="M474 224 h50 M494 240 h44 M460 256 h40" stroke="${TEAL}" stroke-width="5" stroke-linecap="round" opacity=".8"/>`,
    { bx: 320, by: 170, br: 160 },
  );
};

art["energy-infrastructure"] = () => {
  const turbine = (x, y, len, towerW) => {
    const blade = `<path d="M0 0 C6 -8 6 -${len * 0.7} 0 -${len} C-4 -${len * 0.7} -6 -10 0 0 Z" fill="${NAVY2}"/>`;
    return `<path d="M${x - 3} ${y} L${x - towerW} 300 H${x + towerW} L${x + 3} ${y} Z" fill="${MID}"/>
      <g transform="translate(${x} ${y}) rotate(12)">${blade}<g transform="rotate(120)">${blade}</g><g transform="rotate(240)">${blade}</g></g>
      <circle cx="${x}" cy="${y}" r="8" fill="${TEAL}" stroke="${NAVY2}" stroke-width="3"/>`;
  };
  // pylon
  const px = 500;
  const pylon = `<path d="M${px} 70 L${px - 40} 300 M${px} 70 L${px + 40} 300 M${px - 30} 240 L${px + 24} 200 L${px - 18} 170 L${px + 14} 140 L${px - 10} 116 M${px + 30} 240 L${px - 24} 200 L${px + 18} 170 L${px - 14} 140 L${px + 10} 116 M${px - 34} 270 H${px + 34}"
      fill="none" stroke="${NAVY2}" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/>
    <path d="M${px - 52} 112 H${px + 52} M${px - 40} 150 H${px + 40}" stroke="${NAVY2}" stroke-width="6" stroke-linecap="round"/>
    <path d="M${px - 52} 112 Q${px - 120} 150 ${px - 200} 130 M${px + 52} 112 Q${px + 90} 140 ${px + 150} 126 M${px - 40} 150 Q${px - 110} 186 ${px - 200} 168 M${px + 40} 150 Q${px + 90} 176 ${px + 150} 164" fill="none" stroke="${NAVY2}" stroke-width="2" opacity=".55"/>
    <circle cx="${px - 52}" cy="118" r="4" fill="${TEAL}"/><circle cx="${px + 52}" cy="118" r="4" fill="${TEAL}"/><circle cx="${px - 40}" cy="156" r="4" fill="${TEAL}"/><circle cx="${px + 40}" cy="156" r="4" fill="${TEAL}"/>`;
  // solar panel: trapezoid with grid
  const a = [286, 226];
  const b = [420, 226];
  const c = [440, 284];
  const d = [266, 284];
  let grid = "";
  for (let i = 1; i < 4; i++) {
    const t = i / 4;
    grid += `<line x1="${f(a[0] + (b[0] - a[0]) * t)}" y1="${a[1]}" x2="${f(d[0] + (c[0] - d[0]) * t)}" y2="${d[1]}" stroke="${WHITE}" stroke-width="2" opacity=".55"/>`;
  }
  for (let i = 1; i < 3; i++) {
    const t = i / 3;
    grid += `<line x1="${f(a[0] + (d[0] - a[0]) * t)}" y1="${f(a[1] + (d[1] - a[1]) * t)}" x2="${f(b[0] + (c[0] - b[0]) * t)}" y2="${f(b[1] + (c[1] - b[1]) * t)}" stroke="${WHITE}" stroke-width="2" opacity=".55"/>`;
  }
  return card(
    `<rect x="60" y="298" width="520" height="6" rx="3" fill="${MID}"/>
    ${turbine(160, 104, 74, 9)}
    ${turbine(262, 156, 52, 7)}
    ${pylon}
    <path d="M330 284 v16 M376 284 v16" stroke="${NAVY2}" stroke-width="6" stroke-linecap="round"/>
    <polygon points="${pts([a, b, c, d])}" fill="url(#gBlue)" stroke="${NAVY2}" stroke-width="5" stroke-linejoin="round"/>
    ${grid}
    <path d="M300 236 L330 236 L326 250 L296 250 Z" fill="${WHITE}" opacity=".25"/>
    <circle cx="372" cy="120" r="26" fill="${WHITE}"/><circle cx="372" cy="120" r="26" fill="none" stroke="${TEAL_SOFT}" stroke-width="4"/>
    <path d="M376 102 L362 124 H374 L368 140 L384 116 H372 Z" fill="${TEAL}" stroke="${TEAL}" stroke-width="2" stroke-linejoin="round"/>`,
    { bx: 320, by: 185, br: 165 },
  );
};

art["telecom-real-estate"] = () => {
  const building = (x, y, w, fill, win, cols, rows) => {
    let s = `<rect x="${x}" y="${y}" width="${w}" height="${300 - y}" fill="${fill}"/>`;
    const gx = (w - 16) / cols;
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++)
        s += `<rect x="${f(x + 8 + c * gx + 2)}" y="${y + 12 + r * 22}" width="${f(gx - 6)}" height="12" rx="2" fill="${(r * 3 + c * 5) % 7 === 0 ? TEAL : win}"/>`;
    return s;
  };
  const tx = 436;
  let lattice = "";
  for (let i = 0; i < 6; i++) {
    const y0 = 300 - i * 34;
    const y1 = y0 - 34;
    const w0 = 30 - i * 4.2;
    const w1 = 30 - (i + 1) * 4.2;
    lattice += `M${f(tx - w0)} ${y0} L${f(tx + w1)} ${y1} M${f(tx + w0)} ${y0} L${f(tx - w1)} ${y1} `;
  }
  const arcs = [28, 50, 72]
    .map(
      (r, i) =>
        `<path d="M${f(tx - r * 0.8)} ${f(86 - r * 0.6)} A${r} ${r} 0 0 0 ${f(tx - r * 0.8)} ${f(86 + r * 0.6)} M${f(tx + r * 0.8)} ${f(86 - r * 0.6)} A${r} ${r} 0 0 1 ${f(tx + r * 0.8)} ${f(86 + r * 0.6)}" fill="none" stroke="${TEAL}" stroke-width="6" stroke-linecap="round" opacity="${1 - i * 0.25}"/>`,
    )
    .join("");
  return card(
    `${building(96, 170, 60, MID, TINT, 2, 5)}
    ${building(290, 140, 56, MID, TINT, 2, 6)}
    ${building(150, 120, 80, "url(#gNavy)", "#4a57a0", 3, 8)}
    ${building(226, 196, 76, "url(#gBlue)", "#7f98ee", 3, 4)}
    <path d="M150 120 L190 96 L230 120 Z" fill="${NAVY}"/>
    <path d="M316 300 V230 L360 204 L404 230 V300 Z" fill="${WHITE}"/>
    <path d="M308 234 L360 200 L412 234" fill="none" stroke="${NAVY2}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="348" y="256" width="24" height="44" rx="3" fill="${BLUE}"/><rect x="326" y="242" width="16" height="16" rx="2" fill="${TEAL}"/><rect x="378" y="242" width="16" height="16" rx="2" fill="${TINT}"/>
    <path d="M${tx - 30} 300 L${tx} 92 L${tx + 30} 300" fill="none" stroke="${NAVY2}" stroke-width="6" stroke-linejoin="round"/>
    <path d="${lattice}" fill="none" stroke="${NAVY2}" stroke-width="3"/>
    <rect x="${tx - 18}" y="120" width="10" height="30" rx="3" fill="${BLUE}"/><rect x="${tx + 8}" y="120" width="10" height="30" rx="3" fill="${BLUE}"/>
    <path d="M${tx + 12} 182 a18 18 0 0 0 24 -24 Z" fill="${WHITE}" stroke="${NAVY2}" stroke-width="4" stroke-linejoin="round"/><path d="M${tx + 2} 178 h10" stroke="${NAVY2}" stroke-width="4"/>
    <circle cx="${tx}" cy="86" r="9" fill="${TEAL}" stroke="${NAVY2}" stroke-width="4"/>
    ${arcs}
    <rect x="70" y="298" width="500" height="8" rx="4" fill="${NAVY}"/>
    <path d="M522 300 V258" stroke="${NAVY2}" stroke-width="5" stroke-linecap="round"/><circle cx="522" cy="250" r="22" fill="${TEAL}"/><circle cx="514" cy="244" r="7" fill="${WHITE}" opacity=".35"/>
    <path d="M556 300 V274" stroke="${NAVY2}" stroke-width="4" stroke-linecap="round"/><circle cx="556" cy="268" r="14" fill="${MID}"/>`,
    { bx: 320, by: 190, br: 160 },
  );
};

art["bfsi-compliance-tech"] = () => {
  let cols = "";
  for (let i = 0; i < 5; i++) {
    const x = 172 + i * 40;
    cols += `<rect x="${x}" y="172" width="22" height="96" fill="url(#gBlue)"/><rect x="${x - 4}" y="166" width="30" height="8" rx="2" fill="${NAVY2}"/><rect x="${x + 4}" y="176" width="5" height="88" fill="${WHITE}" opacity=".3"/>`;
  }
  let coins = "";
  for (let i = 0; i < 5; i++) coins += `<ellipse cx="116" cy="${292 - i * 12}" rx="30" ry="10" fill="${i % 2 ? TEAL : "#4fc6cc"}" stroke="${WHITE}" stroke-width="2"/>`;
  return card(
    `${shadow(270, 304, 150, 8)}
    <path d="M150 150 L265 92 L380 150 Z" fill="url(#gNavy)" stroke="${NAVY2}" stroke-width="6" stroke-linejoin="round"/>
    <circle cx="265" cy="130" r="12" fill="${TEAL}"/>
    <rect x="152" y="150" width="226" height="16" fill="${NAVY}"/>
    ${cols}
    <rect x="156" y="268" width="218" height="12" fill="${NAVY2}"/>
    <rect x="140" y="280" width="250" height="14" rx="3" fill="${NAVY}"/>
    ${coins}
    <ellipse cx="116" cy="244" rx="30" ry="10" fill="${TEAL_SOFT}" stroke="${WHITE}" stroke-width="2"/>
    ${shadow(460, 318, 60, 6)}
    ${shield(460, 132, 132, 182, "check")}
    <g transform="translate(540 92)"><circle r="30" fill="${WHITE}"/><circle r="30" fill="none" stroke="${TINT}" stroke-width="4"/>
      <path d="M-9 -4 v-7 a9 9 0 0 1 18 0 v7" fill="none" stroke="${NAVY2}" stroke-width="5"/><rect x="-14" y="-4" width="28" height="22" rx="4" fill="${NAVY2}"/><circle cy="6" r="4" fill="${TEAL}"/></g>`,
    { bx: 320, by: 190, br: 160 },
  );
};

art["travel-mobility-logistics"] = () => {
  return card(
    `${shadow(320, 316, 190, 8)}
    <path d="M140 118 L254 96 V292 L140 314 Z" fill="${WHITE}"/>
    <path d="M254 96 L368 118 V314 L254 292 Z" fill="${TINT}"/>
    <path d="M368 118 L482 96 V292 L368 314 Z" fill="${WHITE}"/>
    <path d="M150 178 C200 166 230 200 254 186 M254 230 C300 240 330 210 368 222 M368 160 C410 150 440 176 482 160" fill="none" stroke="${MID}" stroke-width="4"/>
    <path d="M398 240 l30 -8 l18 28 l-34 10 Z" fill="${TEAL_SOFT}"/>
    <path d="M182 262 C230 262 250 200 300 206 S360 160 410 150" fill="none" stroke="${BLUE}" stroke-width="5" stroke-linecap="round" stroke-dasharray="12 10"/>
    <circle cx="182" cy="262" r="12" fill="${TEAL}" stroke="${WHITE}" stroke-width="4"/>
    <path d="M410 150 C392 128 378 114 378 96 A32 32 0 0 1 442 96 C442 114 428 128 410 150 Z" fill="url(#gNavy)"/>
    <circle cx="410" cy="96" r="12" fill="${TEAL}"/>
    ${plane(534, 88, 48, 0.55, BLUE)}
    <path d="M470 140 C490 130 500 120 508 108" fill="none" stroke="${TEAL}" stroke-width="4" stroke-linecap="round" stroke-dasharray="2 10"/>
    ${shadow(150, 322, 80, 6)}
    <rect x="76" y="238" width="104" height="60" rx="5" fill="url(#gBlue)"/>
    <path d="M92 254 H164" stroke="${WHITE}" stroke-width="5" stroke-linecap="round" opacity=".35"/>
    <path d="M184 256 H208 Q216 256 220 264 L230 282 V298 H184 Z" fill="${NAVY2}"/>
    <path d="M192 264 H210 L218 280 H192 Z" fill="${TINT}"/>
    <rect x="70" y="296" width="164" height="8" rx="3" fill="${NAVY}"/>
    <circle cx="104" cy="306" r="13" fill="${NAVY}"/><circle cx="104" cy="306" r="5" fill="${MID}"/>
    <circle cx="206" cy="306" r="13" fill="${NAVY}"/><circle cx="206" cy="306" r="5" fill="${MID}"/>`,
    { bx: 330, by: 185, br: 165 },
  );
};

art["digital-twins"] = () => {
  ISO.ox = 190;
  ISO.oy = 150;
  ISO.s = 1;
  const boxes = [isoBox(0, 0, 0, 110, 110, 30), isoBox(14, 14, 30, 52, 52, 80), isoBox(74, 40, 30, 28, 40, 34)];
  const strips = [0.3, 0.55, 0.8].map((k) => {
    const [a, b] = [iso(24, 66, 30 + 80 * k), iso(58, 66, 30 + 80 * k)];
    return `<path d="M${f(a[0])} ${f(a[1])} L${f(b[0])} ${f(b[1])}" stroke="${TEAL}" stroke-width="6" stroke-linecap="round"/>`;
  });
  const solid = boxes
    .map(
      (b) =>
        `<polygon points="${pts(b.left)}" fill="${BLUE}"/><polygon points="${pts(b.right)}" fill="${NAVY2}"/><polygon points="${pts(b.top)}" fill="${MID}"/>`,
    )
    .join("");
  const wire = boxes
    .map((b) => [b.left, b.right, b.top].map((p) => `<polygon points="${pts(p)}" fill="${TEAL}" fill-opacity=".07" stroke="${TEAL}" stroke-width="2.5" stroke-linejoin="round"/>`).join(""))
    .join("");
  const verts = [...boxes[1].top, boxes[0].left[0], boxes[0].left[1], boxes[0].right[0], boxes[0].top[0], boxes[0].top[1], boxes[0].top[3]].map(([x, y]) => `<circle cx="${f(x)}" cy="${f(y)}" r="4" fill="${WHITE}" stroke="${BLUE}" stroke-width="2"/>`);
  return card(
    `${shadow(190, 300, 110, 10)}${shadow(450, 300, 110, 10, 0.06)}
    <g>${solid}</g>
    ${strips.join("")}
    <g transform="translate(640 0) scale(-1 1)">${wire}${verts.join("")}</g>
    <path d="M320 60 V310" stroke="${MID}" stroke-width="3" stroke-dasharray="6 8"/>
    <circle cx="320" cy="184" r="30" fill="${WHITE}"/>
    <path d="M302 176 a20 20 0 0 1 34 -8 M338 192 a20 20 0 0 1 -34 8" fill="none" stroke="${BLUE}" stroke-width="5" stroke-linecap="round"/>
    <path d="M338 160 v10 h-10 Z M302 208 v-10 h10 Z" fill="${BLUE}" stroke="${BLUE}" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="286" cy="120" r="4" fill="${TEAL}"/><circle cx="354" cy="120" r="4" fill="${TEAL}"/><circle cx="286" cy="248" r="4" fill="${BLUE}"/><circle cx="354" cy="248" r="4" fill="${BLUE}"/>`,
    { bx: 320, by: 180, br: 170 },
  );
};

art["smart-audits"] = () => {
  let rows = "";
  for (let i = 0; i < 4; i++) {
    const y = 134 + i * 40;
    const done = i < 3;
    rows += `<rect x="190" y="${y}" width="22" height="22" rx="5" fill="${done ? TEAL : WHITE}" stroke="${done ? TEAL : MID}" stroke-width="3"/>`;
    if (done) rows += `<path d="M195 ${y + 11} l5 5 l8 -10" fill="none" stroke="${WHITE}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`;
    rows += `<rect x="224" y="${y + 3}" width="${[86, 66, 78, 54][i]}" height="7" rx="3.5" fill="${MID}"/><rect x="224" y="${y + 14}" width="${[54, 40, 48, 34][i]}" height="5" rx="2.5" fill="${TINT}"/>`;
  }
  return card(
    `${shadow(260, 322, 110, 8)}
    <rect x="168" y="84" width="172" height="230" rx="14" fill="url(#gNavy)"/>
    <rect x="180" y="104" width="148" height="198" rx="6" fill="${WHITE}"/>
    <rect x="218" y="74" width="72" height="26" rx="8" fill="${BLUE}"/><circle cx="254" cy="80" r="5" fill="${LIGHT}"/>
    ${rows}
    <g>
      <path d="M372 262 l46 46" stroke="${NAVY}" stroke-width="18" stroke-linecap="round"/>
      <circle cx="344" cy="232" r="48" fill="${WHITE}" fill-opacity=".75"/>
      <circle cx="344" cy="232" r="48" fill="${TEAL}" fill-opacity=".18"/>
      <rect x="322" y="234" width="10" height="20" rx="2" fill="${BLUE}"/><rect x="338" y="220" width="10" height="34" rx="2" fill="${TEAL}"/><rect x="354" y="228" width="10" height="26" rx="2" fill="${NAVY2}"/>
      <path d="M318 210 a30 30 0 0 1 18 -12" fill="none" stroke="${WHITE}" stroke-width="5" stroke-linecap="round"/>
      <circle cx="344" cy="232" r="48" fill="none" stroke="${NAVY2}" stroke-width="12"/>
    </g>
    ${shadow(490, 300, 48, 6)}
    ${shield(490, 118, 110, 166, "check")}`,
    { bx: 330, by: 190, br: 160 },
  );
};

art["retail-technology"] = () => {
  return card(
    `${storefront(112, 118, 180, 180)}
    <path d="M300 150 C340 100 380 110 404 130" fill="none" stroke="${BLUE}" stroke-width="4" stroke-linecap="round" stroke-dasharray="3 11"/>
    <circle cx="300" cy="150" r="6" fill="${TEAL}"/>
    <path d="M324 246 C350 262 372 262 396 252" fill="none" stroke="${TEAL}" stroke-width="4" stroke-linecap="round" stroke-dasharray="3 11"/>
    ${shadow(460, 322, 60, 6)}
    <rect x="400" y="62" width="124" height="252" rx="20" fill="url(#gNavy)"/>
    <rect x="410" y="80" width="104" height="214" rx="8" fill="${LIGHT}"/>
    <rect x="446" y="68" width="32" height="5" rx="2.5" fill="${NAVY}"/>
    <rect x="420" y="92" width="84" height="74" rx="6" fill="${WHITE}"/>
    <path d="M446 112 h32 l4 44 h-40 Z" fill="url(#gBlue)"/><path d="M454 112 v-5 a8 8 0 0 1 16 0 v5" fill="none" stroke="${NAVY2}" stroke-width="4"/>
    <rect x="420" y="176" width="60" height="8" rx="4" fill="${MID}"/><rect x="420" y="190" width="40" height="6" rx="3" fill="${TINT}" stroke="${MID}" stroke-width="1"/>
    <rect x="420" y="208" width="38" height="30" rx="5" fill="${WHITE}"/><rect x="466" y="208" width="38" height="30" rx="5" fill="${WHITE}"/>
    <circle cx="439" cy="223" r="8" fill="${TEAL}"/><rect x="477" y="215" width="16" height="16" rx="3" fill="${MID}"/>
    <rect x="420" y="256" width="84" height="24" rx="12" fill="${BLUE}"/>
    <path d="M452 268 h20" stroke="${WHITE}" stroke-width="4" stroke-linecap="round"/>
    <g transform="translate(548 108)"><circle r="24" fill="${TEAL}"/><path d="M-10 -4 h20 l-3 14 h-14 Z" fill="${WHITE}"/><path d="M-6 -4 v-3 a6 6 0 0 1 12 0 v3" fill="none" stroke="${WHITE}" stroke-width="3"/></g>
    <g transform="translate(358 90)"><circle r="20" fill="${WHITE}"/><path d="M-9 -2 a13 13 0 0 1 18 0 M-5 3 a7 7 0 0 1 10 0" fill="none" stroke="${BLUE}" stroke-width="3.5" stroke-linecap="round"/><circle cy="8" r="2.5" fill="${BLUE}"/></g>`,
    { bx: 330, by: 190, br: 165 },
  );
};

art["predictive-maintenance"] = () => {
  const wave = [];
  for (let x = 0; x <= 190; x += 4) {
    let y = Math.sin(x / 11) * 12 + Math.sin(x / 5) * 4;
    if (x > 120 && x < 156) y *= 2.8;
    wave.push([352 + x, 214 + y]);
  }
  const spike = wave.filter(([x]) => x >= 468 && x <= 512);
  return card(
    `${shadow(190, 306, 100, 8)}
    ${gear(188, 196, 92, 12, "url(#gNavy)", LIGHT, 30)}
    <circle cx="188" cy="196" r="56" fill="none" stroke="${BLUE}" stroke-width="10"/>
    <circle cx="188" cy="196" r="30" fill="${WHITE}"/><circle cx="188" cy="196" r="12" fill="${TEAL}"/>
    ${gear(290, 96, 44, 9, BLUE, LIGHT, 14)}
    ${shadow(454, 300, 120, 7, 0.08)}
    <rect x="332" y="132" width="236" height="156" rx="14" fill="${WHITE}"/>
    <rect x="332" y="132" width="236" height="156" rx="14" fill="none" stroke="${TINT}" stroke-width="3"/>
    <circle cx="354" cy="154" r="5" fill="${TEAL}"/><rect x="366" y="150" width="60" height="8" rx="4" fill="${TINT}"/>
    <path d="M352 184 H548 M352 214 H548 M352 244 H548" stroke="${LIGHT}" stroke-width="2"/>
    <rect x="466" y="172" width="48" height="96" rx="6" fill="${TEAL}" opacity=".16"/>
    <polyline points="${pts(wave)}" fill="none" stroke="${BLUE}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>
    <polyline points="${pts(spike)}" fill="none" stroke="${TEAL}" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/>
    <rect x="352" y="262" width="80" height="8" rx="4" fill="${TINT}"/><rect x="352" y="262" width="52" height="8" rx="4" fill="${BLUE}"/>
    <path d="M536 76 L574 142 H498 Z" fill="url(#gBlue)" stroke="${BLUE}" stroke-width="10" stroke-linejoin="round"/>
    <path d="M536 96 V120" stroke="${WHITE}" stroke-width="8" stroke-linecap="round"/><circle cx="536" cy="134" r="4.5" fill="${WHITE}"/>`,
    { bx: 330, by: 190, br: 165 },
  );
};

art["industrial-revolutions"] = () => {
  const xs = [122, 248, 374, 500];
  const nodeFill = [NAVY2, BLUE, "#4fb0d8", TEAL];
  const nodes = xs.map((x, i) => `<circle cx="${x}" cy="272" r="13" fill="${WHITE}" stroke="${nodeFill[i]}" stroke-width="5"/><circle cx="${x}" cy="272" r="5" fill="${nodeFill[i]}"/>`).join("");
  const steam = `<g transform="translate(122 196)">
    <circle cx="-26" cy="-58" r="8" fill="${TINT}"/><circle cx="-14" cy="-72" r="11" fill="${TINT}"/><circle cx="4" cy="-80" r="8" fill="${TINT}"/>
    <path d="M-34 -46 h16 l4 22 h-24 Z" fill="${NAVY}"/>
    <rect x="-46" y="-26" width="62" height="36" rx="12" fill="url(#gNavy)"/>
    <rect x="14" y="-48" width="34" height="58" rx="4" fill="${BLUE}"/><rect x="22" y="-40" width="18" height="16" rx="2" fill="${TINT}"/>
    <rect x="-52" y="8" width="104" height="10" rx="4" fill="${NAVY}"/>
    <circle cx="-30" cy="28" r="14" fill="${NAVY2}" stroke="${MID}" stroke-width="3"/><circle cx="2" cy="28" r="14" fill="${NAVY2}" stroke="${MID}" stroke-width="3"/><circle cx="34" cy="30" r="10" fill="${NAVY2}" stroke="${MID}" stroke-width="3"/>
    <path d="M-30 28 H34" stroke="${TEAL}" stroke-width="4" stroke-linecap="round"/></g>`;
  const bulb = `<g transform="translate(248 190)">
    <path d="M0 -66 A36 36 0 0 1 22 -2 C16 4 14 12 14 20 H-14 C-14 12 -16 4 -22 -2 A36 36 0 0 1 0 -66 Z" fill="url(#gBlue)"/>
    <path d="M-18 -44 a24 24 0 0 1 16 -12" fill="none" stroke="${WHITE}" stroke-width="5" stroke-linecap="round" opacity=".6"/>
    <path d="M-8 18 V0 l8 -12 l8 12 V18" fill="none" stroke="${TEAL}" stroke-width="3.5" stroke-linejoin="round"/>
    <rect x="-16" y="20" width="32" height="9" rx="3" fill="${NAVY2}"/><rect x="-14" y="31" width="28" height="9" rx="3" fill="${NAVY2}"/><rect x="-8" y="41" width="16" height="7" rx="3" fill="${NAVY}"/>
    <path d="M-48 -30 h-12 M48 -30 h12 M-36 -64 l-9 -9 M36 -64 l9 -9 M0 -78 v-12" stroke="${TEAL}" stroke-width="5" stroke-linecap="round"/></g>`;
  let pins = "";
  for (let i = 0; i < 4; i++) {
    const o = -27 + i * 18;
    pins += `<rect x="${o - 3}" y="-52" width="6" height="14" rx="2"/><rect x="${o - 3}" y="38" width="6" height="14" rx="2"/><rect x="-52" y="${o - 3}" width="14" height="6" rx="2"/><rect x="38" y="${o - 3}" width="14" height="6" rx="2"/>`;
  }
  const chip = `<g transform="translate(374 196)"><g fill="${NAVY2}">${pins}</g>
    <rect x="-42" y="-42" width="84" height="84" rx="10" fill="url(#gNavy)"/>
    <rect x="-24" y="-24" width="48" height="48" rx="6" fill="${TEAL}"/>
    <path d="M-24 -8 h-10 M-24 8 h-10 M24 -8 h10 M24 8 h10 M-8 -24 v-10 M8 -24 v-10 M-8 24 v10 M8 24 v10" stroke="${TEAL}" stroke-width="3"/>
    <rect x="-12" y="-12" width="24" height="24" rx="3" fill="${WHITE}" opacity=".5"/></g>`;
  const robot = `<g transform="translate(500 196)">
    <path d="M-34 48 L-26 30 H26 L34 48 Z" fill="${NAVY}"/>
    <rect x="-16" y="16" width="32" height="16" rx="4" fill="${NAVY2}"/>
    <path d="M0 20 L-18 -28" stroke="${BLUE}" stroke-width="18" stroke-linecap="round"/>
    <path d="M-18 -28 L28 -54" stroke="${BLUE}" stroke-width="14" stroke-linecap="round"/>
    <circle cx="0" cy="20" r="11" fill="${TEAL}" stroke="${NAVY2}" stroke-width="4"/>
    <circle cx="-18" cy="-28" r="11" fill="${TEAL}" stroke="${NAVY2}" stroke-width="4"/>
    <circle cx="28" cy="-54" r="8" fill="${NAVY2}"/>
    <path d="M30 -48 l10 14 l-4 8 M38 -58 l16 4 l4 8" fill="none" stroke="${NAVY2}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></g>`;
  return card(
    `<path d="M84 272 H548" stroke="${MID}" stroke-width="5" stroke-linecap="round"/>
    <path d="M540 262 l12 10 l-12 10" fill="none" stroke="${MID}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M122 272 H500" stroke="url(#gLine)" stroke-width="5"/>
    <defs><linearGradient id="gLine" x1="122" x2="500" y1="0" y2="0" gradientUnits="userSpaceOnUse">${bands(NAVY2, TEAL, 12)}</linearGradient></defs>
    ${nodes}
    ${steam}${bulb}${chip}${robot}
    ${xs.map((x, i) => `<rect x="${x - 20}" y="296" width="40" height="7" rx="3.5" fill="${i === 3 ? TEAL : MID}"/>`).join("")}`,
    { bx: 320, by: 180, br: 170 },
  );
};

art["carbon-credits"] = () => {
  return card(
    `${cloud(170, 120, 1.55, "url(#gNavy)")}
    <g transform="translate(170 126)">
      <path d="M-34 -5 H34 M-34 5 H34" stroke="${MID}" stroke-width="4"/>
      <circle cx="-38" cy="0" r="13" fill="${TEAL}"/><circle cx="38" cy="0" r="13" fill="${TEAL}"/>
      <circle cx="0" cy="0" r="17" fill="${WHITE}"/>
      <circle cx="-42" cy="-4" r="4" fill="${WHITE}" opacity=".5"/><circle cx="34" cy="-4" r="4" fill="${WHITE}" opacity=".5"/>
    </g>
    <path d="M210 178 C240 230 260 250 290 256" fill="none" stroke="${BLUE}" stroke-width="4" stroke-linecap="round" stroke-dasharray="3 10"/>
    <path d="M284 248 l12 8 l-12 8" fill="none" stroke="${BLUE}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
    ${shadow(330, 318, 70, 6)}
    <path d="M310 310 C300 240 320 170 410 140 C420 210 390 280 310 310 Z" fill="url(#gTeal)"/>
    <path d="M310 310 C340 260 366 210 400 158" fill="none" stroke="${WHITE}" stroke-width="5" stroke-linecap="round"/>
    <path d="M336 262 l-14 -22 M352 232 l-12 -26 M346 252 l28 -10 M366 216 l26 -8" stroke="${WHITE}" stroke-width="3.5" stroke-linecap="round"/>
    <path d="M310 310 l-10 12" stroke="${NAVY2}" stroke-width="5" stroke-linecap="round"/>
    ${shadow(498, 318, 70, 6)}
    <g transform="rotate(6 498 200)">
      <rect x="432" y="96" width="132" height="176" rx="8" fill="${WHITE}"/>
      <rect x="432" y="96" width="132" height="176" rx="8" fill="none" stroke="${MID}" stroke-width="3"/>
      <rect x="442" y="106" width="112" height="156" rx="4" fill="none" stroke="${TINT}" stroke-width="3"/>
      <rect x="462" y="124" width="72" height="10" rx="5" fill="${NAVY2}"/>
      <rect x="456" y="146" width="84" height="6" rx="3" fill="${MID}"/><rect x="466" y="160" width="64" height="6" rx="3" fill="${TINT}"/><rect x="456" y="174" width="84" height="6" rx="3" fill="${TINT}"/>
      <path d="M510 236 l-8 38 l12 -8 l8 12 l4 -38 M530 236 l10 34 l-14 -4 l-4 12 l-8 -38" fill="${TEAL}"/>
      <circle cx="520" cy="226" r="20" fill="${BLUE}" stroke="${WHITE}" stroke-width="4"/>
      <path d="M511 226 l6 6 l11 -12" fill="none" stroke="${WHITE}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
      <rect x="456" y="210" width="38" height="5" rx="2.5" fill="${TINT}"/>
    </g>`,
    { bx: 330, by: 190, br: 165 },
  );
};

/* ---------- home page hero artwork (transparent, drawn for the dark hero gradient) ---------- */

const HERO_W = 800;
const HERO_H = 640;
const SKY = "#93b4ff"; // light blue that reads on navy

/**
 * An isometric stack of glass layers — data tiles at the bottom, a neural network in the middle, an app window with a
 * rising bar chart on top — with a cloud and a chart card floating beside it. White at low opacities with teal and
 * light-blue accents, on no background: the page's gradient shows through.
 */
function heroSvg() {
  const C = 0.866;
  const ox = 404;
  const oy = 300;
  const S = 250; // layer size
  const P = (X, Y, Z) => [ox + (X - Y) * C, oy + (X + Y) * 0.5 - Z];
  const poly = (p, attrs) => `<polygon points="${pts(p)}" ${attrs}/>`;
  const line = (a, b, attrs) => `<line x1="${f(a[0])}" y1="${f(a[1])}" x2="${f(b[0])}" y2="${f(b[1])}" ${attrs}/>`;
  const NS = `vector-effect="non-scaling-stroke"`;
  // Flat content on the horizontal plane at height Z, drawn in plane coordinates (X runs right-down, Y left-down).
  const onPlane = (Z, body) => `<g transform="matrix(${C} .5 ${-C} .5 ${ox} ${f(oy - Z)})">${body}</g>`;
  // Content on an upright card at X = x0 facing front-right; u runs left to right from Y = y1, v runs down from Z = z1.
  const onRightCard = (x0, y1, z1, body) => `<g transform="matrix(${C} -.5 0 1 ${f(ox + (x0 - y1) * C)} ${f(oy + (x0 + y1) * 0.5 - z1)})">${body}</g>`;

  /** A glass slab: its two visible sides, then its top face (and whatever is drawn on it) on the plane. */
  const slab = (x, y, z, w, d, t, { top, stroke, left, right, body = "" }) => {
    const edge = `stroke="${WHITE}" stroke-opacity="${stroke}" stroke-width="1.5"`;
    return `${poly([P(x, y + d, z), P(x + w, y + d, z), P(x + w, y + d, z + t), P(x, y + d, z + t)], `fill="${left[0]}" fill-opacity="${left[1]}"`)}
    ${poly([P(x + w, y, z), P(x + w, y + d, z), P(x + w, y + d, z + t), P(x + w, y, z + t)], `fill="${right[0]}" fill-opacity="${right[1]}"`)}
    ${onPlane(z + t, `<rect x="${x}" y="${y}" width="${w}" height="${d}" fill="${top[0]}" fill-opacity="${top[1]}"/>${body}<rect x="${x}" y="${y}" width="${w}" height="${d}" fill="none" ${edge} ${NS}/>`)}
    ${line(P(x + w, y + d, z + t), P(x + w, y + d, z), edge)}`;
  };

  /** An upright box standing on the plane at height z (a bar of the chart). */
  const box = (x, y, z, w, d, h, [topC, leftC, rightC]) =>
    `${poly([P(x, y + d, z), P(x + w, y + d, z), P(x + w, y + d, z + h), P(x, y + d, z + h)], `fill="${leftC}"`)}
    ${poly([P(x + w, y, z), P(x + w, y + d, z), P(x + w, y + d, z + h), P(x + w, y, z + h)], `fill="${rightC}"`)}
    ${poly([P(x, y, z + h), P(x + w, y, z + h), P(x + w, y + d, z + h), P(x, y + d, z + h)], `fill="${topC}"`)}`;

  const glowDot = (x, y, r, col, halo = 2.4) =>
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * halo)}" fill="url(#hHalo${col === TEAL ? "T" : "W"})"/><circle cx="${f(x)}" cy="${f(y)}" r="${r}" fill="${col}"/>`;

  const zBase = 0;
  const zMid = 70;
  const zTop = 206;

  /* bottom layer: a grid of data tiles, a few lit */
  let tiles = "";
  const lit = { 3: TEAL, 8: SKY, 14: TEAL, 19: WHITE, 22: TEAL, 27: SKY, 29: TEAL, 33: WHITE, 35: SKY };
  for (let r = 0; r < 6; r++)
    for (let c = 0; c < 6; c++) {
      const col = lit[r * 6 + c];
      tiles += `<rect x="${-2 + c * 42}" y="${-2 + r * 42}" width="32" height="32" rx="5" fill="${col || WHITE}" fill-opacity="${col ? (col === WHITE ? 0.45 : 0.65) : 0.07}"/>`;
    }

  /* middle layer: a neural network, its layers running across the plane */
  const layers = [
    [48, [70, 140, 210]],
    [132, [40, 100, 160, 220]],
    [214, [90, 180]],
  ];
  const nodes = layers.map(([X, ys]) => ys.map((Y) => P(X, Y, zMid + 8)));
  let net = "";
  for (let i = 0; i < nodes.length - 1; i++) for (const a of nodes[i]) for (const b of nodes[i + 1]) net += line(a, b, `stroke="${WHITE}" stroke-opacity=".4" stroke-width="1.3"`);
  nodes.flat().forEach(([x, y], i) => (net += glowDot(x, y, 6, [TEAL, WHITE, SKY][i % 3])));

  /* top layer: an app window */
  const win = `
    <rect x="14" y="14" width="${S - 28}" height="${S - 28}" rx="10" fill="${WHITE}" fill-opacity=".08"/>
    <path d="M24 14 H${S - 24} A10 10 0 0 1 ${S - 14} 24 V40 H14 V24 A10 10 0 0 1 24 14 Z" fill="${WHITE}" fill-opacity=".14"/>
    <circle cx="30" cy="27" r="5" fill="${TEAL}"/><circle cx="46" cy="27" r="5" fill="${SKY}"/><circle cx="62" cy="27" r="5" fill="${WHITE}" fill-opacity=".7"/>
    <rect x="84" y="22" width="120" height="10" rx="5" fill="${WHITE}" fill-opacity=".22"/>
    <rect x="24" y="50" width="48" height="${S - 74}" rx="6" fill="${WHITE}" fill-opacity=".07"/>
    <rect x="32" y="62" width="32" height="8" rx="4" fill="${TEAL}"/>
    <rect x="32" y="80" width="24" height="8" rx="4" fill="${WHITE}" fill-opacity=".4"/>
    <rect x="32" y="98" width="28" height="8" rx="4" fill="${WHITE}" fill-opacity=".4"/>
    <rect x="32" y="116" width="20" height="8" rx="4" fill="${WHITE}" fill-opacity=".4"/>
    <rect x="82" y="50" width="70" height="64" rx="6" fill="${WHITE}" fill-opacity=".12"/>
    <circle cx="117" cy="82" r="19" fill="none" stroke="${WHITE}" stroke-opacity=".22" stroke-width="8"/>
    <circle cx="117" cy="82" r="19" fill="none" stroke="${TEAL}" stroke-width="8" stroke-dasharray="${f(2 * Math.PI * 19 * 0.68)} 200" transform="rotate(-90 117 82)"/>
    <rect x="160" y="50" width="66" height="64" rx="6" fill="${WHITE}" fill-opacity=".12"/>
    <rect x="170" y="63" width="42" height="8" rx="4" fill="${WHITE}" fill-opacity=".75"/>
    <rect x="170" y="79" width="30" height="6" rx="3" fill="${WHITE}" fill-opacity=".35"/>
    <rect x="170" y="93" width="38" height="6" rx="3" fill="${WHITE}" fill-opacity=".35"/>
    <rect x="82" y="124" width="144" height="102" rx="6" fill="${WHITE}" fill-opacity=".12"/>
    <path d="M94 208 H214" stroke="${WHITE}" stroke-opacity=".3" stroke-width="1.2" ${NS}/>`;
  let bars = "";
  [30, 48, 38, 66, 96].forEach((h, i) => {
    const faces = i === 4 ? ["#b5f1f3", TEAL, "#3fb7c0"] : i === 3 ? ["#d3dfff", SKY, "#6f8fe6"] : ["#ffffff", "#e3eaff", "#aebff0"];
    bars += box(98 + i * 24, 186, zTop + 12, 14, 14, h, faces);
  });

  /* vertical beams between the layers at the three visible corners, with data on the move */
  let beams = "";
  for (const [x, y] of [
    [S, 0],
    [0, S],
    [S, S],
  ])
    beams += line(P(x, y, zBase + 10), P(x, y, zTop), `stroke="${WHITE}" stroke-opacity=".3" stroke-width="1.2" stroke-dasharray="3 5"`);
  const packets = [
    [S, S, 48, TEAL],
    [S, 0, 150, WHITE],
    [0, S, 140, TEAL],
  ]
    .map(([x, y, z, c]) => glowDot(...P(x, y, z), 4, c))
    .join("");

  /* a glass cloud above the stack's left, linked down to the window */
  const [cx, cy] = [196, 106];
  const cloudPath = "M-62 24 C-88 24 -92 -8 -66 -14 C-66 -44 -30 -56 -12 -34 C-2 -62 48 -62 50 -22 C78 -24 84 20 58 24 Z";
  const cl = P(0, 150, zTop + 12);
  const cloudArt = `<path d="M${cx} ${cy + 26} V${f(cl[1] - 24)} Q${cx} ${f(cl[1])} ${f(cx + 24)} ${f(cl[1])} H${f(cl[0])}" fill="none" stroke="${WHITE}" stroke-opacity=".4" stroke-width="1.5" stroke-dasharray="3 5"/>
    ${glowDot(cl[0], cl[1], 4, WHITE)}
    <g transform="translate(${cx} ${cy})">
      <path d="${cloudPath}" fill="${WHITE}" fill-opacity=".16" stroke="${WHITE}" stroke-opacity=".8" stroke-width="2" stroke-linejoin="round"/>
      <path d="M0 12 V-14 M-11 -3 L0 -14 L11 -3" fill="none" stroke="${TEAL}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
    </g>
    ${glowDot(cx, cy + 26, 4, TEAL)}`;

  /* an upright chart card at the right */
  const cw = 136;
  const chh = 100;
  const trend = [
    [16, 74],
    [38, 62],
    [60, 68],
    [82, 44],
    [104, 48],
    [120, 24],
  ];
  // Floating just right of the stack's top corner.
  const cardAt = [S + 64, 42, 266];
  const card = onRightCard(
    ...cardAt,
    `<rect width="${cw}" height="${chh}" rx="8" fill="url(#hGlass)"/>
     <rect width="${cw}" height="${chh}" rx="8" fill="none" stroke="${WHITE}" stroke-opacity=".6" stroke-width="1.5" ${NS}/>
     <rect x="16" y="13" width="44" height="7" rx="3.5" fill="${WHITE}" fill-opacity=".7"/>
     <rect x="66" y="13" width="20" height="7" rx="3.5" fill="${TEAL}"/>
     <path d="M${pts(trend)} V88 H16 Z" fill="url(#hArea)"/>
     <polyline points="${pts(trend)}" fill="none" stroke="${TEAL}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"/>
     <circle cx="120" cy="24" r="5" fill="${WHITE}"/>`,
  );

  const mid = P(S / 2, S / 2, zMid);
  // A faint outline around the base, like a ripple, and a few specks of light.
  const ripple = (m) => [P(-22 - m, -22 - m, 0), P(S + 22 + m, -22 - m, 0), P(S + 22 + m, S + 22 + m, 0), P(-22 - m, S + 22 + m, 0)];
  const ripples = poly(ripple(36), `fill="none" stroke="${WHITE}" stroke-opacity=".12" stroke-width="1.2"`);
  const specks = [
    [96, 268, 2.5, WHITE, 0.5],
    [716, 440, 3, TEAL, 0.9],
    [578, 70, 2, WHITE, 0.6],
    [124, 470, 2, SKY, 0.8],
    [742, 110, 2, WHITE, 0.4],
    [300, 40, 2.5, TEAL, 0.7],
  ]
    .map(([x, y, r, c, o]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}" fill-opacity="${o}"/>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${HERO_W}" height="${HERO_H}" viewBox="0 0 ${HERO_W} ${HERO_H}">
  <defs>
    <radialGradient id="hGlow" cx=".5" cy=".5" r=".5">${bands(WHITE, WHITE, 6, { o0: 0.16, o1: 0 })}</radialGradient>
    <radialGradient id="hHaloT" cx=".5" cy=".5" r=".5">${bands(TEAL, TEAL, 6, { o0: 0.45, o1: 0.05 })}</radialGradient>
    <radialGradient id="hHaloW" cx=".5" cy=".5" r=".5">${bands(WHITE, WHITE, 6, { o0: 0.4, o1: 0.04 })}</radialGradient>
    <linearGradient id="hTop" x1="0" y1="0" x2="1" y2="1">${bands(WHITE, WHITE, 8, { o0: 0.2, o1: 0.1 })}</linearGradient>
    <linearGradient id="hGlass" x1="0" y1="0" x2="1" y2="1">${bands(WHITE, WHITE, 8, { o0: 0.26, o1: 0.08 })}</linearGradient>
    <linearGradient id="hArea" x1="0" y1="0" x2="0" y2="1">${bands(TEAL, TEAL, 8, { o0: 0.45, o1: 0.02 })}</linearGradient>
  </defs>
  <ellipse cx="${f(mid[0])}" cy="${f(mid[1])}" rx="230" ry="130" fill="url(#hGlow)"/>
  ${ripples}
  ${specks}
  ${slab(-22, -22, zBase, S + 44, S + 44, 10, { top: [WHITE, 0.05], stroke: 0.25, left: [WHITE, 0.14], right: [WHITE, 0.07], body: tiles })}
  ${beams}
  ${slab(0, 0, zMid, S, S, 8, { top: [WHITE, 0.1], stroke: 0.4, left: [WHITE, 0.2], right: [WHITE, 0.1] })}
  ${net}
  ${packets}
  ${slab(0, 0, zTop, S, S, 12, { top: ["url(#hTop)", 1], stroke: 0.65, left: [SKY, 0.4], right: [BLUE, 0.6], body: win })}
  ${bars}
  ${cloudArt}
  ${card}
</svg>`;
}

/* ---------- brand mark, icons and Open Graph image ---------- */

async function brandMark() {
  const svg = await readFile(join(pub, "favicon.svg"), "utf8");
  const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
  const rect = inner.match(/<rect[^>]*\/>/)?.[0] ?? "";
  const fill = rect.match(/fill="([^"]+)"/)?.[1] ?? NAVY2;
  return { inner, glyph: inner.replace(rect, ""), fill };
}

/**
 * Full-bleed, opaque icon (safe as maskable and as apple-touch-icon): the favicon's own square and glyph drawn inside
 * ~12% padding on its background colour, the glyph nudged up to sit in the optical centre (it spans y 11.5-26.5 of 32).
 * Its corners stay within the maskable safe zone (the centred circle of 80% diameter).
 */
function iconSvg(mark, size) {
  const pad = size * 0.12;
  const s = (size - 2 * pad) / 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    <rect width="${size}" height="${size}" fill="${mark.fill}"/>
    <g transform="translate(${f(pad)} ${f(pad - 3 * s)}) scale(${f(s * 1000) / 1000})">${mark.glyph}</g></svg>`;
}

function ogSvg(mark) {
  const font = "'Segoe UI', 'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', system-ui, sans-serif";
  const arcs = [170, 250, 330, 410]
    .map((r, i) => `<circle cx="1060" cy="560" r="${r}" fill="none" stroke="${i % 2 ? TEAL : BLUE}" stroke-width="${18 - i * 3}" opacity="${0.34 - i * 0.06}"/>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">${bands(NAVY, NAVY2, 14)}</linearGradient>
    <pattern id="dots" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="14" cy="14" r="1.8" fill="${WHITE}" opacity=".09"/></pattern>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect width="1200" height="630" fill="url(#dots)"/>
  ${arcs}
  <circle cx="1060" cy="560" r="90" fill="${TEAL}" opacity=".12"/>
  <circle cx="${f(1060 + 250 * Math.cos(-2.2))}" cy="${f(560 + 250 * Math.sin(-2.2))}" r="9" fill="${TEAL}"/>
  <circle cx="${f(1060 + 410 * Math.cos(-2.6))}" cy="${f(560 + 410 * Math.sin(-2.6))}" r="7" fill="${TEAL}" opacity=".7"/>
  <circle cx="${f(1060 + 330 * Math.cos(-1.75))}" cy="${f(560 + 330 * Math.sin(-1.75))}" r="6" fill="${WHITE}" opacity=".6"/>
  <g transform="translate(100 130) scale(4.5)">${mark.inner}</g>
  <rect x="100" y="130" width="144" height="144" rx="36" fill="none" stroke="${WHITE}" stroke-opacity=".14" stroke-width="2"/>
  <text x="94" y="424" fill="${WHITE}" font-family="${font}" font-size="112" font-weight="700" letter-spacing="-3">Arcline</text>
  <text x="100" y="490" fill="#c9d3f7" font-family="${font}" font-size="40" font-weight="400">Software, cloud, AI and data services</text>
  <rect x="100" y="526" width="88" height="8" rx="4" fill="${TEAL}"/>
</svg>`;
}

/* ---------- PNG re-encoding: exact palette when an image has few colours, else lossless truecolour ---------- */

const CRC_TABLE = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
function crc32(buf) {
  let c = -1;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** Adaptive per-row filtering (minimum sum of absolute differences), as libpng does. */
function filterRows(raw, width, height, bpp) {
  const stride = width * bpp;
  const out = Buffer.alloc((stride + 1) * height);
  const cand = Array.from({ length: 5 }, () => Buffer.alloc(stride));
  for (let y = 0; y < height; y++) {
    const row = raw.subarray(y * stride, (y + 1) * stride);
    const prev = y ? raw.subarray((y - 1) * stride, y * stride) : Buffer.alloc(stride);
    let best = 0;
    let bestSum = Infinity;
    for (let t = 0; t < 5; t++) {
      const c = cand[t];
      let sum = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= bpp ? row[i - bpp] : 0;
        const b = prev[i];
        const cc = i >= bpp ? prev[i - bpp] : 0;
        let p;
        if (t === 0) p = 0;
        else if (t === 1) p = a;
        else if (t === 2) p = b;
        else if (t === 3) p = (a + b) >> 1;
        else {
          const pa = Math.abs(b - cc);
          const pb = Math.abs(a - cc);
          const pc = Math.abs(a + b - 2 * cc);
          p = pa <= pb && pa <= pc ? a : pb <= pc ? b : cc;
        }
        const v = (row[i] - p) & 0xff;
        c[i] = v;
        sum += v < 128 ? v : 256 - v;
      }
      if (sum < bestSum) {
        bestSum = sum;
        best = t;
      }
    }
    out[y * (stride + 1)] = best;
    cand[best].copy(out, y * (stride + 1) + 1);
  }
  return out;
}

/** Encodes RGBA pixels as the smallest of: 8-bit palette (if <= 256 distinct colours) or RGB/RGBA truecolour. */
function encodePng(rgba, width, height) {
  const ihdr = (colorType, depth = 8) => {
    const b = Buffer.alloc(13);
    b.writeUInt32BE(width, 0);
    b.writeUInt32BE(height, 4);
    b[8] = depth;
    b[9] = colorType;
    return chunk("IHDR", b);
  };
  const sig = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  const n = width * height;
  let opaque = true;
  const colors = new Map();
  for (let i = 0; i < n; i++) {
    if (rgba[i * 4 + 3] !== 255) opaque = false;
    if (colors.size <= 256) {
      const key = rgba.readUInt32BE(i * 4);
      if (!colors.has(key)) colors.set(key, colors.size);
    }
  }
  const candidates = [];
  if (colors.size <= 256) {
    const idx = Buffer.alloc(n);
    for (let i = 0; i < n; i++) idx[i] = colors.get(rgba.readUInt32BE(i * 4));
    const plte = Buffer.alloc(colors.size * 3);
    const trns = Buffer.alloc(colors.size);
    for (const [key, j] of colors) {
      plte[j * 3] = key >>> 24;
      plte[j * 3 + 1] = (key >>> 16) & 0xff;
      plte[j * 3 + 2] = (key >>> 8) & 0xff;
      trns[j] = key & 0xff;
    }
    const data = deflateSync(filterRows(idx, width, height, 1), { level: 9, memLevel: 9 });
    const data0 = deflateSync(Buffer.concat(Array.from({ length: height }, (_, y) => Buffer.concat([Buffer.from([0]), idx.subarray(y * width, (y + 1) * width)]))), {
      level: 9,
      memLevel: 9,
    });
    candidates.push(
      Buffer.concat([sig, ihdr(3), chunk("PLTE", plte), ...(opaque ? [] : [chunk("tRNS", trns)]), chunk("IDAT", data0.length < data.length ? data0 : data), chunk("IEND", Buffer.alloc(0))]),
    );
  }
  let px = rgba;
  let bpp = 4;
  if (opaque) {
    px = Buffer.alloc(n * 3);
    for (let i = 0; i < n; i++) rgba.copy(px, i * 3, i * 4, i * 4 + 3);
    bpp = 3;
  }
  const data = deflateSync(filterRows(px, width, height, bpp), { level: 9, memLevel: 9 });
  candidates.push(Buffer.concat([sig, ihdr(opaque ? 2 : 6), chunk("IDAT", data), chunk("IEND", Buffer.alloc(0))]));
  return candidates.reduce((a, b) => (b.length < a.length ? b : a));
}

/* ---------- rendering ---------- */


/**
 * Draws the SVG into a canvas in the page and returns a PNG (encoded here) and, if asked, Chromium's WebP.
 * `quantize` > 0 maps the PNG's pixels to a palette of that many colours first (the WebP is made from the unquantized canvas).
 * `webpAlphaLevels` > 0 snaps the WebP's alpha to that many levels first: Chromium keeps WebP alpha lossless, and a
 * plane of 256 levels costs several times the lossy colour; at 16 or fewer levels it is packed four bits a pixel.
 */
async function render(page, svg, width, height, { webp = false, quantize = 0, webpAlphaLevels = 0 } = {}) {
  const res = await page.evaluate(
    async ({ svg, width, height, webp, quantize, webpAlphaLevels }) => {
      const img = new Image();
      img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext("2d");
      ctx.drawImage(img, 0, 0, width, height);
      const out = {};
      if (webp && webpAlphaLevels) {
        // Levels by 1-D k-means over the alpha histogram (0 and 255 pinned), so large flat areas keep their exact alpha.
        const img = ctx.getImageData(0, 0, width, height);
        const d = img.data;
        const hist = new Float64Array(256);
        for (let i = 3; i < d.length; i += 4) hist[d[i]]++;
        let levels = Array.from({ length: webpAlphaLevels }, (_, i) => Math.round(255 * (i / (webpAlphaLevels - 1)) ** 1.5));
        const nearest = new Uint8Array(256);
        const assign = () => {
          for (let v = 0; v < 256; v++) nearest[v] = levels.reduce((b, l, j) => (Math.abs(l - v) < Math.abs(levels[b] - v) ? j : b), 0);
        };
        for (let iter = 0; iter < 30; iter++) {
          assign();
          const sum = new Float64Array(levels.length);
          const cnt = new Float64Array(levels.length);
          for (let v = 0; v < 256; v++) {
            sum[nearest[v]] += v * hist[v];
            cnt[nearest[v]] += hist[v];
          }
          levels = levels.map((l, j) => (j === 0 || j === levels.length - 1 || !cnt[j] ? l : Math.round(sum[j] / cnt[j])));
        }
        assign();
        for (let i = 3; i < d.length; i += 4) d[i] = levels[nearest[d[i]]];
        const snapped = document.createElement("canvas");
        snapped.width = width;
        snapped.height = height;
        snapped.getContext("2d").putImageData(img, 0, 0);
        out.webp = snapped.toDataURL("image/webp", 0.82);
      } else if (webp) out.webp = canvas.toDataURL("image/webp", 0.82);
      const data = ctx.getImageData(0, 0, width, height).data;
      if (quantize) {
        // Median-cut palette of `quantize` colours, then nearest-colour mapping (no dither: flat art stays flat).
        // Colours are RGBA, compared premultiplied (a faint pixel's colour matters as little as it shows); for opaque
        // art the alpha channel is constant and this is plain RGB median cut.
        const n = width * height;
        const keyAt = (i) => data[i * 4] * 0x1000000 + ((data[i * 4 + 1] << 16) | (data[i * 4 + 2] << 8) | data[i * 4 + 3]);
        const rgbaOf = (k) => [Math.floor(k / 0x1000000), (k >> 16) & 255, (k >> 8) & 255, k & 255];
        const premul = ([r, g, b, a]) => [(r * a) / 255, (g * a) / 255, (b * a) / 255, a];
        const counts = new Map();
        for (let i = 0; i < n; i++) {
          const k = keyAt(i);
          counts.set(k, (counts.get(k) || 0) + 1);
        }
        // Large flat areas keep their exact colour; median cut shares the other slots among edge and gradient tones.
        const byCount = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([k, c]) => [k, c, premul(rgbaOf(k))]);
        const exact = byCount.filter(([, c]) => c >= n / 1000).slice(0, quantize >> 1);
        const rest = byCount.slice(exact.length);
        let boxes = rest.length ? [rest] : [];
        const slots = quantize - exact.length;
        const range = (box) => {
          let best = [0, -1];
          for (let ch = 0; ch < 4; ch++) {
            let lo = 255;
            let hi = 0;
            for (const [, , v] of box) {
              if (v[ch] < lo) lo = v[ch];
              if (v[ch] > hi) hi = v[ch];
            }
            if (hi - lo > best[1]) best = [ch, hi - lo];
          }
          return best;
        };
        while (boxes.length && boxes.length < slots) {
          let bi = -1;
          let bestScore = 0;
          boxes.forEach((b, i) => {
            if (b.length < 2) return;
            const [, r] = range(b);
            const w = b.reduce((s, [, c]) => s + c, 0);
            const score = r * Math.sqrt(w);
            if (score > bestScore) {
              bestScore = score;
              bi = i;
            }
          });
          if (bi < 0) break;
          const box = boxes[bi];
          const [ch] = range(box);
          box.sort((a, b) => a[2][ch] - b[2][ch]);
          const total = box.reduce((s, [, c]) => s + c, 0);
          let acc = 0;
          let cut = 1;
          for (let i = 0; i < box.length - 1; i++) {
            acc += box[i][1];
            if (acc >= total / 2) {
              cut = i + 1;
              break;
            }
          }
          boxes.splice(bi, 1, box.slice(0, cut), box.slice(cut));
        }
        const pal = exact.map(([k]) => rgbaOf(k));
        for (const b of boxes) {
          const sum = [0, 0, 0, 0];
          let w = 0;
          for (const [, c, v] of b) {
            for (let ch = 0; ch < 4; ch++) sum[ch] += v[ch] * c;
            w += c;
          }
          // Back from premultiplied (exactly the plain average when the box is opaque).
          const a = sum[3] / w;
          const un = (s) => (a === 255 ? Math.round(s / w) : a ? Math.min(255, Math.round((s * 255) / sum[3])) : 0);
          pal.push([un(sum[0]), un(sum[1]), un(sum[2]), Math.round(a)]);
        }
        const palPm = pal.map((c) => [c, premul(c)]);
        const cache = new Map();
        for (let i = 0; i < n; i++) {
          const k = keyAt(i);
          let p = cache.get(k);
          if (!p) {
            const [r, g, b, a] = premul(rgbaOf(k));
            let bd = Infinity;
            for (const [c, v] of palPm) {
              const d = 2 * (r - v[0]) ** 2 + 4 * (g - v[1]) ** 2 + 3 * (b - v[2]) ** 2 + 3 * (a - v[3]) ** 2;
              if (d < bd) {
                bd = d;
                p = c;
              }
            }
            cache.set(k, p);
          }
          data[i * 4] = p[0];
          data[i * 4 + 1] = p[1];
          data[i * 4 + 2] = p[2];
          data[i * 4 + 3] = p[3];
        }
      }
      let bin = "";
      for (let i = 0; i < data.length; i += 0x8000) bin += String.fromCharCode.apply(null, data.subarray(i, i + 0x8000));
      out.rgba = btoa(bin);
      return out;
    },
    { svg, width, height, webp, quantize, webpAlphaLevels },
  );
  const rgba = Buffer.from(res.rgba, "base64");
  return { png: encodePng(rgba, width, height), webp: res.webp ? Buffer.from(res.webp.split(",")[1], "base64") : null };
}

/** Everything this script makes, by name; `node scripts/make-images.mjs hero og-image` makes just those. */
const ICONS = [
  ["icon-192", 192],
  ["icon-512", 512],
  ["apple-touch-icon", 180],
];
const NAMES = [...Object.keys(art), "hero", ...ICONS.map(([name]) => name), "og-image"];

async function main() {
  const started = Date.now();
  const only = process.argv.slice(2);
  const unknown = only.filter((name) => !NAMES.includes(name));
  if (unknown.length) throw new Error(`Unknown image ${unknown.join(", ")}; one of: ${NAMES.join(", ")}`);
  const want = (name) => !only.length || only.includes(name);
  const executablePath = chromiumPath;
  if (!existsSync(executablePath)) throw new Error(`No Chromium at ${executablePath}; install it or set CHROMIUM_PATH.`);
  await mkdir(join(pub, "png"), { recursive: true });
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  const rows = [];
  try {
    const page = await browser.newPage();
    await page.setContent("<!doctype html><title>images</title>");
    const write = async (rel, buf) => {
      await writeFile(join(pub, rel), buf);
      rows.push([rel, buf.length]);
    };
    for (const [name, draw] of Object.entries(art)) {
      if (!want(name)) continue;
      const { png, webp } = await render(page, draw(), W, H, { webp: true, quantize: 256 });
      await write(`png/${name}.png`, png);
      await write(`png/${name}.webp`, webp);
    }
    if (want("hero")) {
      const { png, webp } = await render(page, heroSvg(), HERO_W, HERO_H, { webp: true, quantize: 256, webpAlphaLevels: 16 });
      await write("png/hero.png", png);
      await write("png/hero.webp", webp);
    }
    const mark = await brandMark();
    for (const [name, size] of ICONS) {
      if (want(name)) await write(`${name}.png`, (await render(page, iconSvg(mark, size), size, size)).png);
    }
    if (want("og-image")) await write("og-image.png", (await render(page, ogSvg(mark), 1200, 630, { quantize: 256 })).png);
  } finally {
    await browser.close();
  }
  for (const [rel, bytes] of rows) console.log(`${(bytes / 1024).toFixed(1).padStart(6)} KB  public/${rel}`);
  console.log(`${rows.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

await main();
