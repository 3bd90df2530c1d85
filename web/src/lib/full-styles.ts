/**
 * Mantine's whole stylesheet, loaded with every screen but the landing page (the router's `page()`, the
 * landing page's modals, the toasts). The landing page imports only what it shows (styles/landing.css)
 * so its first paint waits on ~10 KB of CSS instead of ~36 KB; everywhere else the full sheet keeps
 * every component styled without each screen listing what it uses.
 */
export const loadFullStyles = (): Promise<unknown> => import('../styles/full-styles');
