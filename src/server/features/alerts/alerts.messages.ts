// The alert e-mails' words, English and Canadian French (docs/decisions/0572-new-arrival-alerts-and-price-watches.md).
import { defineMessages } from '~/shared/i18n/catalogues';

const NBSP = '\u00a0';

export const ALERT_EMAILS = defineMessages(
  'alert-emails',
  {
    digestSubject_one: '{{count}} new lot for your saved searches',
    digestSubject_other: '{{count}} new lots for your saved searches',
    digestIntro: 'New lots that match your saved searches arrived at {{store}}:',
    searchHeading: 'For "{{name}}"',
    moreOnline: 'See every match',
    dropSubject: 'Price drop: {{name}}',
    dropText: 'The price of a lot you watch dropped from {{was}} to {{now}}.',
    soldSubject: 'Sold: {{name}}',
    soldText: 'A lot you watched has sold or is no longer for sale, before its price dropped.',
    view: 'View the lot',
    why: 'You get this e-mail because you asked for alerts in your account at {{store}}. Manage or delete them there: {{account}}',
    stop: 'Unsubscribe in one click (stops every alert and newsletter from this store): {{url}}',
    stopLink: 'Unsubscribe in one click',
    guestWhy: 'You get this e-mail because you asked for alerts at {{store}} and confirmed your address.',
    confirmSubject: 'Confirm your alert at {{store}}',
    confirmText:
      'Someone, hopefully you, asked {{store}} to e-mail this address when new lots match "{{name}}". Confirm to start the alerts: {{url}}\n\nIf it was not you, ignore this e-mail: nothing will be sent.',
    consentWording:
      'E-mail me, at most once a day, the new lots at {{store}} that match my saved search. I can unsubscribe at any time.',
  },
  {
    digestSubject_one: '{{count}} nouveau lot pour vos recherches enregistrées',
    digestSubject_other: '{{count}} nouveaux lots pour vos recherches enregistrées',
    digestIntro: `De nouveaux lots correspondant à vos recherches enregistrées sont arrivés chez {{store}}${NBSP}:`,
    searchHeading: `Pour «${NBSP}{{name}}${NBSP}»`,
    moreOnline: 'Voir tous les résultats',
    dropSubject: `Baisse de prix${NBSP}: {{name}}`,
    dropText: 'Le prix d’un lot que vous suivez est passé de {{was}} à {{now}}.',
    soldSubject: `Vendu${NBSP}: {{name}}`,
    soldText: 'Un lot que vous suiviez a été vendu ou n’est plus en vente, avant que son prix baisse.',
    view: 'Voir le lot',
    why: `Vous recevez ce courriel parce que vous avez demandé des alertes dans votre compte chez {{store}}. Gérez-les ou supprimez-les ici${NBSP}: {{account}}`,
    stop: `Se désabonner en un clic (arrête toutes les alertes et infolettres de ce magasin)${NBSP}: {{url}}`,
    stopLink: 'Se désabonner en un clic',
    guestWhy:
      'Vous recevez ce courriel parce que vous avez demandé des alertes chez {{store}} et confirmé votre adresse.',
    confirmSubject: 'Confirmez votre alerte chez {{store}}',
    confirmText: `Quelqu’un, sans doute vous, a demandé à {{store}} d’écrire à cette adresse quand de nouveaux lots correspondent à «${NBSP}{{name}}${NBSP}». Confirmez pour lancer les alertes${NBSP}: {{url}}\n\nSi ce n’était pas vous, ignorez ce courriel${NBSP}: rien ne sera envoyé.`,
    consentWording:
      'Envoyez-moi, au plus une fois par jour, les nouveaux lots de {{store}} qui correspondent à ma recherche enregistrée. Je peux me désabonner en tout temps.',
  },
);
