import { useEffect, useState } from 'react';
import { onAuthExpired, onServerError, setSignedIn } from '../lib/api.js';
import { useShell } from '../lib/shell.js';

type Dialogs = typeof import('./layout-dialogs.js');

/**
 * The layouts' "Error 500" and "Auth Token Expired" dialogs (seed §4, §8), fetched the first time one is called for:
 * most visits never see either, and with them every page's first script carried their code (ADR 0064). The one that
 * was called for opens at once when it arrives, and each listens for its own events from then on. Also keeps the API
 * client told whether someone is signed in (`shell.user`), so that a guest's 401 never calls for the warning.
 */
export function LayoutDialogs() {
  const signedIn = useShell().user !== null;
  const [wanted, setWanted] = useState<{ error: boolean; expired: boolean }>({ error: false, expired: false });
  const [dialogs, setDialogs] = useState<Dialogs | null>(null);

  useEffect(() => {
    setSignedIn(signedIn);
  }, [signedIn]);

  useEffect(() => {
    let live = true;
    const want = (which: 'error' | 'expired') => {
      setWanted((current) => (current[which] ? current : { ...current, [which]: true }));
      // A failed chunk is `vite:preloadError`, which +client.ts answers by reloading the page.
      import('./layout-dialogs.js')
        .then((loaded) => live && setDialogs(() => loaded))
        .catch(() => undefined);
    };
    const offError = onServerError(() => want('error'));
    const offExpired = onAuthExpired(() => want('expired'));
    return () => {
      live = false;
      offError();
      offExpired();
    };
  }, []);

  if (!dialogs) return null;
  const { ErrorDialog, AuthExpiredDialog } = dialogs;
  return (
    <>
      {wanted.error && <ErrorDialog openAtFirst />}
      {wanted.expired && <AuthExpiredDialog openAtFirst />}
    </>
  );
}
