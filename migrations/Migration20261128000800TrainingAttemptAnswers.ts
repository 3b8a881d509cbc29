import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26, learning slice (ADR 0047): an assessment attempt keeps its own copy of what was asked and answered, because
 * saving a course gives its questions and answers new ids (ADR 0041). The attempts table exists (ADR 0040) and is
 * still empty wherever this runs, so the column's default costs nothing.
 */
export class Migration20261128000800TrainingAttemptAnswers extends Migration {
  override up(): void {
    this.addSql(`alter table training_attempts add column answers jsonb not null default '[]';`);
  }

  override down(): void {
    this.addSql('alter table training_attempts drop column if exists answers;');
  }
}
