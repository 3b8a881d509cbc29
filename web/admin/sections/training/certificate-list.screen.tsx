import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { CERTIFICATE_LIMITS } from '../../../../src/shared/contracts/training.js';
import { apiFetch } from '../../../lib/api.js';
import { formFailure } from '../../../lib/form-errors.js';
import { ConfirmDialog } from '../../kit/ConfirmDialog.js';
import { DataTable } from '../../kit/DataTable.js';
import { useNotify } from '../../kit/notifications.js';
import { useListQuery } from '../../kit/use-list-query.js';
import { certificates, type Certificate } from './certificate.resource.js';

const ukDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric' });
const date = (iso: string | null) => (iso ? ukDate.format(new Date(iso)) : '—');
const STATUS_LABELS: Record<Certificate['status'], string> = { valid: 'Valid', expired: 'Expired', revoked: 'Revoked' };

/**
 * `/admin/certificates`: every certificate issued (online courses passed, open courses attended), newest first,
 * searchable by code, learner or course; Revoke asks for a reason first, and the public page then says "Revoked".
 */
export function Component() {
  const list = useListQuery<Certificate>(certificates);
  const [revoking, setRevoking] = useState<Certificate | null>(null);
  useEffect(() => {
    document.title = 'Certificates | Administration Portal';
  }, []);
  return (
    <section className="admin-page" data-admin-list="certificate">
      <div className="admin-page__header">
        <h1>Certificates</h1>
      </div>
      <p className="admin-page__intro">Certificates of completion. Anyone with a code can check it at /certificates/&#123;code&#125;; a revoked one says so there.</p>
      <DataTable<Certificate>
        list={list}
        caption="Certificates"
        rowKey={(row) => row.code}
        cards
        searchLabel="code, learner or course"
        columns={[
          { key: 'code', header: 'Code', render: (row) => <a href={`/certificates/${row.code}`} target="_blank" rel="noreferrer" >{row.code}</a> },
          { key: 'learner_name', header: 'Learner' },
          { key: 'course_title', header: 'Course' },
          { key: 'completed_at', header: 'Completed', render: (row) => date(row.completed_at) },
          { key: 'expires_at', header: 'Expires', render: (row) => (row.expires_at ? date(row.expires_at) : 'No expiry') },
          { key: 'score', header: 'Score', numeric: true, render: (row) => (row.score === null ? '—' : `${row.score}%`) },
          {
            key: 'status', header: 'Status',
            render: (row) => <span data-certificate-status={row.status}>{STATUS_LABELS[row.status]}{row.revoked_at ? ` ${date(row.revoked_at)}` : ''}</span>,
          },
          {
            key: 'actions', header: 'Actions',
            render: (row) => row.status === 'revoked' ? (
              <span className="product-muted-line" title={row.revoked_reason ?? ''}>{row.revoked_reason}</span>
            ) : (
              <button type="button" className="button button--danger-ghost button--small" onClick={() => setRevoking(row)} data-certificate-revoke={row.code}>
                Revoke<span className="visually-hidden"> {row.code}</span>
              </button>
            ),
          },
        ]}
        empty={<p>No certificates yet. They are issued when a learner passes an online course or attends an open course.</p>}
      />
      <RevokeDialog certificate={revoking} onClose={() => setRevoking(null)} />
    </section>
  );
}

function RevokeDialog({ certificate, onClose }: { certificate: Certificate | null; onClose: () => void }) {
  const id = useId();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: (code: string) => apiFetch<Certificate>(`${certificates.api}/${code}/revoke`, { method: 'POST', body: { reason } }),
    onSuccess: async (revoked) => {
      notify({ kind: 'success', message: `Certificate ${revoked.code} of ${revoked.learner_name} is revoked.` });
      close();
      await queryClient.invalidateQueries({ queryKey: [certificates.api] });
    },
    onError: (failed) => {
      const failure = formFailure(failed);
      setError(failure.errors.reason?.join(' ') ?? failure.message);
    },
  });
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={certificate !== null}
      title={`Revoke certificate ${certificate?.code ?? ''}?`}
      confirmLabel="Revoke certificate"
      busy={revoke.isPending}
      onCancel={close}
      onConfirm={() => (reason.trim() ? certificate && revoke.mutate(certificate.code) : setError('Say why the certificate is revoked.'))}
    >
      <p>
        {certificate?.learner_name}’s certificate for {certificate?.course_title} will show as revoked to anyone who checks it. This cannot be undone.
      </p>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-reason`}>Reason (kept for staff, not shown publicly)</label>
        {error && <p id={`${id}-reason-error`} className="field__error" role="alert" data-field-error="reason">{error}</p>}
        <textarea id={`${id}-reason`} className="input field__input" rows={3} value={reason} maxLength={CERTIFICATE_LIMITS.revokedReason}
          onChange={(e) => setReason(e.currentTarget.value)} data-certificate-revoke-reason=""
          {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-reason-error` } : {})} />
      </div>
    </ConfirmDialog>
  );
}
