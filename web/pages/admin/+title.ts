import type { PageContext } from 'vike/types';
import { resolveShell } from '../../lib/shell.js';

export default function title(pageContext: PageContext): string {
  return `Administration Portal | ${resolveShell(pageContext).appName}`;
}
