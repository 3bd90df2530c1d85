import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorScreen } from './error-screen';

/** The router's errorElement: a failed page, loader or lazy chunk shows the error screen. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return <ErrorScreen error={new Error(`${error.status} ${error.statusText}`.trim())} />;
  }
  return <ErrorScreen error={error} />;
}
