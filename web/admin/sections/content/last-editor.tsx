import { Link } from '../../kit/links.js';

/** Who saved a widget last: the API gives the user's id (null for what the demo seeded). */
export function lastEditor(userId: number | null) {
  return userId === null ? <span className="admin-muted">Seeded</span> : <Link to={`/admin/users/${userId}`}>User {userId}</Link>;
}
