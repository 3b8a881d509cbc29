// The chunk LayoutDialogs fetches on demand: both dialogs in one file, as either may be called for first.
export { AuthExpiredDialog } from './AuthExpiredDialog.js';
export { ErrorDialog } from './ErrorDialog.js';
