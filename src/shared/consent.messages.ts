// The exact wording of the marketing consent request, in both languages. The sign-up forms, the checkout
// box and the account's switch show it, and the server stores the same text with every consent given, so
// the record proves what the person agreed to (docs/decisions/0560-consent-records.md). Changing it
// changes what new consents say; old records keep the wording they were given under.
import { defineMessages } from '~/shared/i18n/catalogues';

export const consentMessages = defineMessages(
  'consent',
  {
    wording:
      'Yes, {{store}} may send me deals and news by e-mail. I can unsubscribe at any time with the link in every message.',
    withdrawal: 'Unsubscribed from {{store}}’s marketing e-mail.',
    /** The home page popup's own checkbox (the specification's text). */
    popupWording: 'I agree to receive promotional emails. I can unsubscribe at any time.',
  },
  {
    wording:
      'Oui, {{store}} peut m’envoyer ses aubaines et nouvelles par courriel. Je peux me désabonner en tout temps avec le lien de chaque message.',
    withdrawal: 'Désabonnement des courriels promotionnels de {{store}}.',
    popupWording: 'J’accepte de recevoir des courriels promotionnels. Je peux me désabonner en tout temps.',
  },
);
