import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoginForm } from './login-form';
import { ResetRequestForm } from './reset-request-form';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Where to go after signing in (the landing page passes the pending plan or /dashboard). */
  onSignedIn: () => void;
}

/** The landing page's login modal; "Forgot Password?" switches it to the reset form. */
export function LoginModal({ opened, onClose, onSignedIn }: Props) {
  const [mode, setMode] = useState<'login' | 'reset'>('login');
  const navigate = useNavigate();
  const close = () => {
    onClose();
    setMode('login');
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={mode === 'login' ? 'Log in to Raincheck' : 'Reset your password'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {mode === 'login' ? (
        <LoginForm onForgotPassword={() => setMode('reset')} onSignedIn={onSignedIn} />
      ) : (
        <ResetRequestForm
          onBack={() => setMode('login')}
          onSent={(email) => {
            close();
            navigate(`/reset-password?email=${encodeURIComponent(email)}`);
          }}
        />
      )}
    </Modal>
  );
}
