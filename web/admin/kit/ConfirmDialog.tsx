import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The button that does it: says what it does ("Delete delivery type"), never just "OK". */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** Destructive actions get the red button. */
  danger?: boolean;
  /** The button that closes without doing it; say what it keeps when the action's own label starts with "Cancel". */
  dismissLabel?: string;
}

/**
 * A modal question before anything that cannot be undone. The native `<dialog>` traps focus, closes on Escape
 * (as "cancel") and gives focus back to the button that opened it.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, busy, danger = true, dismissLabel = 'Cancel' }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="admin-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      data-admin-confirm=""
    >
      <h2 id={titleId} className="admin-dialog__title">
        {title}
      </h2>
      <div className="admin-dialog__body">{children}</div>
      <div className="admin-dialog__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy} autoFocus>
          {dismissLabel}
        </button>
        <button type="button" className={`button${danger ? ' button--danger' : ''}`} onClick={onConfirm} disabled={busy} data-admin-confirm-yes="">
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
