// The words of the store's e-mail layout (src/server/mail/layout.tsx) in both languages: the items
// table, the row separator (French puts a no-break space before ':') and the footer.
import { defineMessages } from '~/shared/i18n/catalogues';

export const EMAIL_LAYOUT = defineMessages(
  'emailLayout',
  {
    labelSeparator: ': ',
    itemsTitle: 'Items:',
    itemHeader: 'Item',
    quantityHeader: 'Qty',
    priceHeader: 'Price',
    totalHeader: 'Total',
    itemLine: '- {{quantity}} x {{name}} @ {{unit}} = {{total}}',
    footerQuestions: 'Questions? Reply to this e-mail, write to {{email}} or visit {{contactUrl}}',
  },
  {
    labelSeparator: '\u00a0: ',
    itemsTitle: 'Articles\u00a0:',
    itemHeader: 'Article',
    quantityHeader: 'Qté',
    priceHeader: 'Prix',
    totalHeader: 'Total',
    itemLine: '- {{quantity}} x {{name}} à {{unit}} = {{total}}',
    footerQuestions: 'Des questions? Répondez à ce courriel, écrivez à {{email}} ou visitez {{contactUrl}}',
  },
);
