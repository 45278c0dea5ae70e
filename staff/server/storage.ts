import type { Store } from "../../server/db/store";
import type { Role, StaffPerson } from "./context";

/*
 * The workspace's tables in the message database (people, sign-in links, sessions, passkeys, the audit log),
 * reached through the store's own connection, like visit counts (server/insights/storage.ts). Kept apart from the
 * Store interface: signing staff in is not about leads.
 */

export type AuditLine = { id: number; at: string; actor: string; action: string; subject: string | null; detail: string | null };

export interface StaffStorage {
  /**
   * The person a session cookie's id names, if the session is still alive at `now` (idle and absolute limits), and
   * marks it used; null otherwise. Only a hash of the id is stored.
   */
  sessionPerson(sessionId: string, now: Date): Promise<{ person: StaffPerson } | null>;
  /** Appends to the audit log (append-only: no method changes or deletes a line). */
  appendAudit(line: Omit<AuditLine, "id">): Promise<void>;
}

export type { Role };

/** Opens the workspace's storage on the store's own connection (SQLite or PostgreSQL). */
export function staffStorage(store: Store): StaffStorage {
  // Skeleton: the tables and both engines come with the sign-in work (issue 37).
  void store;
  return {
    sessionPerson: async () => null,
    appendAudit: async () => {},
  };
}
