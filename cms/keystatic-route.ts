/**
 * The route Keystatic's API handler reads from a request's path, derived exactly as it does (the part after
 * /api/keystatic, segments decoded, empty ones dropped): /update?x, //update and /update/ are all "update", and
 * /api/keystatic/github//oauth/callback/ is "github/oauth/callback". A check that compares paths any other way
 * can be walked around. Undefined when a segment cannot be decoded (Keystatic would fail on it).
 */
export function keystaticRoute(pathname: string) {
  try {
    return pathname.replace(/^\/api\/keystatic\/?/, "").split("/").map((segment) => decodeURIComponent(segment)).filter(Boolean).join("/");
  } catch {
    return undefined;
  }
}
