import { DomainError } from '../../../shared/domain-error.js';

/**
 * A download link made for someone else, or edited: 404, like a download that does not exist, so a link that
 * leaks tells nobody else anything (issue 13: another customer gets 404 for the download links).
 */
export class DownloadLinkInvalidError extends DomainError {
  constructor() {
    super('not_found', 'This download link is not valid for you. Open Your downloads for a fresh link.');
  }
}

/** A download link past its expiry: 410. */
export class DownloadLinkExpiredError extends DomainError {
  constructor() {
    super('gone', 'This download link has expired. Open Your downloads for a fresh link.');
  }
}
