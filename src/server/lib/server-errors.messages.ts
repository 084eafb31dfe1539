// The `server-errors` namespace: the API's own refusals and answers (not the shared schemas', which are
// in src/shared/i18n/errors.messages.ts), keyed by their English text. Only the server loads it: the
// browser shows these messages as the server sent them, already in the page's language.
// docs/decisions/0390-error-messages-in-french.md
import { defineMessages } from '~/shared/i18n/catalogues';

const NBSP = '\u00a0';

export const serverErrorMessages = defineMessages(
  'server-errors',
  {
    'Please sign in to continue.': 'Please sign in to continue.',
    'If we keep orders or messages under this address, we have sent it a link. It works for 24 hours.':
      'If we keep orders or messages under this address, we have sent it a link. It works for 24 hours.',
    'You do not have permission to do that.': 'You do not have permission to do that.',
    'Not found.': 'Not found.',
    'This lot is in quarantine because a product recall names it: it cannot be put on sale.':
      'This lot is in quarantine because a product recall names it: it cannot be put on sale.',
    'Invalid request.': 'Invalid request.',
    'Invalid value.': 'Invalid value.',
    'Something went wrong on our side. Please try again.':
      'Something went wrong on our side. Please try again.',
    'The store is busy right now. Please try again in a moment.':
      'The store is busy right now. Please try again in a moment.',
    'We received your payment. Your order is being confirmed, and your confirmation e-mail is on its way.':
      'We received your payment. Your order is being confirmed, and your confirmation e-mail is on its way.',
    'The request body is not valid JSON.': 'The request body is not valid JSON.',
    'The request body is empty.': 'The request body is empty.',
    'The request is too large.': 'The request is too large.',
    'Unsupported content type.': 'Unsupported content type.',
    'Cross-origin request refused.': 'Cross-origin request refused.',
    'No API route {{method}} {{path}}.': 'No API route {{method}} {{path}}.',
    'Too many {{what}}. Please try again in {{when}}.': 'Too many {{what}}. Please try again in {{when}}.',
    'Too many failed sign-in attempts. Please try again in {{when}}.':
      'Too many failed sign-in attempts. Please try again in {{when}}.',
    seconds_one: '{{count}} second',
    seconds_other: '{{count}} seconds',
    minutes_one: '{{count}} minute',
    minutes_other: '{{count}} minutes',
    requests: 'requests',
    'registrations from this address': 'registrations from this address',
    'password reset requests from this address': 'password reset requests from this address',
    'password reset attempts from this address': 'password reset attempts from this address',
    'order look-ups from this address': 'order look-ups from this address',
    'price checks': 'price checks',
    'checkout attempts': 'checkout attempts',
    messages: 'messages',
    'subscription attempts': 'subscription attempts',
    'Not signed in.': 'Not signed in.',
    'Invalid username or password.': 'Invalid username or password.',
    'That username is already taken.': 'That username is already taken.',
    'An account with that email already exists.': 'An account with that email already exists.',
    "Username can't be made of letters that only look like Latin ones (for example Cyrillic 'о' for 'o')":
      "Username can't be made of letters that only look like Latin ones (for example Cyrillic 'о' for 'o')",
    'This password is one of the most commonly used and easy to guess. Please choose another.':
      'This password is one of the most commonly used and easy to guess. Please choose another.',
    'That username looks too much like an existing one (some letters only look alike). Please choose another.':
      'That username looks too much like an existing one (some letters only look alike). Please choose another.',
    'Almost done: we have sent an e-mail to that address. Open the link in it within 24 hours to finish creating your account.':
      'Almost done: we have sent an e-mail to that address. Open the link in it within 24 hours to finish creating your account.',
    'This link to finish your registration is not valid or has expired. Please register again.':
      'This link to finish your registration is not valid or has expired. Please register again.',
    'If an account uses that email address, we have sent it a link to reset the password. The link works once, within one hour.':
      'If an account uses that email address, we have sent it a link to reset the password. The link works once, within one hour.',
    'This password reset link has already been used. Please ask for a new one.':
      'This password reset link has already been used. Please ask for a new one.',
    'This password reset link has expired. Please ask for a new one.':
      'This password reset link has expired. Please ask for a new one.',
    'Your password has been changed. Please sign in with your new password.':
      'Your password has been changed. Please sign in with your new password.',
    'Account not found.': 'Account not found.',
    'Administrators cannot delete their own account.': 'Administrators cannot delete their own account.',
    'A new order can only be pending.': 'A new order can only be pending.',
    'Amounts must be strings with 2 decimals, such as "12.34".':
      'Amounts must be strings with 2 decimals, such as "12.34".',
    'The tax rate must be a percentage such as "13" or "14.975".':
      'The tax rate must be a percentage such as "13" or "14.975".',
    'Idempotency-Key must be 16 to 100 letters, digits, "-" or "_".':
      'Idempotency-Key must be 16 to 100 letters, digits, "-" or "_".',
    'Prices or amounts in your order have changed. Please review the updated total and try again.':
      'Prices or amounts in your order have changed. Please review the updated total and try again.',
    'Sorry, "{{name}}" is out of stock.': 'Sorry, "{{name}}" is out of stock.',
    'Sorry, only {{count}} of "{{name}}" are available._one':
      'Sorry, only {{count}} of "{{name}}" is available.',
    'Sorry, only {{count}} of "{{name}}" are available._other':
      'Sorry, only {{count}} of "{{name}}" are available.',
    'Sorry, only {{count}} of "{{name}}" are available.':
      'Sorry, only {{count}} of "{{name}}" are available.',
    'Sorry, "{{name}}" is no longer available. Please remove it from your cart.':
      'Sorry, "{{name}}" is no longer available. Please remove it from your cart.',
    'Pickup at store is not available at the moment. Please choose another shipping method.':
      'Pickup at store is not available at the moment. Please choose another shipping method.',
    'Sorry, we are not shipping to {{name}} at the moment. Please choose another province or pickup at store.':
      'Sorry, we are not shipping to {{name}} at the moment. Please choose another province or pickup at store.',
    'Some items in your order are final sale. Please confirm that you understand they cannot be returned or exchanged.':
      'Some items in your order are final sale. Please confirm that you understand they cannot be returned or exchanged.',
    'You already have {{count}} unpaid checkouts holding items. Please complete or cancel one, or wait for it to expire, before starting another._one':
      'You already have {{count}} unpaid checkout holding items. Please complete or cancel one, or wait for it to expire, before starting another.',
    'You already have {{count}} unpaid checkouts holding items. Please complete or cancel one, or wait for it to expire, before starting another._other':
      'You already have {{count}} unpaid checkouts holding items. Please complete or cancel one, or wait for it to expire, before starting another.',
    'You already have {{count}} unpaid checkouts holding items. Please complete or cancel one, or wait for it to expire, before starting another.':
      'You already have {{count}} unpaid checkouts holding items. Please complete or cancel one, or wait for it to expire, before starting another.',
    'A shopper can hold at most {{max}} items at a time, and {{already}} are already held in your unpaid checkouts. Please reduce the quantities or complete your other checkout first.':
      'A shopper can hold at most {{max}} items at a time, and {{already}} are already held in your unpaid checkouts. Please reduce the quantities or complete your other checkout first.',
    'A checkout can hold at most {{max}} items at a time. Please reduce the quantities, or contact us for a larger order.':
      'A checkout can hold at most {{max}} items at a time. Please reduce the quantities, or contact us for a larger order.',
    'Many items are already held in unpaid checkouts from your network. Please complete a checkout, or try again in a few minutes.':
      'Many items are already held in unpaid checkouts from your network. Please complete a checkout, or try again in a few minutes.',
    'Too many items are waiting in unpaid checkouts right now. Please try again in a few minutes.':
      'Too many items are waiting in unpaid checkouts right now. Please try again in a few minutes.',
    'An order can only be placed for your own account.': 'An order can only be placed for your own account.',
    'This order has already been paid.': 'This order has already been paid.',
    'This checkout is closed. Please return to your cart and check out again.':
      'This checkout is closed. Please return to your cart and check out again.',
    'We could not reach the payment provider. Please try again in a moment.':
      'We could not reach the payment provider. Please try again in a moment.',
    'We could not find an order with that reference and email address. Please check both and try again.':
      'We could not find an order with that reference and email address. Please check both and try again.',
    'An order can only be linked to your own account.': 'An order can only be linked to your own account.',
    'Only the payment provider can change this payment status.':
      'Only the payment provider can change this payment status.',
    'We could not confirm your payment with the payment provider. Please try again in a moment.':
      'We could not confirm your payment with the payment provider. Please try again in a moment.',
    'Category not found.': 'Category not found.',
    'Product not found.': 'Product not found.',
    'Page not found.': 'Page not found.',
    'Please enter a search term.': 'Please enter a search term.',
    'Search must be text.': 'Search must be text.',
    'Search terms must be {{max}} characters or fewer.': 'Search terms must be {{max}} characters or fewer.',
    'Category must be a category slug or id.': 'Category must be a category slug or id.',
    'Condition must be one or more of: {{conditions}}.': 'Condition must be one or more of: {{conditions}}.',
    'Page must be a whole number of 1 or more.': 'Page must be a whole number of 1 or more.',
    'Page must be {{max}} or less.': 'Page must be {{max}} or less.',
    'Limit must be a whole number of 1 or more.': 'Limit must be a whole number of 1 or more.',
    'Sort must be one of: {{sorts}}.': 'Sort must be one of: {{sorts}}.',
    'Minimum price must be a number of 0 or more.': 'Minimum price must be a number of 0 or more.',
    'Maximum price must be a number of 0 or more.': 'Maximum price must be a number of 0 or more.',
    "Thank you for your message. We'll get back to you soon!":
      "Thank you for your message. We'll get back to you soon!",
    'Thank you for subscribing to our newsletter!': 'Thank you for subscribing to our newsletter!',
    'Subscription failed. Please try again later.': 'Subscription failed. Please try again later.',
    // Return requests (docs/decisions/0540-return-requests.md).
    'This order has not been shipped or picked up yet, so nothing can be returned. To change it, contact us.':
      'This order has not been shipped or picked up yet, so nothing can be returned. To change it, contact us.',
    'Only a paid order can have a return.': 'Only a paid order can have a return.',
    'Item {{id}} is not part of this order.': 'Item {{id}} is not part of this order.',
    '{{name}}: every unit has already been returned, refunded or asked for in another return.':
      '{{name}}: every unit has already been returned, refunded or asked for in another return.',
    '{{name}}: at most {{left}} of {{quantity}} can still be returned.':
      '{{name}}: at most {{left}} of {{quantity}} can still be returned.',
    '{{name}} was sold as final sale: it can be returned only if it is defective, damaged, not as described or the wrong item (the legal warranty).':
      '{{name}} was sold as final sale: it can be returned only if it is defective, damaged, not as described or the wrong item (the legal warranty).',
    '{{name}} cannot be returned for a change of mind in its condition: only if it is defective, damaged, not as described or the wrong item (the legal warranty).':
      '{{name}} cannot be returned for a change of mind in its condition: only if it is defective, damaged, not as described or the wrong item (the legal warranty).',
    'The return window for {{name}} ({{days}} days) ended on {{date}}. A defective, damaged or wrong item is still covered by the legal warranty: choose the reason that fits.':
      'The return window for {{name}} ({{days}} days) ended on {{date}}. A defective, damaged or wrong item is still covered by the legal warranty: choose the reason that fits.',
    'At most {{max}} photos.': 'At most {{max}} photos.',
    'Send the return request as multipart/form-data.': 'Send the return request as multipart/form-data.',
    'Draft order not found.': 'Draft order not found.',
    'This draft order is no longer waiting for payment.':
      'This draft order is no longer waiting for payment.',
    'No customer account has this id.': 'No customer account has this id.',
    'A gift card cannot be paid for with a gift card. Please remove the gift card code, or buy the gift card in its own order paid by card.':
      'A gift card cannot be paid for with a gift card. Please remove the gift card code, or buy the gift card in its own order paid by card.',
    // The till's card on the Square Terminal (docs/decisions/0613-till-card-on-square-terminal.md).
    'Card payments at the till need the Square Terminal, and this store does not take payments through Square: take cash, a gift card or store credit.':
      'Card payments at the till need the Square Terminal, and this store does not take payments through Square: take cash, a gift card or store credit.',
    'This register has no Square Terminal paired: an administrator sets its device id. Take cash, a gift card or store credit.':
      'This register has no Square Terminal paired: an administrator sets its device id. Take cash, a gift card or store credit.',
    'The card part is more than what is left to pay: lower it.':
      'The card part is more than what is left to pay: lower it.',
    'The card terminal could not be reached through Square. Nothing was sold: try again, or take another payment.':
      'The card terminal could not be reached through Square. Nothing was sold: try again, or take another payment.',
    'This sale is paid: give the money back with a refund instead.':
      'This sale is paid: give the money back with a refund instead.',
    "Square's card payment does not match the card part of this sale: an administrator must check it in Square.":
      "Square's card payment does not match the card part of this sale: an administrator must check it in Square.",
    'Square could not be reached to cancel the card payment. Try again.':
      'Square could not be reached to cancel the card payment. Try again.',
    'A card payment is still waiting on the terminal: finish or cancel it before closing.':
      'A card payment is still waiting on the terminal: finish or cancel it before closing.',
  },
  {
    'Please sign in to continue.': 'Veuillez vous connecter pour continuer.',
    'If we keep orders or messages under this address, we have sent it a link. It works for 24 hours.':
      'Si nous conservons des commandes ou des messages sous cette adresse, nous lui avons envoyé un lien. Il fonctionne pendant 24 heures.',
    'You do not have permission to do that.': 'Vous n’avez pas la permission de faire cela.',
    'Not found.': 'Introuvable.',
    'This lot is in quarantine because a product recall names it: it cannot be put on sale.': `Ce lot est en quarantaine parce qu’un rappel de produit le vise${NBSP}: il ne peut pas être mis en vente.`,
    'Invalid request.': 'Requête invalide.',
    'Invalid value.': 'Valeur invalide.',
    'Something went wrong on our side. Please try again.':
      'Une erreur s’est produite de notre côté. Veuillez réessayer.',
    'The store is busy right now. Please try again in a moment.':
      'La boutique est très occupée en ce moment. Veuillez réessayer dans un instant.',
    'We received your payment. Your order is being confirmed, and your confirmation e-mail is on its way.':
      'Nous avons bien reçu votre paiement. Votre commande est en cours de confirmation et votre courriel de confirmation suivra.',
    'The request body is not valid JSON.': 'Le corps de la requête n’est pas du JSON valide.',
    'The request body is empty.': 'Le corps de la requête est vide.',
    'The request is too large.': 'La requête est trop volumineuse.',
    'Unsupported content type.': 'Type de contenu non pris en charge.',
    'Cross-origin request refused.': 'Requête d’une autre origine refusée.',
    'No API route {{method}} {{path}}.': 'Aucune route d’API {{method}} {{path}}.',
    'Too many {{what}}. Please try again in {{when}}.': 'Trop de {{what}}. Veuillez réessayer dans {{when}}.',
    'Too many failed sign-in attempts. Please try again in {{when}}.':
      'Trop de tentatives de connexion infructueuses. Veuillez réessayer dans {{when}}.',
    seconds_one: '{{count}} seconde',
    seconds_other: '{{count}} secondes',
    minutes_one: '{{count}} minute',
    minutes_other: '{{count}} minutes',
    requests: 'requêtes',
    'registrations from this address': 'inscriptions depuis cette adresse',
    'password reset requests from this address':
      'demandes de réinitialisation du mot de passe depuis cette adresse',
    'password reset attempts from this address':
      'tentatives de réinitialisation du mot de passe depuis cette adresse',
    'order look-ups from this address': 'recherches de commande depuis cette adresse',
    'price checks': 'vérifications de prix',
    'checkout attempts': 'tentatives de paiement',
    messages: 'messages',
    'subscription attempts': 'tentatives d’abonnement',
    'Not signed in.': 'Vous n’êtes pas connecté.',
    'Invalid username or password.': 'Nom d’utilisateur ou mot de passe invalide.',
    'That username is already taken.': 'Ce nom d’utilisateur est déjà pris.',
    'An account with that email already exists.': 'Un compte existe déjà avec ce courriel.',
    "Username can't be made of letters that only look like Latin ones (for example Cyrillic 'о' for 'o')":
      'Le nom d’utilisateur ne peut pas être fait de lettres qui ressemblent seulement à des lettres latines (par exemple le « о » cyrillique pour « o »)',
    'This password is one of the most commonly used and easy to guess. Please choose another.':
      'Ce mot de passe est l’un des plus courants et des plus faciles à deviner. Veuillez en choisir un autre.',
    'That username looks too much like an existing one (some letters only look alike). Please choose another.':
      'Ce nom d’utilisateur ressemble trop à un nom existant (certaines lettres se ressemblent seulement). Veuillez en choisir un autre.',
    'Almost done: we have sent an e-mail to that address. Open the link in it within 24 hours to finish creating your account.':
      'C’est presque fini\u00a0: nous avons envoyé un courriel à cette adresse. Ouvrez le lien qu’il contient d’ici 24\u00a0heures pour terminer la création de votre compte.',
    'This link to finish your registration is not valid or has expired. Please register again.':
      'Ce lien pour terminer votre inscription n’est pas valide ou a expiré. Veuillez vous inscrire de nouveau.',
    'If an account uses that email address, we have sent it a link to reset the password. The link works once, within one hour.':
      'Si un compte utilise cette adresse courriel, nous lui avons envoyé un lien pour réinitialiser le mot de passe. Le lien fonctionne une seule fois, dans l’heure qui suit.',
    'This password reset link has already been used. Please ask for a new one.':
      'Ce lien de réinitialisation du mot de passe a déjà servi. Veuillez en demander un nouveau.',
    'This password reset link has expired. Please ask for a new one.':
      'Ce lien de réinitialisation du mot de passe a expiré. Veuillez en demander un nouveau.',
    'Your password has been changed. Please sign in with your new password.':
      'Votre mot de passe a été changé. Veuillez vous connecter avec votre nouveau mot de passe.',
    'Account not found.': 'Compte introuvable.',
    'Administrators cannot delete their own account.':
      'Les administrateurs ne peuvent pas supprimer leur propre compte.',
    'A new order can only be pending.': 'Une nouvelle commande ne peut qu’être en attente.',
    'Amounts must be strings with 2 decimals, such as "12.34".':
      'Les montants doivent être des chaînes à 2 décimales, comme « 12.34 ».',
    'The tax rate must be a percentage such as "13" or "14.975".':
      'Le taux de taxe doit être un pourcentage comme « 13 » ou « 14.975 ».',
    'Idempotency-Key must be 16 to 100 letters, digits, "-" or "_".':
      'Idempotency-Key doit compter de 16 à 100 lettres, chiffres, « - » ou « _ ».',
    'Prices or amounts in your order have changed. Please review the updated total and try again.':
      'Des prix ou des montants de votre commande ont changé. Veuillez vérifier le nouveau total et réessayer.',
    'Sorry, "{{name}}" is out of stock.': `Désolé, «${NBSP}{{name}}${NBSP}» est en rupture de stock.`,
    'Sorry, only {{count}} of "{{name}}" are available._one': `Désolé, il ne reste qu’un exemplaire de «${NBSP}{{name}}${NBSP}».`,
    'Sorry, only {{count}} of "{{name}}" are available._other': `Désolé, il ne reste que {{count}} exemplaires de «${NBSP}{{name}}${NBSP}».`,
    'Sorry, only {{count}} of "{{name}}" are available.': `Désolé, il ne reste que {{count}} exemplaires de «${NBSP}{{name}}${NBSP}».`,
    'Sorry, "{{name}}" is no longer available. Please remove it from your cart.': `Désolé, «${NBSP}{{name}}${NBSP}» n’est plus offert. Veuillez le retirer de votre panier.`,
    'Pickup at store is not available at the moment. Please choose another shipping method.':
      'Le ramassage en magasin n’est pas offert pour le moment. Veuillez choisir un autre mode de livraison.',
    'Sorry, we are not shipping to {{name}} at the moment. Please choose another province or pickup at store.':
      'Désolé, nous ne livrons pas pour le moment dans cette province ({{name}}). Veuillez choisir une autre province ou le ramassage en magasin.',
    'Some items in your order are final sale. Please confirm that you understand they cannot be returned or exchanged.':
      'Certains articles de votre commande sont en vente finale. Veuillez confirmer que vous comprenez qu’ils ne peuvent être ni retournés ni échangés.',
    'You already have {{count}} unpaid checkouts holding items. Please complete or cancel one, or wait for it to expire, before starting another._one':
      'Vous avez déjà un paiement inachevé qui retient des articles. Veuillez le terminer ou l’annuler, ou attendre qu’il expire, avant d’en commencer un autre.',
    'You already have {{count}} unpaid checkouts holding items. Please complete or cancel one, or wait for it to expire, before starting another._other':
      'Vous avez déjà {{count}} paiements inachevés qui retiennent des articles. Veuillez en terminer ou en annuler un, ou attendre qu’il expire, avant d’en commencer un autre.',
    'You already have {{count}} unpaid checkouts holding items. Please complete or cancel one, or wait for it to expire, before starting another.':
      'Vous avez déjà {{count}} paiements inachevés qui retiennent des articles. Veuillez en terminer ou en annuler un, ou attendre qu’il expire, avant d’en commencer un autre.',
    'A shopper can hold at most {{max}} items at a time, and {{already}} are already held in your unpaid checkouts. Please reduce the quantities or complete your other checkout first.':
      'Un client peut retenir au plus {{max}} articles à la fois, et {{already}} sont déjà retenus dans vos paiements inachevés. Veuillez réduire les quantités ou terminer d’abord votre autre paiement.',
    'A checkout can hold at most {{max}} items at a time. Please reduce the quantities, or contact us for a larger order.':
      'Un paiement peut retenir au plus {{max}} articles à la fois. Veuillez réduire les quantités, ou communiquez avec nous pour une commande plus importante.',
    'Many items are already held in unpaid checkouts from your network. Please complete a checkout, or try again in a few minutes.':
      'Beaucoup d’articles sont déjà retenus dans des paiements inachevés venant de votre réseau. Veuillez terminer un paiement, ou réessayer dans quelques minutes.',
    'Too many items are waiting in unpaid checkouts right now. Please try again in a few minutes.':
      'Trop d’articles sont retenus dans des paiements inachevés en ce moment. Veuillez réessayer dans quelques minutes.',
    'An order can only be placed for your own account.':
      'Une commande ne peut être passée que pour votre propre compte.',
    'This order has already been paid.': 'Cette commande a déjà été payée.',
    'This checkout is closed. Please return to your cart and check out again.':
      'Ce paiement est fermé. Veuillez retourner à votre panier et passer à la caisse de nouveau.',
    'We could not reach the payment provider. Please try again in a moment.':
      'Nous n’avons pas pu joindre le fournisseur de paiement. Veuillez réessayer dans un moment.',
    'We could not find an order with that reference and email address. Please check both and try again.':
      'Nous n’avons trouvé aucune commande avec ce numéro de référence et cette adresse courriel. Veuillez vérifier les deux et réessayer.',
    'An order can only be linked to your own account.':
      'Une commande ne peut être liée qu’à votre propre compte.',
    'Only the payment provider can change this payment status.':
      'Seul le fournisseur de paiement peut changer l’état de ce paiement.',
    'We could not confirm your payment with the payment provider. Please try again in a moment.':
      'Nous n’avons pas pu confirmer votre paiement auprès du fournisseur de paiement. Veuillez réessayer dans un moment.',
    'Category not found.': 'Catégorie introuvable.',
    'Product not found.': 'Produit introuvable.',
    'Page not found.': 'Page introuvable.',
    'Please enter a search term.': 'Veuillez entrer un terme de recherche.',
    'Search must be text.': 'La recherche doit être du texte.',
    'Search terms must be {{max}} characters or fewer.':
      'La recherche doit compter au plus {{max}} caractères.',
    'Category must be a category slug or id.': 'La catégorie doit être le slug ou le numéro d’une catégorie.',
    'Condition must be one or more of: {{conditions}}.':
      'L’état doit être une ou plusieurs de ces valeurs : {{conditions}}.',
    'Page must be a whole number of 1 or more.': 'La page doit être un nombre entier de 1 ou plus.',
    'Page must be {{max}} or less.': 'La page doit être {{max}} ou moins.',
    'Limit must be a whole number of 1 or more.': 'La limite doit être un nombre entier de 1 ou plus.',
    'Sort must be one of: {{sorts}}.': 'Le tri doit être l’une de ces valeurs : {{sorts}}.',
    'Minimum price must be a number of 0 or more.': 'Le prix minimum doit être un nombre de 0 ou plus.',
    'Maximum price must be a number of 0 or more.': 'Le prix maximum doit être un nombre de 0 ou plus.',
    "Thank you for your message. We'll get back to you soon!":
      'Merci de votre message. Nous vous répondrons sous peu!',
    'Thank you for subscribing to our newsletter!': 'Merci de vous être abonné à notre infolettre!',
    'Subscription failed. Please try again later.': 'L’abonnement a échoué. Veuillez réessayer plus tard.',
    // Return requests (docs/decisions/0540-return-requests.md).
    'This order has not been shipped or picked up yet, so nothing can be returned. To change it, contact us.':
      'Cette commande n’a pas encore été expédiée ni récupérée\u00a0: rien ne peut être retourné. Pour la modifier, communiquez avec nous.',
    'Only a paid order can have a return.': 'Seule une commande payée peut faire l’objet d’un retour.',
    'Item {{id}} is not part of this order.': 'L’article {{id}} ne fait pas partie de cette commande.',
    '{{name}}: every unit has already been returned, refunded or asked for in another return.':
      '{{name}}\u00a0: toutes les unités ont déjà été retournées, remboursées ou demandées dans un autre retour.',
    '{{name}}: at most {{left}} of {{quantity}} can still be returned.':
      '{{name}}\u00a0: au plus {{left}} sur {{quantity}} peuvent encore être retournées.',
    '{{name}} was sold as final sale: it can be returned only if it is defective, damaged, not as described or the wrong item (the legal warranty).':
      '{{name}} a été vendu en vente finale\u00a0: il ne peut être retourné que s’il est défectueux, endommagé, non conforme à la description ou si ce n’est pas le bon article (la garantie légale).',
    '{{name}} cannot be returned for a change of mind in its condition: only if it is defective, damaged, not as described or the wrong item (the legal warranty).':
      '{{name}} ne peut pas être retourné pour un changement d’avis dans son état\u00a0: seulement s’il est défectueux, endommagé, non conforme à la description ou si ce n’est pas le bon article (la garantie légale).',
    'The return window for {{name}} ({{days}} days) ended on {{date}}. A defective, damaged or wrong item is still covered by the legal warranty: choose the reason that fits.':
      'Le délai de retour de {{name}} ({{days}} jours) a pris fin le {{date}}. Un article défectueux, endommagé ou erroné reste couvert par la garantie légale\u00a0: choisissez le motif qui convient.',
    'At most {{max}} photos.': 'Au plus {{max}} photos.',
    'Send the return request as multipart/form-data.': 'Envoyez la demande de retour en multipart/form-data.',
    'Draft order not found.': 'Commande préparée introuvable.',
    'This draft order is no longer waiting for payment.':
      'Cette commande préparée n’attend plus de paiement.',
    'No customer account has this id.': 'Aucun compte client ne porte ce numéro.',
    'A gift card cannot be paid for with a gift card. Please remove the gift card code, or buy the gift card in its own order paid by card.':
      'Une carte-cadeau ne peut pas être payée avec une carte-cadeau. Veuillez retirer le code de la carte-cadeau, ou acheter la carte-cadeau dans une commande à part payée par carte.',
    'Card payments at the till need the Square Terminal, and this store does not take payments through Square: take cash, a gift card or store credit.': `Les paiements par carte à la caisse passent par le Square Terminal, et cette boutique ne reçoit pas ses paiements par Square${NBSP}: prenez de l’argent comptant, une carte-cadeau ou un crédit en magasin.`,
    'This register has no Square Terminal paired: an administrator sets its device id. Take cash, a gift card or store credit.': `Aucun Square Terminal n’est jumelé à cette caisse${NBSP}: un administrateur indique l’identifiant de l’appareil. Prenez de l’argent comptant, une carte-cadeau ou un crédit en magasin.`,
    'The card part is more than what is left to pay: lower it.': `La part payée par carte dépasse ce qui reste à payer${NBSP}: réduisez-la.`,
    'The card terminal could not be reached through Square. Nothing was sold: try again, or take another payment.': `Le terminal de paiement n’a pas pu être joint par Square. Rien n’a été vendu${NBSP}: réessayez ou prenez un autre mode de paiement.`,
    'This sale is paid: give the money back with a refund instead.': `Cette vente est payée${NBSP}: remboursez-la plutôt.`,
    "Square's card payment does not match the card part of this sale: an administrator must check it in Square.": `Le paiement par carte de Square ne correspond pas à la part par carte de cette vente${NBSP}: un administrateur doit le vérifier dans Square.`,
    'Square could not be reached to cancel the card payment. Try again.': `Square n’a pas pu être joint pour annuler le paiement par carte. Réessayez.`,
    'A card payment is still waiting on the terminal: finish or cancel it before closing.': `Un paiement par carte attend encore sur le terminal${NBSP}: terminez-le ou annulez-le avant de fermer.`,
  },
);
