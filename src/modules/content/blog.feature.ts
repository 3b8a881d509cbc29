import { IdentityModule } from '../identity/index.js';
import { AdminBlogController } from './adapters/http/admin-blog.controller.js';
import { BlogController } from './adapters/http/blog.controller.js';
import { MikroOrmBlogPostRepository } from './adapters/persistence/mikro-orm-blog-post.repository.js';
import { BlogAdminService } from './application/blog-admin.service.js';
import { BlogService } from './application/blog.service.js';
import { BLOG_POST_REPOSITORY } from './application/ports/blog-post-repository.port.js';
import type { FeatureSlice } from '../../platform/feature-slice.js';
import { BlogPostSchema } from './domain/blog-post.entity.js';

/** Blog posts: public list and post, the Administration Portal's CRUD, demo posts (issue 5). */
export const blogFeature: FeatureSlice = {
  imports: [IdentityModule], // UserDirectory: author names
  controllers: [BlogController, AdminBlogController],
  providers: [BlogService, BlogAdminService, { provide: BLOG_POST_REPOSITORY, useClass: MikroOrmBlogPostRepository }],
  exports: [BlogService, BlogAdminService],
  entities: [BlogPostSchema],
};
