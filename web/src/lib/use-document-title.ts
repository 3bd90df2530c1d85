import { useEffect } from 'react';

export const APP_NAME = 'Raincheck';
/** The landing page's title, as web/index.html has it before the app loads. */
export const HOME_TITLE = 'Raincheck — weather delay notifications for jobsites';

/** "Subscription · Raincheck"; the home title for an empty one. */
export function documentTitle(title: string | null | undefined): string {
  return title ? `${title} · ${APP_NAME}` : HOME_TITLE;
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
