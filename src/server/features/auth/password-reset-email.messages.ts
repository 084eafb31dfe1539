// The password reset e-mail (password-reset.ts) in both languages: written in the language of the page
// that asked for it (docs/decisions/0360-orders-remember-their-language.md).
import { defineMessages } from '~/shared/i18n/catalogues';

export const PASSWORD_RESET_EMAIL = defineMessages(
  'passwordResetEmail',
  {
    subject: '{{store}}: reset your password',
    preview: 'Choose a new password within one hour.',
    heading: 'Reset your password',
    hello: 'Hello {{username}},',
    explain:
      'Someone asked to reset the password of your {{store}} account. To choose a new password, open this link within one hour:',
    button: 'Reset my password',
    ignore:
      'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  },
  {
    subject: '{{store}}\u00a0: réinitialisez votre mot de passe',
    preview: 'Choisissez un nouveau mot de passe d’ici une heure.',
    heading: 'Réinitialisez votre mot de passe',
    hello: 'Bonjour {{username}},',
    explain:
      'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte {{store}}. Pour choisir un nouveau mot de passe, ouvrez ce lien d’ici une heure\u00a0:',
    button: 'Réinitialiser mon mot de passe',
    ignore:
      'Le lien ne fonctionne qu’une fois. Si vous n’avez rien demandé, ne tenez pas compte de ce courriel\u00a0: votre mot de passe reste le même.',
  },
);
