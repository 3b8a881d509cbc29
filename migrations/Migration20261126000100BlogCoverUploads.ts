import { Migration } from '@mikro-orm/migrations';

/**
 * Blog covers can be uploaded (issue 14): the stored file's key and its size (so pages give the image its width
 * and height), and a description for its alt text. A cover is an address (`cover_image`) or a file, never both.
 */
export class Migration20261126000100BlogCoverUploads extends Migration {
  override up(): void {
    this.addSql(`
      alter table blog_posts
        add column cover_key varchar(300) null,
        add column cover_width integer null,
        add column cover_height integer null,
        add column cover_alt varchar(200) not null default '',
        add constraint blog_posts_one_cover_check check (cover_key is null or cover_image is null);`);
  }

  override down(): void {
    this.addSql(`
      alter table blog_posts
        drop constraint if exists blog_posts_one_cover_check,
        drop column if exists cover_alt,
        drop column if exists cover_height,
        drop column if exists cover_width,
        drop column if exists cover_key;`);
  }
}
