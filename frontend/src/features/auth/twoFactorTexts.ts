/** The sign-in's second step's words (components/TwoFactorStep.tsx). */
export const TEXTS = {
  title: 'Two-factor sign-in',
  appLead: 'Enter the 6-digit code from your authenticator app.',
  recoveryLead: 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.',
  useRecovery: 'Use a recovery code',
  useApp: 'Use your authenticator app',
  setupLead: 'Your workspace requires two-factor sign-in. Set it up now to continue: scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password and the like).',
  setupCode: 'Enter the 6-digit code the app shows',
  codeRequired: 'Enter the code',
} as const;
