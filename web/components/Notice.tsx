import { useEffect, useState, type ReactNode } from 'react';
import { noticeTimeout } from '../lib/notice.js';

export type NoticeKind = 'success' | 'error' | 'info';

interface NoticeProps {
  kind: NoticeKind;
  children: ReactNode;
  /**
   * Auto-hide delay. Success notices hide after 5000 ms by default (seed §9), never sooner than 1000 ms;
   * `false` keeps the notice. Error notices stay unless a delay is given: an error must not vanish unread.
   */
  autoHideMs?: number | false;
  /** Called once the notice has hidden itself. */
  onHide?: () => void;
  className?: string;
}

/**
 * A message about the page's last action. Success and info are announced politely (`role="status"`),
 * errors at once (`role="alert"`). Render it with a new `key` for each new message to restart the timer.
 */
export function Notice({ kind, children, autoHideMs, onHide, className }: NoticeProps) {
  const [visible, setVisible] = useState(true);
  const delay = autoHideMs === false ? null : kind === 'success' || autoHideMs !== undefined ? noticeTimeout(autoHideMs) : null;

  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(() => {
      setVisible(false);
      onHide?.();
    }, delay);
    return () => clearTimeout(timer);
    // onHide is deliberately not a dependency: a parent re-render must not restart the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [delay]);

  return (
    <div
      className={`notice notice--${kind}${className ? ` ${className}` : ''}`}
      role={kind === 'error' ? 'alert' : 'status'}
      hidden={!visible}
      data-notice={kind}
    >
      {visible ? children : null}
    </div>
  );
}
