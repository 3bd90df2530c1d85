/** The emails Cognito sends for the local stack (cognito-local only prints its codes to its log). */
export interface CodeMail {
  to: string;
  subject: string;
  text: string;
}

export type CodeMailKind = 'SignUp' | 'ResendConfirmationCode' | 'ForgotPassword';

/** The reset page reads `email` and `code` from its address and fills both fields (web reset-password route). */
export function resetLink(appOrigin: string, email: string, code: string): string {
  const url = new URL('/reset-password', appOrigin);
  url.searchParams.set('email', email);
  url.searchParams.set('code', code);
  return url.toString();
}

/** The code comes before the link: the code is what a person types, the link a shortcut. */
export function codeMail(kind: CodeMailKind, to: string, code: string, appOrigin: string): CodeMail {
  switch (kind) {
    case 'SignUp':
      return {
        to,
        subject: 'Your Raincheck verification code',
        text: `Welcome to Raincheck.\n\nYour verification code is ${code}\n\nEnter it on the registration page to confirm your email address.`,
      };
    case 'ResendConfirmationCode':
      return { to, subject: 'Your Raincheck verification code', text: `Your verification code is ${code}` };
    case 'ForgotPassword':
      return {
        to,
        subject: 'Reset your Raincheck password',
        text:
          'Someone asked to reset the password of this Raincheck account.\n\n' +
          `Your password reset code is ${code}\n\n` +
          `Or open this link to set a new password:\n${resetLink(appOrigin, to, code)}\n\n` +
          'If it was not you, ignore this email.',
      };
  }
}
