import { useData } from 'vike-react/useData';
import { useShell } from '../../../lib/shell.js';
import '../../../styles/certificate.css';
import type { Data } from './+data.js';

const ukDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric' });
const formatDate = (iso: string) => ukDate.format(new Date(iso));

/**
 * `/certificates/{code}` (product.md "Certificates"): what an inspector or employer sees on scanning the QR code — is
 * this certificate valid, expired (since when) or revoked — with the learner's name and the course, nothing else
 * personal. The status is said in words and with a symbol, never by colour alone.
 */
export default function Page() {
  const { certificate } = useData<Data>();
  const { appName } = useShell();
  const status = {
    valid: { symbol: '✓', heading: 'Valid certificate', detail: certificate.expires_at ? `Valid until ${formatDate(certificate.expires_at)}.` : 'This certificate does not expire.' },
    expired: { symbol: '!', heading: 'Expired certificate', detail: `Expired on ${formatDate(certificate.expires_at ?? certificate.completed_at)}: refresher training is due.` },
    revoked: { symbol: '✕', heading: 'Revoked certificate', detail: `Revoked by ${appName}${certificate.revoked_at ? ` on ${formatDate(certificate.revoked_at)}` : ''}: it is no longer valid.` },
  }[certificate.status];
  return (
    <div className="container certificate-check" data-page="certificate" data-certificate-status={certificate.status}>
      <p className="certificate-check__eyebrow">Training certificate check</p>
      <section className={`certificate-panel certificate-panel--${certificate.status}`} aria-labelledby="certificate-status">
        <div className="certificate-panel__status" role="status">
          <span className="certificate-panel__symbol" aria-hidden="true">{status.symbol}</span>
          <div>
            <h1 id="certificate-status" className="certificate-panel__heading">{status.heading}</h1>
            <p className="certificate-panel__detail">{status.detail}</p>
          </div>
        </div>
        <dl className="certificate-panel__facts">
          <div><dt>Learner</dt><dd data-certificate-learner="">{certificate.learner_name}</dd></div>
          <div><dt>Course</dt><dd data-certificate-course="">{certificate.course_title}</dd></div>
          <div><dt>Completed</dt><dd>{formatDate(certificate.completed_at)}</dd></div>
          <div><dt>{certificate.status === 'expired' ? 'Expired' : 'Expires'}</dt><dd>{certificate.expires_at ? formatDate(certificate.expires_at) : 'No expiry'}</dd></div>
          <div><dt>Certificate code</dt><dd className="certificate-panel__code">{certificate.code}</dd></div>
        </dl>
      </section>
      <p className="certificate-check__note">
        This page shows what {appName} holds for this code today. Issued by {appName}; the certificate's PDF carries the same code
        and a QR code that leads here.
      </p>
    </div>
  );
}
