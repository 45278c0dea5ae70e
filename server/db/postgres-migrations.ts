/*
 * PostgreSQL's versioned schema changes, applied in order at start-up (under an advisory lock, so instances
 * starting together take turns) and recorded in schema_migrations. Never edit a shipped migration: add one.
 * The tables and columns match SQLite's (sqlite-migrations.ts); times are timestamptz.
 */
/** `afterCommit`: statements that cannot run in a transaction (VACUUM FULL), run once the migration is committed. */
export type Migration = { version: number; name: string; statements: string[]; afterCommit?: string[] };

export const migrations: Migration[] = [
  {
    version: 1,
    name: "messages and delivery outbox",
    statements: [
      `CREATE TABLE messages (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        company text NOT NULL DEFAULT '',
        message text NOT NULL,
        created_at timestamptz NOT NULL,
        ip text,
        user_agent text,
        verification text NOT NULL CHECK (verification IN ('verified', 'unverified')),
        verification_note text,
        submission_id text,
        public_id text
      )`,
      "CREATE INDEX messages_created_at ON messages (created_at)",
      "CREATE INDEX messages_email ON messages (lower(email))",
      "CREATE UNIQUE INDEX messages_submission_id ON messages (submission_id) WHERE submission_id IS NOT NULL",
      "CREATE UNIQUE INDEX messages_public_id ON messages (public_id) WHERE public_id IS NOT NULL",
      `CREATE TABLE outbox (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        channel text NOT NULL CHECK (channel IN ('email', 'webhook')),
        external_id text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        lease text,
        locked_until timestamptz,
        last_error text,
        sent_at timestamptz,
        UNIQUE (message_id, channel)
      )`,
      "CREATE INDEX outbox_due ON outbox (channel, status, next_attempt_at)",
    ],
  },
  {
    version: 2,
    name: "shared rate limits",
    statements: [
      // The layout rate-limiter-flexible's RateLimiterPostgres expects (it is told the table exists).
      `CREATE TABLE rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`,
    ],
  },
  {
    version: 3,
    name: "lead source, confirmation and chat channels",
    statements: [
      // Where the visit came from (JSON, as the shared schema validated it), or NULL.
      "ALTER TABLE messages ADD COLUMN source text",
      "ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check",
      "ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('email', 'webhook', 'confirmation', 'chat'))",
      // The once-a-day rule of the visitor's confirmation, shared by every instance: a hash of the address, when it was last queued, by which lead.
      `CREATE TABLE confirmation_sends (
        address_key text PRIMARY KEY,
        queued_at timestamptz NOT NULL,
        public_id text NOT NULL
      )`,
    ],
  },
  {
    version: 4,
    name: "previewed and settled deliveries",
    statements: [
      "ALTER TABLE outbox DROP CONSTRAINT outbox_status_check",
      "ALTER TABLE outbox ADD CONSTRAINT outbox_status_check CHECK (status IN ('pending', 'sent', 'failed', 'previewed', 'settled'))",
    ],
  },
  // Visit counts (server/insights): see decision 34. No IP and no user agent is ever stored; `visitor` is a
  // truncated keyed hash made with a random salt of the day, shared by every instance, deleted after 48 hours.
  {
    version: 5,
    name: "visit counts, daily salts and the weekly report",
    statements: [
      `CREATE TABLE insights_salts (
        day text PRIMARY KEY,
        salt text NOT NULL,
        created_at timestamptz NOT NULL
      )`,
      `CREATE TABLE visits (
        at timestamptz NOT NULL,
        visitor text NOT NULL,
        path text NOT NULL,
        entry boolean NOT NULL,
        referrer text,
        utm_source text,
        utm_medium text,
        utm_campaign text,
        country text,
        device text NOT NULL
      )`,
      "CREATE INDEX visits_at ON visits (at)",
      // One row per week: the primary key is what makes the report go once across instances.
      `CREATE TABLE insights_reports (
        week text PRIMARY KEY,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        lease text,
        locked_until timestamptz,
        last_error text,
        sent_at timestamptz
      )`,
    ],
  },
  // Issue 31 (lead follow-up). Version 5 is another branch's (visit counts): versions apply in order, each once.
  {
    version: 6,
    name: "taking leads, response deadlines and follow-up deliveries",
    statements: [
      // When the lead's response window ends (the reminder) and twice it (the escalation), in business time.
      "ALTER TABLE messages ADD COLUMN respond_by timestamptz",
      "ALTER TABLE messages ADD COLUMN escalate_by timestamptz",
      // Who has the lead now and since when; the first take's time is the response time.
      "ALTER TABLE messages ADD COLUMN taken_by text",
      "ALTER TABLE messages ADD COLUMN taken_at timestamptz",
      "ALTER TABLE messages ADD COLUMN first_taken_at timestamptz",
      "CREATE INDEX messages_untaken ON messages (respond_by) WHERE taken_at IS NULL",
      // Every take and take-over, deleted with its lead.
      `CREATE TABLE lead_takes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        taken_by text NOT NULL,
        taken_at timestamptz NOT NULL
      )`,
      "CREATE INDEX lead_takes_message ON lead_takes (message_id)",
      "ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check",
      "ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('email', 'webhook', 'confirmation', 'chat', 'reminder', 'reminder_chat', 'escalation', 'take_webhook'))",
    ],
  },
  // Issue 36 (insights-server): a visit's source as marketing names it, and utm_term / utm_content. Versions 7 to
  // 9 are left to other branches of the same issue (a gap is allowed).
  {
    version: 10,
    name: "visit sources, utm_term and utm_content",
    statements: ["ALTER TABLE visits ADD COLUMN source text", "ALTER TABLE visits ADD COLUMN utm_term text", "ALTER TABLE visits ADD COLUMN utm_content text"],
  },
  // Issue 36 (privacy, decision 34). Numbered apart from the other issue-36 branches' (versions apply in order,
  // each once; gaps are allowed). With the day's salt in the same database, a lead's IP and user agent would
  // recompute its visitor key and name its page views: the lead keeps only its country and device class.
  {
    version: 14,
    name: "leads keep a country and a device class, never an IP or a user agent",
    statements: [
      "ALTER TABLE messages ADD COLUMN country text",
      "ALTER TABLE messages ADD COLUMN device text",
      "UPDATE messages SET ip = NULL, user_agent = NULL WHERE ip IS NOT NULL OR user_agent IS NOT NULL",
      "ALTER TABLE messages DROP COLUMN ip",
      "ALTER TABLE messages DROP COLUMN user_agent",
      // The old addresses of the shared rate limits (kept as they were): their windows are a minute or an hour.
      "DELETE FROM rate_limits",
    ],
    // The old row versions stay in the table's files until they are rewritten.
    afterCommit: ["VACUUM FULL messages", "VACUUM FULL rate_limits"],
  },
  // Issue 37 (the staff workspace): what became of a lead (see the SQLite migration 17). Versions 16 and up: the
  // workspace's own tables.
  {
    version: 15,
    name: "lead outcomes",
    statements: [
      "ALTER TABLE messages ADD COLUMN outcome text CHECK (outcome IN ('answered', 'won', 'lost', 'spam', 'duplicate'))",
      "ALTER TABLE messages ADD COLUMN closed_at timestamptz",
      "ALTER TABLE messages ADD COLUMN closed_by text",
    ],
  },
  // Issue 37: the staff workspace's own tables (see the SQLite migration 18). The audit log is append-only:
  // triggers refuse UPDATE, DELETE and TRUNCATE.
  {
    version: 16,
    name: "staff workspace: people, sign-in links, sessions, passkeys, audit log",
    statements: [
      `CREATE TABLE staff_people (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        email text NOT NULL UNIQUE CHECK (email = lower(email)),
        roles text NOT NULL,
        created_at timestamptz NOT NULL,
        invited_by text NOT NULL
      )`,
      `CREATE TABLE staff_sign_in_links (
        token_hash text PRIMARY KEY,
        email text NOT NULL,
        next text NOT NULL DEFAULT '/',
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`,
      "CREATE INDEX staff_sign_in_links_expires_at ON staff_sign_in_links (expires_at)",
      `CREATE TABLE staff_sessions (
        id_hash text PRIMARY KEY,
        person_id bigint NOT NULL REFERENCES staff_people (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL
      )`,
      "CREATE INDEX staff_sessions_person ON staff_sessions (person_id)",
      `CREATE TABLE staff_passkeys (
        credential_id text PRIMARY KEY,
        person_id bigint NOT NULL REFERENCES staff_people (id) ON DELETE CASCADE,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL,
        last_used_at timestamptz
      )`,
      "CREATE INDEX staff_passkeys_person ON staff_passkeys (person_id)",
      `CREATE TABLE staff_challenges (
        challenge text PRIMARY KEY,
        purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
        person_id bigint REFERENCES staff_people (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL
      )`,
      `CREATE TABLE staff_audit (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL,
        actor text NOT NULL,
        action text NOT NULL,
        subject text,
        detail text
      )`,
      "CREATE INDEX staff_audit_actor ON staff_audit (actor, id)",
      `CREATE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         RAISE EXCEPTION 'the audit log is append-only';
       END
       $$`,
      "CREATE TRIGGER staff_audit_no_change BEFORE UPDATE OR DELETE ON staff_audit FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only()",
      "CREATE TRIGGER staff_audit_no_truncate BEFORE TRUNCATE ON staff_audit FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_append_only()",
    ],
  },
  // Issue 37 (staff-leads): notes, closes and reopens of a lead (see the SQLite migration 19), and the lead.closed
  // and take-over notice channels. Version 16 is the sign-in work's.
  {
    version: 17,
    name: "lead notes, closes and reopens; lead.closed and take-over notice deliveries",
    statements: [
      `CREATE TABLE lead_events (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('note', 'close', 'reopen')),
        actor text NOT NULL,
        at timestamptz NOT NULL,
        outcome text CHECK (outcome IN ('answered', 'won', 'lost', 'spam', 'duplicate')),
        note text
      )`,
      "CREATE INDEX lead_events_message ON lead_events (message_id)",
      "CREATE INDEX messages_open ON messages (id) WHERE outcome IS NULL",
      "ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check",
      "ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('email', 'webhook', 'confirmation', 'chat', 'reminder', 'reminder_chat', 'escalation', 'take_webhook', 'close_webhook', 'takeover_notice'))",
    ],
  },
  // Issue 37 (staff-insights): the dashboard's daily aggregates (see the SQLite migration 20).
  {
    version: 18,
    name: "daily visit aggregates",
    statements: [
      `CREATE TABLE visit_days (
        day text NOT NULL,
        dimension text NOT NULL,
        name text NOT NULL,
        visitors integer NOT NULL,
        pageviews integer NOT NULL,
        PRIMARY KEY (dimension, name, day)
      )`,
      "CREATE TABLE visit_rollups (day text PRIMARY KEY, rolled_at timestamptz NOT NULL)",
    ],
  },
  // Issue 37 item 4: the aggregates per filter (SQLite 21 says why).
  {
    version: 19,
    name: "daily visit aggregates per filter",
    statements: [
      `CREATE TABLE visit_pairs (
        filter text NOT NULL,
        filter_name text NOT NULL,
        day text NOT NULL,
        dimension text NOT NULL,
        name text NOT NULL,
        visitors integer NOT NULL,
        pageviews integer NOT NULL,
        PRIMARY KEY (filter, filter_name, day, dimension, name)
      )`,
      "ALTER TABLE visit_rollups ADD COLUMN pairs boolean NOT NULL DEFAULT false",
    ],
  },
  // Issue 37 item 4: visit_days read by day, and each month's tables added up once (SQLite 22 says why).
  {
    version: 20,
    name: "visit aggregates by day and by month",
    statements: [
      "CREATE INDEX visit_days_by_day ON visit_days (day, dimension, name) INCLUDE (visitors, pageviews)",
      `CREATE TABLE visit_months (
        month text NOT NULL,
        dimension text NOT NULL,
        name text NOT NULL,
        visitors integer NOT NULL,
        pageviews integer NOT NULL,
        PRIMARY KEY (dimension, name, month)
      )`,
      "ALTER TABLE visit_rollups ADD COLUMN months boolean NOT NULL DEFAULT false",
      `INSERT INTO visit_months (month, dimension, name, visitors, pageviews)
       SELECT substr(day, 1, 7), dimension, name, SUM(visitors), SUM(pageviews) FROM visit_days WHERE dimension <> 'total' GROUP BY substr(day, 1, 7), dimension, name`,
      "UPDATE visit_rollups SET months = true",
    ],
  },
];
