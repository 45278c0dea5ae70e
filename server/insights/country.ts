import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Reader } from "mmdb-lib";

/*
 * The visitor's country from their IP, looked up in a country database shipped as an npm package
 * (@ip-location-db/geo-whois-asn-country-mmdb: data CC BY 4.0 by the NRO, read with mmdb-lib). Read once at
 * start-up from node_modules: no network, no account. Only the two-letter code is kept, never the IP.
 */

// This database's records hold only a country code (not MaxMind's layout that mmdb-lib's types describe).
type CountryReader = { get(ip: string): { country_code?: string } | null };

export function loadCountryLookup(): (ip: string) => string | null {
  let reader: CountryReader;
  try {
    const file = createRequire(import.meta.url).resolve("@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb");
    reader = new Reader(readFileSync(file)) as unknown as CountryReader;
  } catch {
    // Without the database, counts are kept with an unknown country rather than not at all.
    return () => null;
  }
  return (ip) => {
    try {
      const code = reader.get(ip)?.country_code;
      return code && /^[A-Z]{2}$/.test(code) ? code : null;
    } catch {
      return null;
    }
  };
}
