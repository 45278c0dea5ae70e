/*
 * At most PER_ADDRESS distinct visitor keys counted per client address and company day: one client that changes
 * its user agent on every post (any script can) counts as at most 30 visitors a day, not one per post. The
 * address is held only as a keyed hash under the day's salt (visitor-key.ts), in this process's memory, and the
 * whole table is dropped when the day changes. Per instance: with several instances behind one balancer a client
 * can reach up to 30 per instance (decision 34). A company behind one shared address is undercounted past 30.
 * The address is an IPv4 address or an IPv6 /48 (ingest.ts), so one client with a /48 is one address, not 65,536.
 */

export const PER_ADDRESS = 30;
/**
 * Addresses held per day: bounded memory (about 1.5 KB each at worst). Past it, a new address is counted
 * without the per-address check rather than refused: whoever filled the table (20,000 IPv4 addresses or /48s)
 * must not be able to stop every real new visitor being counted until midnight. Addresses already held keep
 * their limit.
 */
export const MAX_ADDRESSES = 20_000;

export function createAddressLimit({ perAddress = PER_ADDRESS, maxAddresses = MAX_ADDRESSES }: { perAddress?: number; maxAddresses?: number } = {}) {
  let day = "";
  let seen = new Map<string, Set<string>>();
  return {
    /** Whether `visitor` may be counted for `address` (a keyed hash) on `today`; a key already counted always may. */
    admit(address: string, visitor: string, today: string): boolean {
      if (today !== day) {
        day = today;
        seen = new Map();
      }
      let keys = seen.get(address);
      if (!keys) {
        if (seen.size >= maxAddresses) return true;
        keys = new Set();
        seen.set(address, keys);
      }
      if (keys.has(visitor)) return true;
      if (keys.size >= perAddress) return false;
      keys.add(visitor);
      return true;
    },
  };
}

export type AddressLimit = ReturnType<typeof createAddressLimit>;
