import { Migration } from '@mikro-orm/migrations';

/**
 * Refresher reminders (issue 26, ADR 0052). `training_certificates.reminded_at` exists since the certificates'
 * migration; the hourly sweep looks for certificates expiring within 30 days that are neither revoked nor reminded,
 * so a partial index on the expiry of exactly those rows keeps it a short range scan however many certificates
 * were reminded or revoked before.
 */
export class Migration20261128001400RefresherReminders extends Migration {
  override up(): void {
    this.addSql(`create index training_certificates_reminder_due_index on training_certificates (expires_at)
                 where reminded_at is null and revoked_at is null and expires_at is not null;`);
  }

  override down(): void {
    this.addSql('drop index if exists training_certificates_reminder_due_index;');
  }
}
