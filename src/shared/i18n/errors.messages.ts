// The `errors` namespace: the validation messages of the shared schemas (src/shared/schemas), which
// the forms show and the API answers, keyed by their English text (the specification's, word for word).
// Messages with values use `{{placeholders}}` and are made with `fixedErrorText` (error-text.ts). The
// server's own refusals are in src/server/lib/server-errors.messages.ts, so the browser does not
// download them; the admin area's messages stay English (docs/decisions/0340-french-store-and-i18next.md).
// docs/decisions/0390-error-messages-in-french.md
import { defineMessages } from './catalogues';

const NBSP = '\u00a0';

export const errorMessages = defineMessages(
  'errors',
  {
    'Invalid credentials': 'Invalid credentials',
    'Username is required': 'Username is required',
    'Username must be at least 3 characters': 'Username must be at least 3 characters',
    'Username must be at most {{max}} characters': 'Username must be at most {{max}} characters',
    'Username contains characters that are not allowed': 'Username contains characters that are not allowed',
    'Username must use letters from one alphabet (for example, not Latin and Cyrillic letters together)':
      'Username must use letters from one alphabet (for example, not Latin and Cyrillic letters together)',
    'Please enter a valid email address': 'Please enter a valid email address',
    'Please enter a valid email address.': 'Please enter a valid email address.',
    'Password is required': 'Password is required',
    'Password must be at least 6 characters': 'Password must be at least 6 characters',
    'Password must be at most {{max}} characters': 'Password must be at most {{max}} characters',
    "Password can't be one character or a short group of characters repeated (like 'aaaaaa' or 'abcabc')":
      "Password can't be one character or a short group of characters repeated (like 'aaaaaa' or 'abcabc')",
    "Password can't be the store's name": "Password can't be the store's name",
    'Please confirm your password': 'Please confirm your password',
    "Passwords don't match": "Passwords don't match",
    'Passwords do not match': 'Passwords do not match',
    'This password reset link is not valid. Please ask for a new one.':
      'This password reset link is not valid. Please ask for a new one.',
    'Phone must be at most {{max}} characters': 'Phone must be at most {{max}} characters',
    'Please enter a valid phone number.': 'Please enter a valid phone number.',
    'Address must be at most {{max}} characters': 'Address must be at most {{max}} characters',
    'Current password is required': 'Current password is required',
    'Current password is incorrect.': 'Current password is incorrect.',
    'Password is incorrect.': 'Password is incorrect.',
    'New password must be at least 6 characters': 'New password must be at least 6 characters',
    'New password must be at most {{max}} characters': 'New password must be at most {{max}} characters',
    'Please confirm your new password': 'Please confirm your new password',
    "New passwords don't match": "New passwords don't match",
    'First name must be at least 2 characters.': 'First name must be at least 2 characters.',
    'Last name must be at least 2 characters.': 'Last name must be at least 2 characters.',
    'Please tick that you accept the contract before paying.':
      'Please tick that you accept the contract before paying.',
    'Please enter your first and last name.': 'Please enter your first and last name.',
    'Address is required.': 'Address is required.',
    'Address line 2 must be at most {{max}} characters.':
      'Address line 2 must be at most {{max}} characters.',
    'Address line 2 contains characters that are not allowed.':
      'Address line 2 contains characters that are not allowed.',
    'City is required.': 'City is required.',
    'Province/State is required.': 'Province/State is required.',
    'Postal/ZIP code is required.': 'Postal/ZIP code is required.',
    'Please select Canada or US.': 'Please select Canada or US.',
    'Please select a shipping method': 'Please select a shipping method',
    'Notes must be at most {{max}} characters.': 'Notes must be at most {{max}} characters.',
    'Notes contain characters that are not allowed.': 'Notes contain characters that are not allowed.',
    'Quantity must be a whole number of at least 1.': 'Quantity must be a whole number of at least 1.',
    'Quantity must be at most {{max}}.': 'Quantity must be at most {{max}}.',
    'Your cart is empty': 'Your cart is empty',
    'At most {{max}} different products per order.': 'At most {{max}} different products per order.',
    'Each product may appear only once.': 'Each product may appear only once.',
    'Order not found.': 'Order not found.',
    'Please enter your order reference.': 'Please enter your order reference.',
    'Name is required': 'Name is required',
    'Name is too long': 'Name is too long',
    'Please select a subject': 'Please select a subject',
    'Message must be at least 10 characters long': 'Message must be at least 10 characters long',
    'Message must be at most 5000 characters long': 'Message must be at most 5000 characters long',
    'First name is too long': 'First name is too long',
    // Return requests (docs/decisions/0540-return-requests.md).
    'Choose the items to return': 'Choose the items to return',
    'Choose at least one item to return': 'Choose at least one item to return',
    'At most 200 lines in one return': 'At most 200 lines in one return',
    'Each item may appear once': 'Each item may appear once',
    'orderItemId must be an order line id': 'orderItemId must be an order line id',
    'Choose a reason for the return': 'Choose a reason for the return',
    'comment must be text': 'comment must be text',
    'The comment must be at most {{max}} characters': 'The comment must be at most {{max}} characters',
    'Add at least one lot.': 'Add at least one lot.',
    'Please enter the customer’s name.': 'Please enter the customer’s name.',
    'Please choose English or French.': 'Please choose English or French.',
    'A gift card is worth a whole number of dollars, from {{min}} to {{max}}.':
      'A gift card is worth a whole number of dollars, from {{min}} to {{max}}.',
    'Please enter the name of the person receiving the card.':
      'Please enter the name of the person receiving the card.',
    'The message must be at most {{max}} characters.': 'The message must be at most {{max}} characters.',
    'At most {{max}} gift card lines per order.': 'At most {{max}} gift card lines per order.',
  },
  {
    'Invalid credentials': 'Identifiants invalides',
    'Username is required': 'Le nom d’utilisateur est obligatoire',
    'Username must be at least 3 characters': 'Le nom d’utilisateur doit compter au moins 3 caractères',
    'Username must be at most {{max}} characters':
      'Le nom d’utilisateur doit compter au plus {{max}} caractères',
    'Username contains characters that are not allowed':
      'Le nom d’utilisateur contient des caractères qui ne sont pas permis',
    'Username must use letters from one alphabet (for example, not Latin and Cyrillic letters together)':
      'Le nom d’utilisateur doit employer les lettres d’un seul alphabet (par exemple, pas de lettres latines et cyrilliques ensemble)',
    'Please enter a valid email address': 'Veuillez entrer une adresse courriel valide',
    'Please enter a valid email address.': 'Veuillez entrer une adresse courriel valide.',
    'Password is required': 'Le mot de passe est obligatoire',
    'Password must be at least 6 characters': 'Le mot de passe doit compter au moins 6 caractères',
    'Password must be at most {{max}} characters': 'Le mot de passe doit compter au plus {{max}} caractères',
    "Password can't be one character or a short group of characters repeated (like 'aaaaaa' or 'abcabc')": `Le mot de passe ne peut pas être un caractère ou un petit groupe de caractères répété (comme «${NBSP}aaaaaa${NBSP}» ou «${NBSP}abcabc${NBSP}»)`,
    "Password can't be the store's name": 'Le mot de passe ne peut pas être le nom du magasin',
    'Please confirm your password': 'Veuillez confirmer votre mot de passe',
    "Passwords don't match": 'Les mots de passe ne correspondent pas',
    'Passwords do not match': 'Les mots de passe ne correspondent pas',
    'This password reset link is not valid. Please ask for a new one.':
      'Ce lien de réinitialisation du mot de passe n’est pas valide. Veuillez en demander un nouveau.',
    'Phone must be at most {{max}} characters':
      'Le numéro de téléphone doit compter au plus {{max}} caractères',
    'Please enter a valid phone number.': 'Veuillez entrer un numéro de téléphone valide.',
    'Address must be at most {{max}} characters': 'L’adresse doit compter au plus {{max}} caractères',
    'Current password is required': 'Le mot de passe actuel est obligatoire',
    'Current password is incorrect.': 'Le mot de passe actuel est incorrect.',
    'Password is incorrect.': 'Le mot de passe est incorrect.',
    'New password must be at least 6 characters':
      'Le nouveau mot de passe doit compter au moins 6 caractères',
    'New password must be at most {{max}} characters':
      'Le nouveau mot de passe doit compter au plus {{max}} caractères',
    'Please confirm your new password': 'Veuillez confirmer votre nouveau mot de passe',
    "New passwords don't match": 'Les nouveaux mots de passe ne correspondent pas',
    'First name must be at least 2 characters.': 'Le prénom doit compter au moins 2 caractères.',
    'Last name must be at least 2 characters.': 'Le nom de famille doit compter au moins 2 caractères.',
    'Please tick that you accept the contract before paying.':
      'Veuillez cocher que vous acceptez le contrat avant de payer.',
    'Please enter your first and last name.': 'Veuillez entrer votre prénom et votre nom de famille.',
    'Address is required.': 'L’adresse est obligatoire.',
    'Address line 2 must be at most {{max}} characters.':
      'La ligne d’adresse 2 doit compter au plus {{max}} caractères.',
    'Address line 2 contains characters that are not allowed.':
      'La ligne d’adresse 2 contient des caractères qui ne sont pas permis.',
    'City is required.': 'La ville est obligatoire.',
    'Province/State is required.': 'La province ou l’État est obligatoire.',
    'Postal/ZIP code is required.': 'Le code postal ou ZIP est obligatoire.',
    'Please select Canada or US.': 'Veuillez choisir le Canada ou les États-Unis.',
    'Please select a shipping method': 'Veuillez choisir un mode de livraison',
    'Notes must be at most {{max}} characters.': 'Les remarques doivent compter au plus {{max}} caractères.',
    'Notes contain characters that are not allowed.':
      'Les remarques contiennent des caractères qui ne sont pas permis.',
    'Quantity must be a whole number of at least 1.': 'La quantité doit être un nombre entier d’au moins 1.',
    'Quantity must be at most {{max}}.': 'La quantité doit être d’au plus {{max}}.',
    'Your cart is empty': 'Votre panier est vide',
    'At most {{max}} different products per order.': 'Au plus {{max}} produits différents par commande.',
    'Each product may appear only once.': 'Chaque produit ne peut figurer qu’une seule fois.',
    'Order not found.': 'Commande introuvable.',
    'Please enter your order reference.': 'Veuillez entrer le numéro de référence de votre commande.',
    'Name is required': 'Le nom est obligatoire',
    'Name is too long': 'Le nom est trop long',
    'Please select a subject': 'Veuillez choisir un objet',
    'Message must be at least 10 characters long': 'Le message doit compter au moins 10 caractères',
    'Message must be at most 5000 characters long': `Le message doit compter au plus 5${NBSP}000 caractères`,
    'First name is too long': 'Le prénom est trop long',
    // Return requests (docs/decisions/0540-return-requests.md).
    'Choose the items to return': 'Choisissez les articles à retourner',
    'Choose at least one item to return': 'Choisissez au moins un article à retourner',
    'At most 200 lines in one return': 'Au plus 200 lignes par retour',
    'Each item may appear once': 'Chaque article ne peut figurer qu’une fois',
    'orderItemId must be an order line id': 'orderItemId doit être le numéro d’une ligne de la commande',
    'Choose a reason for the return': 'Choisissez un motif de retour',
    'comment must be text': 'Le commentaire doit être du texte',
    'The comment must be at most {{max}} characters':
      'Le commentaire doit compter au plus {{max}} caractères',
    'Add at least one lot.': 'Ajoutez au moins un lot.',
    'Please enter the customer’s name.': 'Veuillez entrer le nom du client.',
    'Please choose English or French.': 'Veuillez choisir l’anglais ou le français.',
    'A gift card is worth a whole number of dollars, from {{min}} to {{max}}.':
      'Une carte-cadeau vaut un nombre entier de dollars, de {{min}} à {{max}}.',
    'Please enter the name of the person receiving the card.':
      'Veuillez entrer le nom de la personne qui reçoit la carte.',
    'The message must be at most {{max}} characters.': 'Le message doit compter au plus {{max}} caractères.',
    'At most {{max}} gift card lines per order.': 'Au plus {{max}} lignes de cartes-cadeaux par commande.',
  },
);
