import type { PageContext } from 'vike/types';
import { resolveShell } from '../../lib/shell.js';

export default function title(pageContext: PageContext): string {
  return `Health & Safety Training Videos, Courses and Posters | ${resolveShell(pageContext).appName}`;
}
