import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app/app';
import { loadRuntimeConfig } from './config/runtime-env';
import { applyInitialColorScheme } from './lib/color-scheme';
import { mountWithRetry, showMountFailure } from './lib/mount-with-retry';

applyInitialColorScheme();

const container = document.getElementById('root');
let root: Root | null = null;

void mountWithRetry(
  async () => {
    if (!container) throw new Error('The page has no #root element');
    await loadRuntimeConfig();
    root ??= createRoot(container);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  },
  {
    onAttemptFailed: (error, attempt) => console.error(`Mounting the app failed (attempt ${attempt})`, error),
    onGiveUp: () => {
      root?.unmount();
      if (container) showMountFailure(container);
    },
  },
);
