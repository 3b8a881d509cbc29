import type { TestApp } from './test-app.js';

type Sql = TestApp['sql'];

/**
 * A learner's enrolment straight in the database (issue 26, learning slice): a licence of one seat for `customerId`
 * on the product's option, taken by `userId`. Tests of the player and the assessment need a learner, not the
 * invitation journey the licences tests already cover.
 */
export async function enrolLearner(sql: Sql, fields: { productId: number; optionId: number; customerId: number; userId: number; email: string; name: string }): Promise<number> {
  const [licence] = await sql<{ id: number }>(
    `insert into training_licences (order_id, order_line_id, customer_id, product_id, option_id, seats)
     values (0, (select coalesce(min(order_line_id), 0) - 1 from training_licences where order_line_id < 0), ?, ?, ?, 1) returning id`,
    [fields.customerId, fields.productId, fields.optionId],
  );
  const [enrolment] = await sql<{ id: number }>(
    `insert into training_enrolments (licence_id, email, name, user_id, status, enrolled_at) values (?, ?, ?, ?, 'enrolled', now()) returning id`,
    [licence!.id, fields.email.toLowerCase(), fields.name, fields.userId],
  );
  return enrolment!.id;
}

/** Pretends the learner's last progress report was `seconds` ago (instead of waiting that long). */
export async function backdateProgress(sql: Sql, enrolmentId: number, seconds: number): Promise<void> {
  await sql(`update training_enrolments set last_progress_at = now() - (? * interval '1 second') where id = ?`, [seconds, enrolmentId]);
}
