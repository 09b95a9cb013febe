/**
 * How a repository test pins its statements' text (docs/architecture.md): the test snapshots
 * `statementTexts({ ... })`, so a change to a statement is a visible diff in review. A `runNamed`
 * text (a string) stays as written; a drizzle `sql` builder becomes the text PostgreSQL receives,
 * with its parameters and their typings when `params` is set (then a wrong value bound to a
 * placeholder shows too). Used by tests only; it lives beside the statements' runner, not in
 * `test/`, so a feature's test imports it the way it imports its repository.
 */
import { is, type QueryWithTypings, SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

type Statement = string | SQL;
type Options = { params?: boolean };
type Pinned<S, O extends Options> = S extends string
  ? S
  : O extends { params: true }
    ? QueryWithTypings
    : string;

const dialect = new PgDialect();

function pin(statement: Statement, options: Options): string | QueryWithTypings {
  if (typeof statement === "string") return statement;
  const query = dialect.sqlToQuery(statement);
  return options.params ? query : query.sql;
}

/** One statement's text (with its parameters when `params` is set). */
export function statementTexts<S extends Statement, O extends Options = Options>(
  statement: S,
  options?: O,
): Pinned<S, O>;
/** Each named statement's text (with its parameters when `params` is set), under its name. */
export function statementTexts<T extends Record<string, Statement>, O extends Options = Options>(
  statements: T,
  options?: O,
): { [K in keyof T]: Pinned<T[K], O> };
export function statementTexts(statements: Statement | Record<string, Statement>, options: Options = {}) {
  if (typeof statements === "string" || is(statements, SQL)) return pin(statements, options);
  return Object.fromEntries(Object.entries(statements).map(([name, s]) => [name, pin(s, options)]));
}
