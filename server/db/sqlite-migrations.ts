/*
 * SQLite's versioned schema changes, applied in order and recorded in schema_migrations. Never edit a shipped
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
  {
    version: 3,
    name: "delivery outbox",
    statements: [
      // A random id per lead: outbox rows written in the same transaction find their lead by it.
      "ALTER TABLE messages ADD COLUMN public_id TEXT",
      "CREATE UNIQUE INDEX messages_public_id ON messages (public_id) WHERE public_id IS NOT NULL",
      `CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        message_id INTEGER NOT NULL REFERENCES messages (id),
        channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook')),
        external_id TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        lease TEXT,
        locked_until TEXT,
        last_error TEXT,
        sent_at TEXT,
        UNIQUE (message_id, channel)
      )`,
      "CREATE INDEX outbox_due ON outbox (channel, status, next_attempt_at)",
    ],
  },
  {
    version: 4,
    name: "lead source, confirmation and chat channels",
    statements: [
      // Where the visit came from (JSON, as the shared schema validated it), or NULL.
      "ALTER TABLE messages ADD COLUMN source TEXT",
      // SQLite cannot change a CHECK in place: the outbox is copied into a table that allows the new channels.
      `CREATE TABLE outbox_v4 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        message_id INTEGER NOT NULL REFERENCES messages (id),
        channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook', 'confirmation', 'chat')),
        external_id TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        lease TEXT,
        locked_until TEXT,
        last_error TEXT,
        sent_at TEXT,
        UNIQUE (message_id, channel)
      )`,
      `INSERT INTO outbox_v4 (id, message_id, channel, external_id, status, attempts, next_attempt_at, lease, locked_until, last_error, sent_at)
       SELECT id, message_id, channel, external_id, status, attempts, next_attempt_at, lease, locked_until, last_error, sent_at FROM outbox`,
      "DROP TABLE outbox",
      "ALTER TABLE outbox_v4 RENAME TO outbox",
      "CREATE INDEX outbox_due ON outbox (channel, status, next_attempt_at)",
      // The once-a-day rule of the visitor's confirmation: a hash of the address, when it was last queued, by which lead.
      `CREATE TABLE confirmation_sends (
        address_key TEXT PRIMARY KEY,
        queued_at TEXT NOT NULL,
        public_id TEXT NOT NULL
      )`,
    ],
  },
  {
    version: 5,
    name: "previewed and settled deliveries",
    statements: [
      // SQLite cannot change a CHECK in place: the outbox is copied into a table that allows the new states.
      `CREATE TABLE outbox_v5 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        message_id INTEGER NOT NULL REFERENCES messages (id),
        channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook', 'confirmation', 'chat')),
        external_id TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'previewed', 'settled')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        lease TEXT,
        locked_until TEXT,
        last_error TEXT,
        sent_at TEXT,
        UNIQUE (message_id, channel)
      )`,
      `INSERT INTO outbox_v5 (id, message_id, channel, external_id, status, attempts, next_attempt_at, lease, locked_until, last_error, sent_at)
       SELECT id, message_id, channel, external_id, status, attempts, next_attempt_at, lease, locked_until, last_error, sent_at FROM outbox`,
      "DROP TABLE outbox",
      "ALTER TABLE outbox_v5 RENAME TO outbox",
      "CREATE INDEX outbox_due ON outbox (channel, status, next_attempt_at)",
    ],
  },
  {
    version: 6,
    name: "a public id for every lead",
    statements: [
      // The API answers with public_id, never the row id. Leads stored before version 3 have none: a random
      // UUID (version 4 form, like randomUUID's), so a resend of one is answered like any other.
      `UPDATE messages SET public_id = lower(
        hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' ||
        substr('89ab', 1 + abs(random() % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))
      ) WHERE public_id IS NULL`,
    ],
  },
  // Visit counts (server/insights): see decision 34. No IP and no user agent is ever stored; `visitor` is a
  // truncated keyed hash made with a random salt of the day, which is deleted after 48 hours.
  {
    version: 7,
    name: "visit counts, daily salts and the weekly report",
    statements: [
      `CREATE TABLE insights_salts (
        day TEXT PRIMARY KEY,
        salt TEXT NOT NULL,
        created_at TEXT NOT NULL
      )`,
      `CREATE TABLE visits (
        at TEXT NOT NULL,
        visitor TEXT NOT NULL,
        path TEXT NOT NULL,
        entry INTEGER NOT NULL,
        referrer TEXT,
        utm_source TEXT,
        utm_medium TEXT,
        utm_campaign TEXT,
        country TEXT,
        device TEXT NOT NULL
      )`,
      "CREATE INDEX visits_at ON visits (at)",
      // One row per week: the primary key is what makes the report go once across instances.
      `CREATE TABLE insights_reports (
        week TEXT PRIMARY KEY,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        lease TEXT,
        locked_until TEXT,
        last_error TEXT,
        sent_at TEXT
      )`,
    ],
  },
  // Issue 31 (lead follow-up). Version 7 is another branch's (visit counts): versions apply in order, each once,
  // and a gap is allowed (the runner applies what is not recorded).
  {
    version: 8,
    name: "taking leads, response deadlines and follow-up deliveries",
    statements: [
      // When the lead's response window ends (the reminder) and twice it (the escalation), in business time.
      "ALTER TABLE messages ADD COLUMN respond_by TEXT",
      "ALTER TABLE messages ADD COLUMN escalate_by TEXT",
      // Who has the lead now and since when; the first take's time is the response time.
      "ALTER TABLE messages ADD COLUMN taken_by TEXT",
      "ALTER TABLE messages ADD COLUMN taken_at TEXT",
      "ALTER TABLE messages ADD COLUMN first_taken_at TEXT",
      "CREATE INDEX messages_untaken ON messages (respond_by) WHERE taken_at IS NULL",
      // Every take and take-over, kept with the lead and deleted with it.
      `CREATE TABLE lead_takes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        message_id INTEGER NOT NULL REFERENCES messages (id),
        taken_by TEXT NOT NULL,
        taken_at TEXT NOT NULL
      )`,
      "CREATE INDEX lead_takes_message ON lead_takes (message_id)",
      // SQLite cannot change a CHECK in place: the outbox is copied into a table that allows the follow-up channels.
      `CREATE TABLE outbox_v8 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        message_id INTEGER NOT NULL REFERENCES messages (id),
        channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook', 'confirmation', 'chat', 'reminder', 'reminder_chat', 'escalation', 'take_webhook')),
        external_id TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'previewed', 'settled')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        lease TEXT,
        locked_until TEXT,
        last_error TEXT,
        sent_at TEXT,
        UNIQUE (message_id, channel)
      )`,
      `INSERT INTO outbox_v8 (id, message_id, channel, external_id, status, attempts, next_attempt_at, lease, locked_until, last_error, sent_at)
       SELECT id, message_id, channel, external_id, status, attempts, next_attempt_at, lease, locked_until, last_error, sent_at FROM outbox`,
      "DROP TABLE outbox",
      "ALTER TABLE outbox_v8 RENAME TO outbox",
      "CREATE INDEX outbox_due ON outbox (channel, status, next_attempt_at)",
    ],
  },
  // Issue 36 (insights-server): a visit's source as marketing names it, and utm_term / utm_content. Versions 9 to
  // 11 are left to other branches of the same issue (a gap is allowed).
  {
    version: 12,
    name: "visit sources, utm_term and utm_content",
    statements: ["ALTER TABLE visits ADD COLUMN source TEXT", "ALTER TABLE visits ADD COLUMN utm_term TEXT", "ALTER TABLE visits ADD COLUMN utm_content TEXT"],
  },
  // Issue 36 (privacy, decision 34). Numbered apart from the other issue-36 branches' (versions apply in order,
  // each once; gaps are allowed). With the day's salt in the same database, a lead's IP and user agent would
  // recompute its visitor key and name its page views: the lead keeps only its country and device class. The
  // old values' bytes leave the file with the VACUUM of openDatabase (scrub level 2).
  {
    version: 16,
    name: "leads keep a country and a device class, never an IP or a user agent",
    statements: [
      "ALTER TABLE messages ADD COLUMN country TEXT",
      "ALTER TABLE messages ADD COLUMN device TEXT",
      "UPDATE messages SET ip = NULL, user_agent = NULL WHERE ip IS NOT NULL OR user_agent IS NOT NULL",
      "ALTER TABLE messages DROP COLUMN ip",
      "ALTER TABLE messages DROP COLUMN user_agent",
    ],
  },
  // Issue 37 (the staff workspace): what became of a lead. Open while outcome is NULL; closed by a person of sales
  // with one of the outcomes (Spam and Duplicate are not leads: they leave every figure). Versions 18 and up: the
  // workspace's own tables.
  {
    version: 17,
    name: "lead outcomes",
    statements: [
      "ALTER TABLE messages ADD COLUMN outcome TEXT CHECK (outcome IN ('answered', 'won', 'lost', 'spam', 'duplicate'))",
      "ALTER TABLE messages ADD COLUMN closed_at TEXT",
      "ALTER TABLE messages ADD COLUMN closed_by TEXT",
    ],
  },
  // Issue 37: the staff workspace's own tables (decision 39). Only hashes of sign-in tokens and session ids are
  // stored. The audit log is append-only: triggers refuse every UPDATE and DELETE of it.
  {
    version: 18,
    name: "staff workspace: people, sign-in links, sessions, passkeys, audit log",
    statements: [
      `CREATE TABLE staff_people (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        email TEXT NOT NULL UNIQUE CHECK (email = lower(email)),
        roles TEXT NOT NULL,
        created_at TEXT NOT NULL,
        invited_by TEXT NOT NULL
      )`,
      `CREATE TABLE staff_sign_in_links (
        token_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        next TEXT NOT NULL DEFAULT '/',
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      )`,
      "CREATE INDEX staff_sign_in_links_expires_at ON staff_sign_in_links (expires_at)",
      `CREATE TABLE staff_sessions (
        id_hash TEXT PRIMARY KEY,
        person_id INTEGER NOT NULL REFERENCES staff_people (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL
      )`,
      "CREATE INDEX staff_sessions_person ON staff_sessions (person_id)",
      `CREATE TABLE staff_passkeys (
        credential_id TEXT PRIMARY KEY,
        person_id INTEGER NOT NULL REFERENCES staff_people (id) ON DELETE CASCADE,
        public_key BLOB NOT NULL,
        counter INTEGER NOT NULL DEFAULT 0,
        transports TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        last_used_at TEXT
      )`,
      "CREATE INDEX staff_passkeys_person ON staff_passkeys (person_id)",
      `CREATE TABLE staff_challenges (
        challenge TEXT PRIMARY KEY,
        purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign-in')),
        person_id INTEGER REFERENCES staff_people (id) ON DELETE CASCADE,
        expires_at TEXT NOT NULL
      )`,
      `CREATE TABLE staff_audit (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        subject TEXT,
        detail TEXT
      )`,
      "CREATE INDEX staff_audit_actor ON staff_audit (actor, id)",
      "CREATE TRIGGER staff_audit_no_update BEFORE UPDATE ON staff_audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END",
      "CREATE TRIGGER staff_audit_no_delete BEFORE DELETE ON staff_audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END",
    ],
  },
  // Issue 37 (staff-leads): what happened to a lead besides takes (notes, closes with their outcome, reopens: who
  // and when), deleted with the lead; and two outbox channels: the lead.closed webhook and the e-mail telling a
  // holder their lead was taken over. Version 18 is the sign-in work's.
  {
    version: 19,
    name: "lead notes, closes and reopens; lead.closed and take-over notice deliveries",
    statements: [
      `CREATE TABLE lead_events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        message_id INTEGER NOT NULL REFERENCES messages (id),
        kind TEXT NOT NULL CHECK (kind IN ('note', 'close', 'reopen')),
        actor TEXT NOT NULL,
        at TEXT NOT NULL,
        outcome TEXT CHECK (outcome IN ('answered', 'won', 'lost', 'spam', 'duplicate')),
        note TEXT
      )`,
      "CREATE INDEX lead_events_message ON lead_events (message_id)",
      // The inbox reads open leads newest first without a scan of the closed ones.
      "CREATE INDEX messages_open ON messages (id) WHERE outcome IS NULL",
      `CREATE TABLE outbox_v19 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        message_id INTEGER NOT NULL REFERENCES messages (id),
        channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook', 'confirmation', 'chat', 'reminder', 'reminder_chat', 'escalation', 'take_webhook', 'close_webhook', 'takeover_notice')),
        external_id TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'previewed', 'settled')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        lease TEXT,
        locked_until TEXT,
        last_error TEXT,
        sent_at TEXT,
        UNIQUE (message_id, channel)
      )`,
      `INSERT INTO outbox_v19 (id, message_id, channel, external_id, status, attempts, next_attempt_at, lease, locked_until, last_error, sent_at)
       SELECT id, message_id, channel, external_id, status, attempts, next_attempt_at, lease, locked_until, last_error, sent_at FROM outbox`,
      "DROP TABLE outbox",
      "ALTER TABLE outbox_v19 RENAME TO outbox",
      "CREATE INDEX outbox_due ON outbox (channel, status, next_attempt_at)",
    ],
  },
  // Issue 37 (staff-insights): the dashboard's daily aggregates. Raw visit rows are kept 90 days; each company day
  // is rolled up once it has ended into one row per dimension and name (dimension 'total', name '': the day's
  // totals), and visit_rollups says which days are (a day without a row there is counted from the raw rows).
  // Counts only: never a visitor key. Keyed by dimension and name first: a period's table is read in key order
  // (no sort), a day's totals and a filtered row by a range of the key.
  {
    version: 20,
    name: "daily visit aggregates",
    statements: [
      `CREATE TABLE visit_days (
        day TEXT NOT NULL,
        dimension TEXT NOT NULL,
        name TEXT NOT NULL,
        visitors INTEGER NOT NULL,
        pageviews INTEGER NOT NULL,
        PRIMARY KEY (dimension, name, day)
      ) WITHOUT ROWID`,
      "CREATE TABLE visit_rollups (day TEXT PRIMARY KEY, rolled_at TEXT NOT NULL) WITHOUT ROWID",
    ],
  },
  // Issue 37 item 4: a filtered dashboard within 300 ms. A rolled-up day also gets one row per pair of a filter's
  // row (filter, filter_name) and a table's row (dimension 'total' for the day's totals): the counts of that table
  // row among the visitors the filter keeps, so a filter reads a few rows per day instead of raw page views.
  // visit_rollups.pairs says which days have them (days rolled up before have none). Counts only, never a key.
  {
    version: 21,
    name: "daily visit aggregates per filter",
    statements: [
      `CREATE TABLE visit_pairs (
        filter TEXT NOT NULL,
        filter_name TEXT NOT NULL,
        day TEXT NOT NULL,
        dimension TEXT NOT NULL,
        name TEXT NOT NULL,
        visitors INTEGER NOT NULL,
        pageviews INTEGER NOT NULL,
        PRIMARY KEY (filter, filter_name, day, dimension, name)
      ) WITHOUT ROWID`,
      "ALTER TABLE visit_rollups ADD COLUMN pairs INTEGER NOT NULL DEFAULT 0",
    ],
  },
  // Issue 37 item 4 on SQLite: every dashboard request within 300 ms. visit_days read by day (a week's rows, not
  // the whole table's), and each month's tables added up once (visit_months: the sums of its days' rows, so a
  // year is read as 12 months instead of 365 days); visit_rollups.months says which days are in them (a day rolled
  // up by an earlier version is not, so its month is read by day). Filled here from the days already rolled up.
  {
    version: 22,
    name: "visit aggregates by day and by month",
    statements: [
      "CREATE INDEX visit_days_by_day ON visit_days (day, dimension, name, visitors, pageviews)",
      `CREATE TABLE visit_months (
        month TEXT NOT NULL,
        dimension TEXT NOT NULL,
        name TEXT NOT NULL,
        visitors INTEGER NOT NULL,
        pageviews INTEGER NOT NULL,
        PRIMARY KEY (dimension, name, month)
      ) WITHOUT ROWID`,
      "ALTER TABLE visit_rollups ADD COLUMN months INTEGER NOT NULL DEFAULT 0",
      `INSERT INTO visit_months (month, dimension, name, visitors, pageviews)
       SELECT substr(day, 1, 7), dimension, name, SUM(visitors), SUM(pageviews) FROM visit_days WHERE dimension <> 'total' GROUP BY substr(day, 1, 7), dimension, name`,
      "UPDATE visit_rollups SET months = 1",
    ],
  },
];
