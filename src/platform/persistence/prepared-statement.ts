import type { EntityManager } from '@mikro-orm/core';
import { PostgreSqlConnection } from '@mikro-orm/postgresql';

/** PostgreSQL's "cached plan must not change result type": a table under a prepared statement changed its columns. */
const CACHED_PLAN_CHANGED = '0A000';

/**
 * A `from` item that lets an update's own transaction commit without waiting for its WAL to reach the disk
 * (`synchronous_commit` off, local to the transaction; ADRs 0075 and 0081). At hundreds of commits a second each commit
 * otherwise queues behind the disk's flushes (waits in `IO:WALSync` and `LWLock:WALWrite`), which on a busy disk take
 * tens to hundreds of milliseconds. A database crash may then undo the last fraction of a second of such commits
 * (never half of one), so it is only for writes whose loss is harmless: a progress report, a session's last use.
 * Only for a statement run on its own: inside a transaction it would cover that transaction's commit too.
 */
export const COMMIT_WITHOUT_FLUSH = `(select set_config('synchronous_commit', 'off', true)) as commit_without_flush`;

/**
 * A statement sent to a PostgreSQL server as a named prepared statement, so each connection parses and plans it once
 * (ADR 0074). MikroORM writes the parameters into the text and sends a simple query, which PostgreSQL parses and
 * plans afresh every time: for the short statements every request makes (the session, the customer's order, a
 * learner's progress report) planning costs several times the execution (pgbench: 0.42 ms a simple query, 0.10 ms
 * prepared). The parameters are typed by their columns: a value must be one the column takes as it is (an integer
 * column is sent an integer, not 2.5, which MikroORM's text would have rounded).
 *
 * Only for statements whose best plan does not depend on the values (look-ups and updates by key): after five executions
 * PostgreSQL may keep one generic plan for all values, which a pattern search or a skewed filter must not get.
 * Inside a transaction, or on PGlite (one process, no pool), the statement goes through MikroORM as any other, so it
 * sees the transaction's writes and locks.
 */
export class PreparedStatement<Row> {
  /** Names in use: node-postgres refuses one name for two texts, so two statements may not share one. */
  private static readonly names = new Set<string>();

  /** The text with `$1…$n` for the server; the `?` form is MikroORM's. The SQL must hold no other `?`. */
  private readonly numbered: string;
  /** Bumped when the server refuses a stale plan: every connection then prepares the statement under a new name. */
  private generation = 0;

  constructor(
    private readonly name: string,
    private readonly sql: string,
  ) {
    if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`"${name}" is not a statement name (snake_case).`);
    if (PreparedStatement.names.has(name)) throw new Error(`The prepared statement "${name}" is defined twice.`);
    PreparedStatement.names.add(name);
    let index = 0;
    this.numbered = sql.replace(/\?/g, () => `$${++index}`);
  }

  async all(em: EntityManager, params: readonly unknown[]): Promise<Row[]> {
    const connection = em.getConnection();
    const transaction = em.getTransactionContext();
    if (transaction || !(connection instanceof PostgreSqlConnection)) return connection.execute<Row[]>(this.sql, [...params], 'all', transaction);
    const pool = await connection.getNativeClient();
    try {
      const result = await pool.query<Row & Record<string, unknown>>({ name: `${this.name}_${this.generation}`, text: this.numbered, values: [...params] });
      return result.rows;
    } catch (error) {
      // Thrown as MikroORM throws it (a DriverException), so what reads errors — the 503 of an unreachable database
      // (database-unavailable.ts), a constraint's conflict — reads this one as it reads any other statement's.
      if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw em.getDriver().convertException(error as Error);
      // A migration changed a table under the plan (a rolling deploy): this answer goes through MikroORM, and every
      // connection prepares the statement afresh under the next name (the old one stays until the connection closes).
      this.generation += 1;
      return connection.execute<Row[]>(this.sql, [...params], 'all');
    }
  }
}
