import logoUrl from '../assets/logo.svg?no-inline';

/**
 * The site icon, on every page (the admin shell too). Without it every browser asks for /favicon.ico,
 * which does not exist, and logs a failed request on each page.
 */
export default logoUrl;
