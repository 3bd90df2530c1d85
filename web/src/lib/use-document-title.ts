import { useEffect } from 'react';

export const APP_NAME = 'Raincheck';

/** "Subscription · Raincheck"; the app's name alone for an empty title. */
export function documentTitle(title: string | null | undefined): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/**
 * Sets the document title while the page is shown, so every tab, history entry and screen reader
 * announcement names the page. The next page sets its own; nothing is restored on unmount.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
