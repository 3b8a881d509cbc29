import { Migration } from '@mikro-orm/migrations';

/**
 * Course content and certificates (issue 26, ADR 0041). A course belongs to a product (one per product, keyed by
 * it); chapters and questions are replaced whole when staff save, so they carry positions, not their own history.
 * Certificates outlive what they certify: they copy the learner's name and the course's title, and keep only ids
 * (nullable) of the enrolment, the delegate place and the user, which later slices fill.
 */
export class Migration20261128000200TrainingCourses extends Migration {
  override up(): void {
    this.addSql(`
      create table training_courses (
        product_id integer primary key references products (id) on delete cascade,
        film_key varchar(300) null,
        film_content_type varchar(100) null,
        film_size bigint null,
        duration_seconds integer null check (duration_seconds between 1 and 36000),
        pass_mark smallint not null default 80 check (pass_mark between 1 and 100),
        validity_months smallint null check (validity_months between 1 and 120),
        accreditation varchar(200) null,
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table training_chapters (
        product_id integer not null references training_courses (product_id) on delete cascade,
        position smallint not null,
        title varchar(200) not null,
        start_second integer not null check (start_second >= 0),
        primary key (product_id, position)
      );`);
    this.addSql(`
      create table training_questions (
        id serial primary key,
        product_id integer not null references training_courses (product_id) on delete cascade,
        position smallint not null,
        text varchar(1000) not null,
        unique (product_id, position)
      );`);
    this.addSql(`
      create table training_answers (
        id serial primary key,
        question_id integer not null references training_questions (id) on delete cascade,
        position smallint not null,
        text varchar(500) not null,
        correct boolean not null,
        unique (question_id, position)
      );`);
    this.addSql(`
      create table training_certificates (
        code varchar(16) primary key,
        enrolment_id integer null,
        delegate_ref varchar(64) null,
        user_id integer null,
        learner_name varchar(200) not null,
        product_id integer not null,
        course_title varchar(200) not null,
        accreditation varchar(200) null,
        score smallint null check (score between 0 and 100),
        completed_at timestamptz not null,
        expires_at timestamptz null,
        revoked_at timestamptz null,
        revoked_reason varchar(500) null,
        reminded_at timestamptz null,
        issued_at timestamptz not null default now()
      );`);
    this.addSql('create index training_certificates_user_id_index on training_certificates (user_id);');
    this.addSql('create index training_certificates_product_id_index on training_certificates (product_id);');
    this.addSql('create index training_certificates_expires_at_index on training_certificates (expires_at);');
    this.addSql('create index training_certificates_issued_at_index on training_certificates (issued_at);');
  }

  override down(): void {
    this.addSql('drop table if exists training_certificates;');
    this.addSql('drop table if exists training_answers;');
    this.addSql('drop table if exists training_questions;');
    this.addSql('drop table if exists training_chapters;');
    this.addSql('drop table if exists training_courses;');
  }
}
