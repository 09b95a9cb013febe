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
