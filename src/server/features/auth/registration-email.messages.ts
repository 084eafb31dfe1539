// The two e-mails of registration (registration.ts) in both languages, written in the language of the page
// that registered: the link to finish a new account, and the notice to the owner of an address that already
// has one (docs/decisions/0456-registration-does-not-tell-which-emails-have-accounts.md).
import { defineMessages } from '~/shared/i18n/catalogues';

export const REGISTRATION_EMAIL = defineMessages(
  'registrationEmail',
  {
    confirmSubject: '{{store}}: finish creating your account',
    confirmPreview: 'Open the link within 24 hours to create your account.',
    confirmHeading: 'Finish creating your account',
    hello: 'Hello {{username}},',
    confirmExplain:
      'Someone, probably you, registered the username {{username}} at {{store}} with this e-mail address. To create the account, open this link within 24 hours:',
    confirmButton: 'Create my account',
    confirmIgnore: 'If it was not you, ignore this e-mail: no account is created.',
    noticeSubject: '{{store}}: someone tried to register with your e-mail address',
    noticePreview: 'You already have an account: sign in or reset your password.',
    noticeHeading: 'You already have an account',
    noticeHello: 'Hello,',
    noticeExplain:
      'Someone, probably you, tried to register a new {{store}} account with this e-mail address, which already belongs to your account (username {{username}}). No new account was created.',
    noticeSignIn: 'Sign in',
    noticeReset: 'If you forgot your password, you can choose a new one here:',
    noticeResetButton: 'Reset my password',
    noticeIgnore: 'If it was not you, ignore this e-mail: nothing has changed on your account.',
  },
  {
    confirmSubject: '{{store}}\u00a0: terminez la création de votre compte',
    confirmPreview: 'Ouvrez le lien d’ici 24\u00a0heures pour créer votre compte.',
    confirmHeading: 'Terminez la création de votre compte',
    hello: 'Bonjour {{username}},',
    confirmExplain:
      'Quelqu’un, sans doute vous, a inscrit le nom d’utilisateur {{username}} chez {{store}} avec cette adresse courriel. Pour créer le compte, ouvrez ce lien d’ici 24\u00a0heures\u00a0:',
    confirmButton: 'Créer mon compte',
    confirmIgnore:
      'Si ce n’était pas vous, ne tenez pas compte de ce courriel\u00a0: aucun compte n’est créé.',
    noticeSubject: '{{store}}\u00a0: quelqu’un a tenté de s’inscrire avec votre adresse courriel',
    noticePreview: 'Vous avez déjà un compte\u00a0: connectez-vous ou réinitialisez votre mot de passe.',
    noticeHeading: 'Vous avez déjà un compte',
    noticeHello: 'Bonjour,',
    noticeExplain:
      'Quelqu’un, sans doute vous, a tenté de créer un nouveau compte {{store}} avec cette adresse courriel, qui appartient déjà à votre compte (nom d’utilisateur {{username}}). Aucun nouveau compte n’a été créé.',
    noticeSignIn: 'Se connecter',
    noticeReset: 'Si vous avez oublié votre mot de passe, vous pouvez en choisir un nouveau ici\u00a0:',
    noticeResetButton: 'Réinitialiser mon mot de passe',
    noticeIgnore:
      'Si ce n’était pas vous, ne tenez pas compte de ce courriel\u00a0: rien n’a changé dans votre compte.',
  },
);
