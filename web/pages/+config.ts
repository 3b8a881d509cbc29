import vikeReact from 'vike-react/config';
import type { Config } from 'vike/types';

export default {
  extends: [vikeReact],
  filesystemRoutingRoot: '/',
  lang: 'en-GB',
  // The per-request shell data (app name, signed-in user, basket total) is sent to the browser; it holds nothing secret.
  passToClient: ['shell'],
} satisfies Config;
