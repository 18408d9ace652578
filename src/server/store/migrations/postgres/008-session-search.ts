// PostgreSQL schema, version 8: what a session search reads instead of the fixtures
// (POST /v2/sessions/search): one row of facts per session (its list fields, first and last event
// times, the lower-cased URLs of its events) and its event counts per type and custom event name,
// indexed by organisation and key. Rows for the sessions already stored are computed from their
// fixtures (and the server events that joined them) by the same code as for new sessions.
//
// url_contains is answered from a trigram index (pg_trgm, in Debian's postgresql-contrib, part of
// the server package) when the extension exists or can be created here. It is created in `public`,
// never in the store's schema: dropping one store's schema must not drop it under the others. A
// role that may not create it (PostgreSQL 15 lets only the database owner create in `public`)
// leaves the index out, and url_contains then reads the URLs of the sessions the other filters
// leave; docs/deployment.md says how to add it later. An advisory lock keeps stores migrating at
// once from racing to create it.

import { backfillSessionFacts } from '../../sql/backfill-session-facts.js';
import type { Migration } from '../migration.js';

export const sessionSearch: Migration = {
  version: 8,
  name: 'session search',
  sql: `
CREATE TABLE session_facts (
  org_id text COLLATE "C" NOT NULL,
  session_id text COLLATE "C" NOT NULL,
  user_id text COLLATE "C" NOT NULL,
  created_time text COLLATE "C" NOT NULL,
  imported_at text COLLATE "C" NOT NULL,
  first_event_ms bigint,
  last_event_ms bigint,
  urls text NOT NULL,
  PRIMARY KEY (org_id, session_id)
);
CREATE INDEX session_facts_by_time ON session_facts (org_id, created_time DESC, session_id);
CREATE INDEX session_facts_by_user ON session_facts (org_id, user_id, created_time DESC, session_id);

CREATE TABLE session_event_counts (
  org_id text COLLATE "C" NOT NULL,
  session_id text COLLATE "C" NOT NULL,
  event_key text COLLATE "C" NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (org_id, session_id, event_key)
);
CREATE INDEX session_event_counts_by_key ON session_event_counts (org_id, event_key, count, session_id);

DO $$
DECLARE
  trgm_schema text;
BEGIN
  PERFORM pg_advisory_xact_lock(7270003, 0);
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm could not be created (%): url_contains searches read URLs without an index', SQLERRM;
  END;
  SELECT nspname INTO trgm_schema FROM pg_extension JOIN pg_namespace ON pg_namespace.oid = pg_extension.extnamespace WHERE extname = 'pg_trgm';
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX session_facts_by_url ON session_facts USING gin (urls %I.gin_trgm_ops)', trgm_schema);
  END IF;
END
$$;
`,
  backfill: backfillSessionFacts,
};
