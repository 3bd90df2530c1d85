import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router-dom';
import type { RuntimeConfig } from '../../shared/runtime-config';
import { App } from '../src/app/app';
import { routes } from '../src/app/router';
import { provideRuntimeConfig } from '../src/config/runtime-env';

/**
 * The landing page as HTML: the same App, providers and routes the browser hydrates (main.tsx), at `/`
 * in a memory router, for a signed-out visitor. `prerender` waits for the lazy route to load.
 */
export async function renderLanding(config: RuntimeConfig): Promise<string> {
  provideRuntimeConfig(config);
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
