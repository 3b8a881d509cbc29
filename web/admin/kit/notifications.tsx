import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Notice, type NoticeKind } from '../../components/Notice.js';

export interface Notification {
  kind: NoticeKind;
  message: string;
  /** Seed §9: 5000 ms by default, never under 1000 ms (`Notice` enforces both); errors stay unless given one. */
  autoHideMs?: number;
}

type Notify = (notification: Notification) => void;

const NotifyContext = createContext<Notify>(() => undefined);

/** `notify({kind: 'success', message: 'Saved.'})` from any screen; the notice outlives the screen that raised it. */
export function useNotify(): Notify {
  return useContext(NotifyContext);
}

interface Shown extends Notification {
  id: number;
}

let nextId = 1;

/** Holds the portal's notifications in one live region at the top of the content (newest last, at most four). */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown[]>([]);
  const notify = useCallback<Notify>((notification) => {
    setShown((current) => [...current.slice(-3), { ...notification, id: nextId++ }]);
  }, []);
  const hide = useCallback((id: number) => setShown((current) => current.filter((item) => item.id !== id)), []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      <div className="admin-notifications" data-admin-notifications="">
        {shown.map((item) => (
          <div key={item.id} className="admin-notifications__item">
            <Notice kind={item.kind} autoHideMs={item.autoHideMs} onHide={() => hide(item.id)}>
              <span>{item.message}</span>
              <button type="button" className="admin-notifications__close" onClick={() => hide(item.id)} aria-label="Dismiss">
                ×
              </button>
            </Notice>
          </div>
        ))}
      </div>
      {children}
    </NotifyContext.Provider>
  );
}
