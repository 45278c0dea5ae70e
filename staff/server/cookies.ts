/**
 * The session cookie's name: `__Host-` on https (the browser then takes it only from a secure page of this exact
 * host, with Path=/ and no Domain), a plain name on http (a `__Host-` cookie needs Secure, which http cannot set).
 */
export function sessionCookieName(staffUrl: string): string {
  return staffUrl.startsWith("https://") ? "__Host-staff_session" : "staff_session";
}
