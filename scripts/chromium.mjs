// The one place that says which Chromium we drive and how (tests, bench, image rendering).
// Debian's Chromium, never a downloaded browser; CHROMIUM_PATH points elsewhere.
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

// Headless on a machine with no network but loopback: without the background-networking flags Chromium
// keeps trying to reach Google's services and logs refused connections.
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];
