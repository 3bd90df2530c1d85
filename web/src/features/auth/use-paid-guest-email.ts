import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { exchangeGuestSession, readGuestEmailToken } from './api/guest-checkout-email';

/**
 * The email a guest just paid with, for the register page to fill. Back from the hosted checkout the
 * URL holds Stripe's session id: it is traded once for a short-lived signed token, and the URL keeps
 * only the token from then on (a reload within 30 minutes fills the email again; later it does not).
 * Any failure leaves the field empty: typing the email is always possible, so no error is shown.
 */
export function usePaidGuestEmail(): string | null {
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('checkout') === 'success' ? params.get('session_id') : null;
  const token = params.get('token');
  const [email, setEmail] = useState<string | null>(null);
  // The token this page was just issued: reading it back would only repeat what the exchange said.
  const issued = useRef<{ token: string; email: string } | null>(null);

  useEffect(() => {
    if (!sessionId && !token) return;
    if (!sessionId && token === issued.current?.token) return;
    const aborter = new AbortController();
    const lookup = sessionId
      ? exchangeGuestSession(sessionId, aborter.signal).then((answer) => {
          issued.current = { token: answer.token, email: answer.email };
          const next = new URLSearchParams(params);
          next.delete('session_id');
          next.set('token', answer.token);
          setParams(next, { replace: true });
          return answer.email;
        })
      : readGuestEmailToken(token!, aborter.signal).then((answer) => answer.email);
    lookup.then(setEmail, () => undefined);
    return () => aborter.abort();
    // Keyed on the ids alone: `params` also changes when this effect rewrites the URL.
  }, [sessionId, token]);

  return email;
}
