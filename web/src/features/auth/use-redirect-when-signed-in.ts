import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../lib/auth/auth-context';
import { takePostLoginPath } from '../../lib/pending-plan';

/**
 * /login and /register send a signed-in user on (spec §2): to the pending plan if one was chosen while
 * signed out, else to `fallback`. It fires once, whether the user arrived signed in or just signed in.
 */
export function useRedirectWhenSignedIn(fallback = '/dashboard') {
  const { status } = useAuth();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (status !== 'signedIn' || done.current) return;
    done.current = true;
    navigate(takePostLoginPath(fallback), { replace: true });
  }, [status, fallback, navigate]);
  return status;
}
