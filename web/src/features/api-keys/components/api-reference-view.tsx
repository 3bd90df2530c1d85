import { Alert, Skeleton, useComputedColorScheme } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** Where the reference reads the document: the public API's own route, on this origin. */
export const OPENAPI_URL = '/v1/openapi.json';

/** Swagger UI's own dark theme applies under `html.dark-mode` (swagger-ui.css). */
export const SWAGGER_DARK_CLASS = 'dark-mode';

/**
 * The interactive reference, rendered by swagger-ui-dist from our own build (lazy: only this page
 * downloads it). No validator badge and nothing fetched from elsewhere, so the CSP stays 'self'.
 * It follows the app's color scheme: Swagger UI's own dark theme in dark mode (its class on <html>
 * while this page is open), its light theme otherwise. The surface's `color-scheme` is set too, so the
 * browser's default buttons and selects (the schema toggles, the server picker) match the theme
 * rather than the page's (dark controls on Swagger's light surface read dark-on-dark).
 */
export function ApiReferenceView() {
  const node = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const scheme = useComputedColorScheme('light');
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle(SWAGGER_DARK_CLASS, scheme === 'dark');
    return () => root.classList.remove(SWAGGER_DARK_CLASS);
  }, [scheme]);
  useEffect(() => {
    let cancelled = false;
    void Promise.all([
      import('swagger-ui-dist/swagger-ui-es-bundle.js'),
      import('swagger-ui-dist/swagger-ui.css').then(() => import('./api-reference.css')),
    ])
      .then(([{ default: SwaggerUIBundle }]) => {
        if (cancelled || !node.current) return;
        SwaggerUIBundle({
          url: OPENAPI_URL,
          domNode: node.current,
          validatorUrl: null,
          deepLinking: true,
          persistAuthorization: false,
        });
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <>
      {state === 'loading' ? <Skeleton h={400} aria-label="Loading the API reference" /> : null}
      {state === 'failed' ? (
        <Alert color="red" role="alert">
          The reference could not be loaded. The document itself is at {OPENAPI_URL}.
        </Alert>
      ) : null}
      <div
        ref={node}
        className="api-reference"
        data-scheme={scheme}
        style={{
          colorScheme: scheme,
          background: scheme === 'dark' ? '#1c2022' : '#fff',
          color: scheme === 'dark' ? '#e4e6e6' : '#3b4151',
          borderRadius: 8,
        }}
      />
    </>
  );
}
