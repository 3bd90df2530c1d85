import './styles/shell.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { loadRuntimeConfig } from './config/runtime-env';
import { applyInitialColorScheme } from './lib/color-scheme';
import { mountWithRetry, showMountFailure } from './lib/mount-with-retry';

applyInitialColorScheme();

const container = document.getElementById('root');
// index.html holds the landing page prerendered at build time (web/prerender/); app.html, served for every
// other route, an empty root.
const prerendered = container?.firstElementChild != null;
let root: Root | null = null;

void mountWithRetry(
  async () => {
    if (!container) throw new Error('The page has no #root element');
    await loadRuntimeConfig();
    const app = (
      <StrictMode>
        <App router={createAppRouter()} />
      </StrictMode>
    );
    if (root) return;
    if (prerendered) {
      root = hydrateRoot(container, app, {
        onRecoverableError: (error) => console.warn('The prerendered page was rendered again', error),
      });
    } else {
      root = createRoot(container);
      root.render(app);
    }
  },
  {
    onAttemptFailed: (error, attempt) => console.error(`Mounting the app failed (attempt ${attempt})`, error),
    onGiveUp: () => {
      root?.unmount();
      if (container) showMountFailure(container);
    },
  },
);
