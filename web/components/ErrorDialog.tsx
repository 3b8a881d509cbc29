import { useEffect, useId, useRef, useState } from 'react';
import { onServerError } from '../lib/api.js';

/**
 * Seed §8: any API response with status ≥ 500 opens a modal dialog titled "Error 500" with the text
 * "Server Error" and an OK button. A native `<dialog>` opened with `showModal()` traps focus, closes on
 * Escape and gives focus back to where it was. Mounted by `LayoutDialogs` when the first such answer comes, open at
 * once (`openAtFirst`).
 */
export function ErrorDialog({ openAtFirst = false }: { openAtFirst?: boolean }) {
  const [open, setOpen] = useState(openAtFirst);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => onServerError(() => setOpen(true)), []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      data-dialog="error-500"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={() => setOpen(false)}
      onCancel={() => setOpen(false)}
    >
      <h2 id={titleId} className="dialog__title">
        Error 500
      </h2>
      <p id={textId} className="dialog__text">
        Server Error
      </p>
      <div className="dialog__actions">
        <button type="button" className="button" autoFocus onClick={() => setOpen(false)}>
          OK
        </button>
      </div>
    </dialog>
  );
}
