import { useId } from 'react';
import { When } from './when.js';
import { ResourceList } from '../../kit/ResourceList.js';
import { blogPosts, blogStatusOf, type BlogPost } from './blog.resource.js';
import './content.css';

const FILTERS = ['status'] as const;

export function Component() {
  const statusId = useId();
  return (
    <ResourceList<BlogPost>
      resource={blogPosts}
      title="Blog"
      searchLabel="title"
      query={{ defaultSort: '-updated_at', filters: FILTERS }}
      toolbar={(list) => (
        <div className="admin-filter">
          <label htmlFor={statusId}>Status</label>
          <select id={statusId} className="input" value={list.params.status ?? ''} onChange={(event) => list.set('status', event.currentTarget.value)} data-admin-filter="status">
            <option value="">All</option>
            <option value="published">Published or scheduled</option>
            <option value="draft">Draft</option>
          </select>
        </div>
      )}
      columns={[
        { key: 'title', header: 'Title', sort: 'title', render: (row) => <span className="content-title">{row.title}</span> },
        { key: 'status', header: 'Status', render: (row) => <BlogStatus post={row} /> },
        { key: 'published_at', header: 'Publish time', sort: 'published_at', render: (row) => <When iso={row.published_at} /> },
        { key: 'updated_at', header: 'Last edited', sort: 'updated_at', render: (row) => <When iso={row.updated_at} /> },
        { key: 'author_name', header: 'Author', render: (row) => row.author_name ?? '—' },
      ]}
    />
  );
}

function BlogStatus({ post }: { post: Pick<BlogPost, 'status' | 'is_public'> }) {
  const status = blogStatusOf(post);
  return (
    <span className={`content-status content-status--${status.toLowerCase()}`} data-blog-status={status.toLowerCase()}>
      {status}
    </span>
  );
}
