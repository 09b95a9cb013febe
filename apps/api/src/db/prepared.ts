/**
 * Named prepared statements for the hot paths. PostgreSQL parses and plans a named statement once
 * per connection, and drizzle builds its SQL once instead of on every call; for the queries every
 * request runs (authentication, a learner's state in a title) that is most of their cost.
 */
import type { DbOrTx } from "./client";

/** `build` runs once per database handle; the statement it returns is reused for every call. */
export function preparedFor<Statement>(build: (db: DbOrTx) => Statement): (db: DbOrTx) => Statement {
  const statements = new WeakMap<object, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
