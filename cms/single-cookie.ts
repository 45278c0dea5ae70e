/**
 * Keystatic's page reads the GitHub token from `document.cookie`, and the first copy of a name wins. A sibling
 * host of the editor's domain can add a copy with a longer path, which the browser lists first. With two
 * copies this page sees none: Keystatic then asks the server for a new token, and the server refuses every
 * request that carries both (cms/server/sign-in.ts), so the planted token is never used.
 */
export function hideDuplicatedCookie(name: string, target: object = document) {
  let proto: object | null = Object.getPrototypeOf(target);
  let native: PropertyDescriptor | undefined;
  while (proto && !(native = Object.getOwnPropertyDescriptor(proto, "cookie"))) proto = Object.getPrototypeOf(proto);
  if (!native?.get || !native.set) return;
  const { get, set } = native;
  Object.defineProperty(target, "cookie", {
    configurable: true,
    get(this: object) {
      const pairs = (get.call(this) as string).split(/;\s*/);
      const copies = pairs.filter((pair) => pair.startsWith(`${name}=`)).length;
      return copies > 1 ? pairs.filter((pair) => !pair.startsWith(`${name}=`)).join("; ") : pairs.join("; ");
    },
    set(this: object, value: string) {
      set.call(this, value);
    },
  });
}
