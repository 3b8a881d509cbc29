import vikeReact from 'vike-react/config';
import type { Config } from 'vike/types';

export default {
  extends: [vikeReact],
  filesystemRoutingRoot: '/',
  lang: 'en-GB',
  // The per-request shell data (app name, signed-in user, basket total) is sent to the browser; it holds nothing secret.
  passToClient: ['shell'],
  meta: {
    // `+replay.ts` exporting false keeps a page's fresh renders with Vike's renderPage() (ADR 0087): for a page whose
    // guard or data hook is not a pure read, since the shop's own render falls back to Vike, which runs them again.
    replay: { env: { server: true } },
  },
} satisfies Config;
