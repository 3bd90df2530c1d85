import { Alert, Skeleton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** Where the reference reads the document: the public API's own route, on this origin. */
export const OPENAPI_URL = '/v1/openapi.json';

/**
 * The interactive reference, rendered by swagger-ui-dist from our own build (lazy: only this page
 * downloads it). No validator badge and nothing fetched from elsewhere, so the CSP stays 'self'.
 */
export function ApiReferenceView() {
  const node = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let cancelled = false;
    void Promise.all([
      import('swagger-ui-dist/swagger-ui-es-bundle.js'),
      import('swagger-ui-dist/swagger-ui.css'),
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
      {/* Swagger UI draws for a light page: it keeps a light surface in dark mode too. */}
      <div
        ref={node}
        className="api-reference"
        style={{ background: '#fff', color: '#3b4151', borderRadius: 8 }}
      />
    </>
  );
}
