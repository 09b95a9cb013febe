/**
 * What a failed start or command prints: one line that names the cause without the data. A query
 * error's own message quotes the statement and its parameters (a seeded user's password hash, a
 * name, an email) and PostgreSQL's `detail` quotes the conflicting row ("Key (email)=(...)"), so
 * for a database error only its SQLSTATE, constraint, table and PostgreSQL's message are shown.
 */
type PgError = { code: string; message: string; constraint?: string; table?: string; column?: string };

function pgErrorIn(error: unknown): PgError | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    // PostgreSQL's answers carry a SQLSTATE and a severity; a system error's code (EPERM) does not.
    const { code, severity } = e as { code?: unknown; severity?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && typeof severity === "string")
      return e as PgError;
  }
  return null;
}

export function describeStartError(error: unknown): string {
  const pg = pgErrorIn(error);
  const setup = pg && missingSetup(pg);
  if (setup) return setup;
  if (pg) {
    const where = [pg.table && `table ${pg.table}`, pg.constraint && `constraint ${pg.constraint}`]
      .filter(Boolean)
      .join(", ");
    return `Database error ${pg.code}${where ? ` (${where})` : ""}: ${pg.message.split("\n")[0]}`;
  }
  const message = String((error as Error)?.message ?? error);
  // A query error without a PostgreSQL cause (a connection lost mid-query): the statement at most.
  return message.split("\n")[0]!.replace(/^Failed query: .*/s, "A database query failed");
}

const SETUP_DOC = "See docs/deployment.md#the-database-and-its-user.";

/**
 * A database the app may not prepare itself: its user lacks a privilege, or the server lacks the
 * contrib extensions. Said as what to do, once, by whom, rather than as the migration's SQL.
 */
function missingSetup(pg: PgError): string | null {
  const message = pg.message.split("\n")[0]!;
  if (pg.code === "42501" && /permission denied for database/i.test(message))
    return `The database user may not create schemas in this database (PostgreSQL: ${message}). A database owner or superuser runs once: GRANT CREATE ON DATABASE <database> TO <user>; ${SETUP_DOC}`;
  if (pg.code === "42501" && /permission denied to create extension "([^"]+)"/i.test(message)) {
    const name = /extension "([^"]+)"/i.exec(message)![1];
    return `The database user may not create the ${name} extension (PostgreSQL: ${message}). A superuser runs once, in this database: CREATE EXTENSION IF NOT EXISTS ${name}; ${SETUP_DOC}`;
  }
  const extension =
    /extension "([^"]+)" is not available|could not open extension control file ".*\/([^/"]+)\.control"/i.exec(
      message,
    );
  if ((pg.code === "0A000" || pg.code === "58P01") && extension) {
    const name = extension[1] ?? extension[2];
    return `PostgreSQL's ${name} extension is not installed on the database server: install the package that provides it (Debian and Ubuntu: postgresql-contrib, or postgresql-<version>-contrib from the PostgreSQL apt repository; Red Hat: postgresql-contrib; managed PostgreSQL services include it), then start again. ${SETUP_DOC}`;
  }
  return null;
}
