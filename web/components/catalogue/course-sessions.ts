import { useEffect, useState } from 'react';
import type { PublicSessionView } from '../../../src/modules/training/index.js';
import { apiFetch } from '../../lib/api.js';
import type { CourseSessionPicker } from './CourseSessionPicker.js';

export interface CourseSessions {
  /** Null until both the dates and the picker have arrived. */
  sessions: PublicSessionView[] | null;
  Picker: typeof CourseSessionPicker | null;
}

/**
 * The upcoming dates of a product's open courses (issue 27, ADR 0046), read in the browser: places left change with
 * every order, and the product page itself may come from the page cache. The picker and its waiting list are fetched
 * beside them, only for a product with a course option: most products have none, and their code was a third of the
 * product page's own script (ADR 0064). The server renders "Loading dates…" either way, so hydration matches.
 */
export function useCourseSessions(productId: number, wanted: boolean): CourseSessions {
  const [sessions, setSessions] = useState<PublicSessionView[] | null>(null);
  const [picker, setPicker] = useState<{ Picker: typeof CourseSessionPicker } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    apiFetch<PublicSessionView[]>(`/api/products/${productId}/sessions`)
      .then((rows) => live && setSessions(rows))
      .catch(() => live && setSessions([]));
    // A failed chunk is `vite:preloadError`, which +client.ts answers by reloading the page.
    import('./CourseSessionPicker.js')
      .then(({ CourseSessionPicker: Picker }) => live && setPicker({ Picker }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [productId, wanted]);
  return picker ? { sessions, Picker: picker.Picker } : { sessions: null, Picker: null };
}

/** The first date a buyer can still book, which the picker starts on. */
export function firstBookable(sessions: readonly PublicSessionView[]): number | null {
  return sessions.find((session) => session.places_left > 0)?.id ?? null;
}
