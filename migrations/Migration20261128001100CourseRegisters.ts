import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27, registers (ADR 0049): the buyer's training records now read the places a customer bought (attended
 * delegates and their certificates), so places are found by customer as licences are.
 */
export class Migration20261128001100CourseRegisters extends Migration {
  override up(): void {
    this.addSql('create index training_session_places_customer_id_index on training_session_places (customer_id);');
  }

  override down(): void {
    this.addSql('drop index if exists training_session_places_customer_id_index;');
  }
}
