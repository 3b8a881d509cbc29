import { DomainError } from '../../../shared/domain-error.js';

/** A download link made for someone else, or edited: 403 (the file's existence is not the question). */
export class DownloadLinkInvalidError extends DomainError {
  constructor() {
    super('forbidden', 'This download link is not valid for you. Open Your downloads for a fresh link.');
  }
}

/** A download link past its expiry: 410. */
export class DownloadLinkExpiredError extends DomainError {
  constructor() {
    super('gone', 'This download link has expired. Open Your downloads for a fresh link.');
  }
}
