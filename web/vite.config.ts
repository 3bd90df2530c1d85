import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// `npm run dev:web` serves the SPA with hot reload; the API, /config.json and the Cognito proxy stay on the
// embedded server (npm start), so the dev server forwards them there.
const backend = process.env.RAINCHECK_BACKEND ?? 'http://localhost:3000';

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph, used to measure what each route downloads.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': backend,
      '/config.json': backend,
      '/__cognito': backend,
    },
  },
});
