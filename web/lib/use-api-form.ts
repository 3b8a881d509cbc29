import { useCallback, useRef, useState } from 'react';
import { formFailure, type FormFailure } from './form-errors.js';

/** Returned by a submit action that leaves the page: the form stays disabled until it is gone. */
export const LEAVING = 'leaving';

export interface ApiForm {
  sending: boolean;
  failure: FormFailure | null;
  /** The server's reasons for one field (API field name, dotted for nested ones). */
  errorsFor(field: string): string[] | undefined;
  /** Runs one submission: clears the last failure, disables the form, and shows what went wrong. */
  submit(action: () => Promise<void | typeof LEAVING>): Promise<void>;
  clearFailure(): void;
}

export function useApiForm(): ApiForm {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const busy = useRef(false);

  const submit = useCallback(async (action: () => Promise<void | typeof LEAVING>) => {
    if (busy.current) return; // a double click sends once
    busy.current = true;
    setSending(true);
    setFailure(null);
    let leaving = false;
    try {
      leaving = (await action()) === LEAVING;
    } catch (error) {
      setFailure(formFailure(error));
    } finally {
      if (!leaving) {
        busy.current = false;
        setSending(false);
      }
    }
  }, []);

  return {
    sending,
    failure,
    errorsFor: (field) => failure?.errors[field],
    submit,
    clearFailure: () => setFailure(null),
  };
}
