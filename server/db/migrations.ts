/*
 * Versioned schema changes, applied in order and recorded in schema_migrations. Never edit a shipped
 * migration: databases in the field have already run it. Add a new version instead.
 */
export type Migration = { version: number; name: string; statements: string[] };

export const migrations: Migration[] = [
  {
    version: 1,
    name: "create messages",
    statements: [
      `CREATE TABLE messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        company TEXT NOT NULL DEFAULT '',
        message TEXT NOT NULL,
        created_at TEXT NOT NULL,
        ip TEXT,
        user_agent TEXT,
        verification TEXT NOT NULL CHECK (verification IN ('verified', 'unverified')),
        verification_note TEXT
      )`,
      "CREATE INDEX messages_created_at ON messages (created_at)",
    ],
  },
  {
    version: 2,
    name: "deduplicate resent messages",
    statements: [
      "ALTER TABLE messages ADD COLUMN submission_id TEXT",
      "CREATE UNIQUE INDEX messages_submission_id ON messages (submission_id) WHERE submission_id IS NOT NULL",
    ],
  },
];
