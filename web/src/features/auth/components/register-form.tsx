import { Alert, Anchor, Button, Text } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '../../../../../shared/messages';
import { PLANS } from '../../../../../shared/plans';
import { getRuntimeConfig } from '../../../config/runtime-env';
import { EmailField, FormErrorAlert, TextField } from '../../../components/form-fields';
import { useAuth } from '../../../lib/auth/auth-context';
import { guestCheckout } from '../../../lib/guest-checkout';
import { toast } from '../../../lib/toast';
import { authErrorCode, mapAuthError, type MappedAuthError } from '../map-auth-error';
import { passwordRulesRefusal } from '../password-rules';
import { AuthForm } from './auth-form';
import { NewPasswordField } from './password-rules-list';

interface Props {
  /** Set when the user arrives to confirm an existing, unconfirmed account (from the login form). */
  confirmEmail?: string;
  /** After confirming an account whose password this form never saw. */
  onConfirmedWithoutPassword: () => void;
  /** The email a guest checkout was paid with (from its signed token), filled in when it arrives. */
  paidEmail?: string | null;
}

/** Sign-up (Cognito signUp), then the emailed code (confirmSignUp), then sign-in. */
export function RegisterForm({ confirmEmail, onConfirmedWithoutPassword, paidEmail }: Props) {
  const { getClient, signIn } = useAuth();
  const [step, setStep] = useState<'details' | 'code'>(confirmEmail ? 'code' : 'details');
  const [email, setEmail] = useState(confirmEmail ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<(MappedAuthError & { onCode?: boolean; exists?: boolean }) | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const { stage, mailboxUrl } = getRuntimeConfig();
  const [params] = useSearchParams();
  const paidAsGuest = params.get('checkout') === 'success';
  const [guestPlan] = useState(() => (paidAsGuest ? guestCheckout.read() : null));
  // Filled once it arrives, unless the visitor has started typing; it stays editable (the plan is
  // linked to whichever verified email signs up, so someone who paid with a second address can see
  // and keep it, or knowingly change it).
  useEffect(() => {
    if (paidEmail) setEmail((typed) => typed || paidEmail);
  }, [paidEmail]);
  const filledFromPayment = Boolean(paidEmail) && email.trim().toLowerCase() === paidEmail;
  const guestBanner = paidAsGuest ? (
    <Alert color="green" title="Payment received, thank you!" role="status">
      {guestPlan
        ? `Your ${PLANS[guestPlan.plan].name} plan (${guestPlan.billingCycle}) is paid for. `
        : 'Your plan is paid for. '}
      {filledFromPayment ? (
        <>
          We filled in <strong>the email you paid with</strong>: create your account with it and the
          subscription is added as soon as you sign in.
        </>
      ) : (
        <>
          Create your account with <strong>the email you paid with</strong>: the subscription is added to it
          as soon as you sign in.
        </>
      )}
    </Alert>
  ) : null;

  const onSignUp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refusal = passwordRulesRefusal(password);
    setError(refusal);
    if (refusal) return passwordRef.current?.focus();
    setSubmitting(true);
    try {
      const outcome = await (await getClient()).signUp(email.trim(), password);
      if (outcome.kind === 'confirmCode') {
        setStep('code');
      } else {
        await signIn(email.trim(), password);
      }
    } catch (err) {
      // Cognito tells on sign-up that an address has an account (even with preventUserExistenceErrors):
      // say it plainly and offer the two ways on, instead of the provider's "User already exists".
      const exists = authErrorCode(err) === 'UsernameExistsException';
      const mapped = exists
        ? { field: 'email' as const, message: ACCOUNT_MESSAGES.accountExists, exists }
        : mapAuthError(err);
      setError(mapped);
      (mapped.field === 'password' ? passwordRef : emailRef).current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  const onConfirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await (await getClient()).confirmSignUp(email.trim(), code.trim());
      if (password) {
        // Signing in changes the auth state; the register page then sends the user on.
        toast.success('Your email is confirmed. Welcome to Raincheck!');
        await signIn(email.trim(), password);
      } else {
        toast.success('Your email is confirmed. Log in to continue.');
        onConfirmedWithoutPassword();
      }
    } catch (err) {
      setError({ ...mapAuthError(err), field: null, onCode: true });
      codeRef.current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  const onResend = async () => {
    setError(null);
    try {
      await (await getClient()).resendSignUpCode(email.trim());
      toast.info(`A new code is on its way to ${email.trim()}.`);
    } catch (err) {
      setError({ ...mapAuthError(err), field: null });
    }
  };

  if (step === 'code') {
    return (
      <AuthForm
        label="Confirm your email"
        heading="Check your email"
        intro={guestBanner}
        onSubmit={onConfirm}
      >
        <Text size="sm">
          We sent a confirmation code to <strong>{email}</strong>. Enter it below to activate your account.
        </Text>
        {stage === 'local' && mailboxUrl ? (
          <Alert color="blue" title="Running locally">
            Emails are not really sent: read the code in the{' '}
            <Anchor href={mailboxUrl} target="_blank" rel="noreferrer">
              local mailbox
            </Anchor>
            .
          </Alert>
        ) : null}
        <TextField
          ref={codeRef}
          label="Confirmation code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          data-autofocus
          value={code}
          onValueChange={setCode}
          error={error?.onCode ? error.message : undefined}
        />
        <FormErrorAlert message={error && !error.onCode ? error.message : null} />
        <Button type="submit" loading={submitting} fullWidth>
          Confirm email
        </Button>
        <Button variant="subtle" type="button" onClick={onResend} fullWidth>
          Send a new code
        </Button>
      </AuthForm>
    );
  }

  return (
    <AuthForm
      label="Create your account"
      heading="Create your account"
      intro={guestBanner}
      formError={error?.field === null ? error.message : null}
      onSubmit={onSignUp}
    >
      <EmailField
        ref={emailRef}
        data-autofocus
        value={email}
        onValueChange={setEmail}
        description={filledFromPayment ? 'The email you paid with' : undefined}
        error={error?.field === 'email' ? error.message : undefined}
      />
      {error?.exists ? (
        <Text size="sm">
          <Anchor component={Link} to="/login" state={{ email: email.trim() }} underline="always">
            Log in
          </Anchor>{' '}
          or{' '}
          <Anchor
            component={Link}
            to={`/forgot-password?email=${encodeURIComponent(email.trim())}`}
            underline="always"
          >
            reset your password
          </Anchor>
          .
        </Text>
      ) : null}
      <NewPasswordField
        ref={passwordRef}
        rulesId="register-password-rules"
        value={password}
        onValueChange={setPassword}
        error={error?.field === 'password' ? error.message : undefined}
      />
      <Button type="submit" loading={submitting} fullWidth>
        Create account
      </Button>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        {/* Underlined: inside a sentence, colour alone would not tell the link apart (WCAG 1.4.1). */}
        <Anchor component={Link} to="/login" underline="always">
          Log in
        </Anchor>
      </Text>
    </AuthForm>
  );
}
