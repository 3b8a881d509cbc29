import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { onAuthExpired } from '../lib/api.js';
import { signOut } from '../lib/session.js';

export const AUTH_EXPIRED_TITLE = 'Warning';
export const AUTH_EXPIRED_TEXT = 'Auth Token Expired';

/**
 * Seed §4/§8: a 401 from any API call while a user is signed in opens a modal "Warning" dialog with the text
 * "Auth Token Expired" and OK. Confirming logs out (`POST /api/logout`, failure ignored) and goes to /login.
 * Escape counts as confirming: the session is gone either way. Mounted by `LayoutDialogs` when the first such 401
 * comes, open at once (`openAtFirst`); `LayoutDialogs` also tells the API client whether someone is signed in.
 */
export function AuthExpiredDialog({ openAtFirst = false }: { openAtFirst?: boolean }) {
  const [open, setOpen] = useState(openAtFirst);
  const [leaving, setLeaving] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => onAuthExpired(() => setOpen(true)), []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, [open]);

  function confirm() {
    if (leaving) return;
    setLeaving(true);
    void signOut('/login');
  }

  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    confirm();
  }

  return (
    <dialog
      ref={dialogRef}
      className="dialog dialog--warning"
      data-dialog="auth-expired"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={onCancel}
    >
      <h2 id={titleId} className="dialog__title">
        {AUTH_EXPIRED_TITLE}
      </h2>
      <p id={textId} className="dialog__text">
        {AUTH_EXPIRED_TEXT}
      </p>
      <div className="dialog__actions">
        <button type="button" className="button" autoFocus disabled={leaving} onClick={confirm}>
          OK
        </button>
      </div>
    </dialog>
  );
}
