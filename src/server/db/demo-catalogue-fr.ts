// The demo catalogue in Canadian French (docs/decisions/0350-french-catalogue-fields.md): the French
// name and description of every demo product, by its English name, and of every category, by slug;
// then the demo content pages (by slug) and FAQ items (by English question). seed.ts writes them into
// the *_fr columns; demo-content.test.ts checks none is missing and each keeps the English facts.
import { DEMO_CATEGORIES } from './demo-catalogue';

export const DEMO_CATEGORY_NAMES_FR: Record<string, string> = {
  electronics: 'Électronique',
  clothing: 'Vêtements',
  'home-kitchen': 'Maison et cuisine',
  'toys-games': 'Jouets et jeux',
  'sports-outdoors': 'Sports et plein air',
  books: 'Livres',
  'beauty-personal-care': 'Beauté et soins personnels',
  automotive: 'Automobile',
};

export const DEMO_PRODUCTS_FR: Record<string, { nameFr: string; descriptionFr: string }> = {
  // Électronique
  'Refurbished 27" 4K Monitor': {
    nameFr: 'Moniteur 4K de 27 po remis à neuf',
    descriptionFr:
      'Un moniteur IPS de 27 po avec une dalle de 3840 x 2160, remis à neuf en usine et classé A, sans pixel mort. Il offre deux ports HDMI 2.0, un port DisplayPort 1.4 et un pied réglable en hauteur. Expédié dans un emballage neutre avec le cordon d’alimentation et un câble DisplayPort.',
  },
  'Wireless Noise-Cancelling Headphones (Open Box)': {
    nameFr: 'Casque d’écoute sans fil à réduction de bruit (boîte ouverte)',
    descriptionFr:
      'Casque Bluetooth 5.3 circum-auriculaire avec réduction active du bruit et jusqu’à 30 heures d’autonomie. Ces appareils ont été ouverts puis retournés sans avoir servi; chaque casque est vérifié pour le jumelage, la recharge et les deux haut-parleurs. Étui de transport, câble USB-C et câble audio de 3,5 mm inclus.',
  },
  '10" Android Tablet, 64 GB (Customer Return)': {
    nameFr: 'Tablette Android de 10 po, 64 Go (retour client)',
    descriptionFr:
      'Une tablette de 10,1 po avec 4 Go de mémoire, 64 Go de stockage et une fente microSD. Elle a été réinitialisée aux paramètres d’usine et vérifiée : écran, caméra, Wi-Fi et état de la pile. De légères égratignures au dos sont possibles; l’écran est exempt de rayures.',
  },
  'Refurbished 65" 4K Smart TV': {
    nameFr: 'Téléviseur intelligent 4K de 65 po remis à neuf',
    descriptionFr:
      'Un téléviseur intelligent 4K HDR de 65 po remis à neuf par un centre de réparation agréé, avec applications de diffusion intégrées et trois entrées HDMI. La cueillette en magasin est recommandée vu sa taille, mais il peut être expédié par transporteur partout au Canada. Télécommande et pattes incluses; support mural non inclus.',
  },
  'Bluetooth Soundbar with Wireless Subwoofer': {
    nameFr: 'Barre de son Bluetooth avec caisson de graves sans fil',
    descriptionFr:
      'Une barre de son 2.1 canaux avec caisson de graves sans fil séparé, HDMI ARC, entrée optique et Bluetooth. Surplus d’un détaillant national, neuve dans sa boîte d’origine. Convient à tout téléviseur de 43 à 65 po.',
  },
  'Mechanical Gaming Keyboard, RGB': {
    nameFr: 'Clavier de jeu mécanique RVB',
    descriptionFr:
      'Un clavier mécanique pleine grandeur avec touches tactiles, rétroéclairage RVB par touche et câble USB-C amovible. Neuf, dans l’emballage de détail d’une gamme abandonnée. Disposition des touches anglaise (É.-U.).',
  },
  '1080p Video Doorbell Camera': {
    nameFr: 'Sonnette vidéo 1080p',
    descriptionFr:
      'Une sonnette vidéo filaire avec vidéo 1080p, conversation bidirectionnelle et alertes de mouvement sur votre téléphone. Articles retirés des tablettes dans leur boîte d’origine, avec quincaillerie de fixation et cale d’angle. Fonctionne avec le câblage et le carillon existants.',
  },
  'Refurbished 15.6" Laptop, 16 GB RAM': {
    nameFr: 'Ordinateur portable de 15,6 po remis à neuf, 16 Go de mémoire vive',
    descriptionFr:
      'Un portable HD intégrale de 15,6 po avec processeur quadricœur, 16 Go de mémoire et SSD de 512 Go, remis à neuf avec une installation fraîche de Windows 11. La pile conserve au moins 80 % de sa capacité d’origine. Livré avec un chargeur générique et une garantie du magasin de 90 jours.',
  },
  // Vêtements
  "Men's Insulated Winter Parka": {
    nameFr: 'Parka d’hiver isolé pour homme',
    descriptionFr:
      'Un parka à capuchon avec isolant synthétique conçu pour environ -25 °C, une coquille coupe-vent et une bordure en fausse fourrure amovible. Surplus de fin de saison, neuf avec étiquettes. Les tailles varient selon le lot; la taille offerte est indiquée sur la photo de l’étiquette à la cueillette ou par courriel après la commande.',
  },
  "Women's Merino Wool Crewneck Sweater": {
    nameFr: 'Chandail à col rond en laine mérinos pour femme',
    descriptionFr:
      'Un chandail léger 100 % laine mérinos, chaud sans être encombrant et lavable à la machine au cycle laine. Neuf sans étiquettes, surplus d’une marque. Couleurs assorties; tailles P à TG.',
  },
  'Unisex Fleece Hoodie, Assorted Sizes': {
    nameFr: 'Kangourou en molleton unisexe, tailles assorties',
    descriptionFr:
      'Un kangourou en molleton coton-polyester mi-épais avec poche avant et poignets côtelés. Acheté en gros d’une commande promotionnelle annulée, d’où des prix bien sous le prix de détail. Couleurs et tailles choisies parmi ce qui est en stock.',
  },
  "Women's Waterproof Rain Jacket": {
    nameFr: 'Imperméable pour femme',
    descriptionFr:
      'Un manteau de pluie respirant aux coutures scellées, avec capuchon rangeable et fermetures éclair d’aération sous les bras. Neuf avec étiquettes, surplus d’un détaillant. Taille juste.',
  },
  "Men's Stretch Chino Pants, 3 Pack": {
    nameFr: 'Pantalons chino extensibles pour homme, paquet de 3',
    descriptionFr:
      'Trois pantalons chino extensibles à coupe ajustée, en marine, kaki et gris. Vendus en caisse à la suite d’une fermeture de magasin; tailles de taille 30 à 38. Neufs, pliés, avec étiquettes d’origine.',
  },
  "Kids' Snow Pants, Sizes 4-12": {
    nameFr: 'Pantalons de neige pour enfant, tailles 4 à 12',
    descriptionFr:
      'Pantalons de neige isolés et hydrofuges, avec genoux renforcés et bretelles réglables. Surplus de la saison dernière, couleurs assorties. Parfaits pour la cour d’école et les buttes à glisser.',
  },
  'Thermal Base Layer Set': {
    nameFr: 'Ensemble de sous-vêtements thermiques',
    descriptionFr:
      'Un haut à manches longues et un legging qui évacuent l’humidité, pour le ski, la chasse ou les chantiers au froid. Neuf dans l’emballage, qui peut montrer une usure de tablette. Tailles unisexes de P à TTG.',
  },
  'Leather Work Gloves, 12 Pairs': {
    nameFr: 'Gants de travail en cuir, 12 paires',
    descriptionFr:
      'Une douzaine de paires de gants de travail en cuir de vache avec pouce renforcé et poignet élastique. Lot excédentaire d’un entrepreneur, neuf et jamais utilisé. Taille grande.',
  },
  // Maison et cuisine
  '6-Quart Multi-Function Pressure Cooker (Open Box)': {
    nameFr: 'Autocuiseur multifonction de 6 pintes (boîte ouverte)',
    descriptionFr:
      'Un autocuiseur électrique de 6 pintes qui fait aussi la mijoteuse, la cuisson vapeur, le sauté, le riz et le yogourt. Ouvert puis retourné, et vérifié pour la montée en pression et le maintien de la température. Cuve intérieure, couvercle, joint d’étanchéité et grille à vapeur inclus.',
  },
  'Stainless Steel Cookware Set, 10 Pieces': {
    nameFr: 'Batterie de cuisine en acier inoxydable, 10 pièces',
    descriptionFr:
      'Casseroles et poêles en acier inoxydable à trois épaisseurs avec couvercles en verre, pour surfaces à induction, au gaz et électriques, et allant au four jusqu’à 260 °C. Neuve dans une boîte extérieure endommagée; les articles eux-mêmes sont intacts. Une cuisine complète pour le prix d’une bonne poêle.',
  },
  'Robot Vacuum with App Control (Refurbished)': {
    nameFr: 'Aspirateur robot contrôlé par application (remis à neuf)',
    descriptionFr:
      'Un aspirateur robot avec cartographie intelligente, programmation par application et station de recharge automatique. Remis à neuf avec pile, brosses et filtre neufs. Environ 120 minutes d’autonomie sur planchers durs.',
  },
  'Cotton Bath Towel Bundle, 8 Pieces': {
    nameFr: 'Ensemble de serviettes en coton, 8 pièces',
    descriptionFr:
      'Deux serviettes de bain, deux essuie-mains et quatre débarbouillettes en coton de 600 g/m². Surplus d’une commande pour l’hôtellerie, neuf et jamais lavé. Blanc seulement.',
  },
  'Glass Food Storage Containers, 18 Pieces': {
    nameFr: 'Contenants de conservation en verre, 18 pièces',
    descriptionFr:
      'Neuf contenants en verre allant au four et neuf couvercles à fermoirs, de 1 à 6 tasses. Vont au micro-ondes, au lave-vaisselle et au congélateur (sans couvercle au four). Neufs dans l’emballage de détail.',
  },
  'High-Speed Countertop Blender': {
    nameFr: 'Mélangeur de comptoir haute vitesse',
    descriptionFr:
      'Un mélangeur de 1 400 watts avec récipient de 64 onces, fonction impulsion et trois programmes pour smoothies, glace et soupes. Neuf, d’une commande de détail annulée. Broie la glace en quelques secondes.',
  },
  'Queen Microfibre Sheet Set (Shelf Pull)': {
    nameFr: 'Ensemble de draps en microfibre pour grand lit (retiré des tablettes)',
    descriptionFr:
      'Un ensemble de draps quatre pièces pour grand lit, avec poches profondes pour matelas jusqu’à 40 cm d’épaisseur. Retiré des tablettes dans son emballage d’origine, qui peut être froissé. Couleurs neutres assorties.',
  },
  'Cordless Stick Vacuum (Customer Return)': {
    nameFr: 'Aspirateur-balai sans fil (retour client)',
    descriptionFr:
      'Un aspirateur-balai sans fil léger qui se transforme en aspirateur à main, avec support mural et deux brosses. Retourné par un client, nettoyé, puis vérifié pour la succion et une pleine charge de pile. Chargeur et suceur plat inclus.',
  },
  // Jouets et jeux
  '1,000-Piece Jigsaw Puzzle Assortment, 3 Pack': {
    nameFr: 'Assortiment de casse-tête de 1 000 morceaux, paquet de 3',
    descriptionFr:
      'Trois casse-tête scellés de 1 000 morceaux, paysages et faune. Surplus d’un distributeur : les titres varient d’un lot à l’autre. Le casse-tête terminé mesure environ 69 x 51 cm.',
  },
  'Wooden Train Set, 80 Pieces': {
    nameFr: 'Ensemble de train en bois, 80 pièces',
    descriptionFr:
      'Un train en bois massif avec rails, pont, gare et wagons aimantés, compatible avec les grandes marques de chemins de fer en bois. Neuf dans une boîte usée par les tablettes. 3 ans et plus.',
  },
  'Remote Control Off-Road Truck': {
    nameFr: 'Camion tout-terrain téléguidé',
    descriptionFr:
      'Un camion à quatre roues motrices à l’échelle 1:16 avec manette 2,4 GHz, pile rechargeable et vitesse de pointe d’environ 25 km/h. Neuf, surplus du temps des Fêtes. Roule sur le gazon, le gravier et la neige.',
  },
  'Family Strategy Board Game (Damaged Box)': {
    nameFr: 'Jeu de société de stratégie familial (boîte endommagée)',
    descriptionFr:
      'Un jeu de stratégie familial pour deux à cinq joueurs, environ 60 minutes par partie. La boîte extérieure est bosselée, mais le contenu est scellé et complet. Une seule unité, d’une palette de retours d’un détaillant.',
  },
  'Building Bricks Bulk Box, 1,500 Pieces': {
    nameFr: 'Boîte de blocs de construction en vrac, 1 500 pièces',
    descriptionFr:
      'Mille cinq cents blocs de construction assortis aux couleurs classiques, compatibles avec les grandes marques. Livrés dans un bac de rangement réutilisable. 4 ans et plus.',
  },
  'Plush Animal Assortment, Case of 12': {
    nameFr: 'Assortiment d’animaux en peluche, caisse de 12',
    descriptionFr:
      'Une caisse de douze animaux en peluche de 30 cm, neufs avec étiquettes, surplus de la boutique d’un parc thématique. Parfaits pour les cadeaux de fête, les classes ou les collectes de bienfaisance. Animaux assortis.',
  },
  "Kids' Art Easel with Supplies": {
    nameFr: 'Chevalet d’artiste pour enfant avec fournitures',
    descriptionFr:
      'Un chevalet double face avec tableau noir, tableau blanc et support à rouleau de papier, plus peinture, pinceaux et craies. Neuf dans une boîte ouverte pour inspection. Assemblage par un adulte requis, environ 20 minutes.',
  },
  'Foam Dart Blaster, 2 Pack': {
    nameFr: 'Lanceur de fléchettes en mousse, paquet de 2',
    descriptionFr:
      'Deux lanceurs de fléchettes en mousse à pompe, avec 40 fléchettes et deux cibles. Surplus, neuf dans son emballage. 8 ans et plus.',
  },
  // Sports et plein air
  'Adjustable Dumbbell Set, 50 lb (Open Box)': {
    nameFr: 'Ensemble d’haltères réglables, 50 lb (boîte ouverte)',
    descriptionFr:
      'Une paire d’haltères réglables de 5 à 50 lb chacun d’un simple tour de poignée. Boîte ouverte : inspectés, complets et jamais utilisés. Remplacent quinze paires d’haltères fixes dans un coin de pièce.',
  },
  '4-Person Dome Tent': {
    nameFr: 'Tente dôme pour 4 personnes',
    descriptionFr:
      'Une tente dôme autoportante avec double toit complet, deux portes et un vestibule pour l’équipement. Neuve dans son sac de rangement, surplus de la saison estivale. Se monte en une dizaine de minutes.',
  },
  'Insulated Stainless Water Bottle, 6 Pack': {
    nameFr: 'Bouteille d’eau isolée en acier inoxydable, paquet de 6',
    descriptionFr:
      'Six bouteilles de 750 ml en acier inoxydable à double paroi qui gardent les boissons froides 24 heures et chaudes 12 heures. Commande d’entreprise annulée, sans logo. Couleurs assorties.',
  },
  'Folding Treadmill (Customer Return)': {
    nameFr: 'Tapis roulant pliant (retour client)',
    descriptionFr:
      'Un tapis roulant pliant avec moteur de 2,5 HP, 12 programmes préréglés et des vitesses jusqu’à 16 km/h. Retourné par un client, entièrement vérifié et inspecté; la surface montre un léger usage. Cueillette en magasin seulement en raison de son poids (environ 70 kg).',
  },
  'Yoga Mat with Carry Strap': {
    nameFr: 'Tapis de yoga avec courroie de transport',
    descriptionFr:
      'Un tapis de yoga antidérapant en TPE de 6 mm avec lignes d’alignement et courroie de transport. Neuf, surplus d’un studio de conditionnement physique. Sans latex.',
  },
  'Camping Chair with Cup Holder, 2 Pack': {
    nameFr: 'Chaise de camping avec porte-gobelet, paquet de 2',
    descriptionFr:
      'Deux chaises de camping pliantes avec porte-gobelets, pochettes latérales et sacs de transport; chacune supporte jusqu’à 135 kg. Neuves, surplus d’un présentoir saisonnier. Idéales au camping, à l’aréna et autour du feu dans la cour.',
  },
  'Intermediate Hockey Stick, 65 Flex': {
    nameFr: 'Bâton de hockey intermédiaire, flexibilité 65',
    descriptionFr:
      'Un bâton de hockey intermédiaire en composite, flexibilité 65, palette à courbe moyenne. Surplus d’une chaîne d’articles de sport; offert pour gauchers et droitiers. Neuf, avec le revêtement antidérapant d’origine intact.',
  },
  'Aluminium Trekking Poles, Pair': {
    nameFr: 'Bâtons de randonnée en aluminium, la paire',
    descriptionFr:
      'Des bâtons de randonnée légers et télescopiques avec poignées en liège, blocage rapide et rondelles à neige. Neufs dans leur emballage. Réglables de 65 à 135 cm.',
  },
  // Livres
  'Hardcover Cookbook Bundle, 5 Titles': {
    nameFr: 'Lot de livres de recettes reliés, 5 titres',
    descriptionFr:
      'Cinq livres de recettes reliés : soupers de semaine, pâtisserie, grillades, mijoteuse et repas végétariens. Surplus d’éditeur avec une petite marque de solde sur la tranche inférieure. Les titres varient d’un lot à l’autre. Livres en anglais.',
  },
  "Children's Picture Book Box, 20 Books": {
    nameFr: 'Boîte d’albums illustrés pour enfants, 20 livres',
    descriptionFr:
      'Vingt albums illustrés à couverture souple pour les 2 à 7 ans, titres assortis, tous neufs. Surplus d’éditeur classé par niveau de lecture. Une façon rapide de garnir la bibliothèque d’une classe ou d’une garderie. Livres en anglais.',
  },
  'Illustrated History of Canada (Shelf Wear)': {
    nameFr: 'Histoire illustrée du Canada (usure de tablette)',
    descriptionFr:
      'Une histoire illustrée du Canada en grand format, des Premiers Peuples à nos jours, environ 400 pages. La jaquette montre une usure de tablette; les pages sont propres. Un seul carton provenant de la fermeture d’une librairie. Livre en anglais.',
  },
  'Mystery Paperback Lot, 10 Novels': {
    nameFr: 'Lot de romans policiers en format poche, 10 romans',
    descriptionFr:
      'Dix romans policiers et suspenses en format poche d’auteurs à succès. Neufs, retournés invendus du présentoir de livres d’une épicerie. Aucun doublon dans un même lot. Livres en anglais.',
  },
  'Graphic Novel Collection, Volumes 1-4': {
    nameFr: 'Collection de romans graphiques, tomes 1 à 4',
    descriptionFr:
      'Les quatre premiers tomes d’une série populaire de romans graphiques fantastiques, en coffret. Neufs sous pellicule; le coffret a un coin écrasé. Une seule unité. Livres en anglais.',
  },
  'Vegetable Gardening Handbook, Spiral Bound': {
    nameFr: 'Guide du potager, reliure spirale',
    descriptionFr:
      'Un guide à reliure spirale pour cultiver des légumes selon les zones de rusticité canadiennes, avec calendriers de plantation et tableaux des ravageurs. Surplus d’éditeur, neuf. Reste bien à plat sur la table de rempotage. Livre en anglais.',
  },
  'English-French Student Dictionary': {
    nameFr: 'Dictionnaire anglais-français pour étudiants',
    descriptionFr:
      'Un dictionnaire bilingue de plus de 60 000 entrées, avec tableaux de conjugaison et notes sur l’usage canadien. Neuf, surplus d’un centre de services scolaire. Couverture souple.',
  },
  'Adult Colouring Book, 4 Pack': {
    nameFr: 'Livres à colorier pour adultes, paquet de 4',
    descriptionFr:
      'Quatre livres à colorier : mandalas, scènes de nature et motifs urbains sur des pages épaisses imprimées d’un seul côté. Neufs, surplus. Crayons non inclus.',
  },
  // Beauté et soins personnels
  'Ionic Hair Dryer with Diffuser (Open Box)': {
    nameFr: 'Sèche-cheveux ionique avec diffuseur (boîte ouverte)',
    descriptionFr:
      'Un sèche-cheveux ionique de 1 875 watts avec trois réglages de chaleur, un bouton d’air froid, un concentrateur et un diffuseur. Boîte ouverte, jamais utilisé, désinfecté et vérifié. Garantie du magasin d’un an incluse.',
  },
  'Rechargeable Electric Toothbrush, 2 Pack': {
    nameFr: 'Brosse à dents électrique rechargeable, paquet de 2',
    descriptionFr:
      'Deux brosses à dents électriques soniques avec capteur de pression, minuterie de deux minutes et quatre têtes de brosse. Neuves et scellées, surplus d’une chaîne de pharmacies. Chaque charge dure environ trois semaines.',
  },
  'Unscented Body Lotion, Case of 6': {
    nameFr: 'Lotion pour le corps sans parfum, caisse de 6',
    descriptionFr:
      'Six flacons-pompes de 500 ml de lotion hydratante sans parfum pour peaux sensibles. Neufs, avec une date « meilleur avant » d’au moins un an. Surplus à la suite d’un changement d’emballage.',
  },
  'Cordless Beard Trimmer Kit': {
    nameFr: 'Ensemble de tondeuse à barbe sans fil',
    descriptionFr:
      'Une tondeuse sans fil avec 20 réglages de longueur, une tondeuse de précision, une tondeuse nez et une pochette de voyage. Neuve, d’un coffret-cadeau abandonné. Se recharge par USB.',
  },
  'Makeup Brush Set, 15 Pieces': {
    nameFr: 'Ensemble de pinceaux de maquillage, 15 pièces',
    descriptionFr:
      'Quinze pinceaux synthétiques doux pour le fond de teint, la poudre, le contouring, les yeux et les sourcils, dans un étui à glissière. Neufs, non testés sur les animaux. Surplus d’une boîte beauté par abonnement.',
  },
  'Sheet Face Mask Variety Box, 30 Count': {
    nameFr: 'Boîte variée de masques en tissu, 30 unités',
    descriptionFr:
      'Trente masques en tissu emballés individuellement, aux formules hydratantes, éclatantes et apaisantes. Surplus avec au moins 18 mois avant la date de péremption. Testés sous contrôle dermatologique.',
  },
  'Ceramic Hair Straightener (Customer Return)': {
    nameFr: 'Fer plat en céramique (retour client)',
    descriptionFr:
      'Un fer plat en céramique à chaleur réglable jusqu’à 230 °C, avec plaques de 1 po et arrêt automatique. Retourné par un client, désinfecté, puis vérifié pour une chauffe uniforme. Une seule unité.',
  },
  'Bamboo Bath Organizer Set': {
    nameFr: 'Ensemble de rangement de salle de bain en bambou',
    descriptionFr:
      'Une tablette de baignoire en bambou, un porte-savon et un organisateur de comptoir à trois étages. Neufs, surplus d’un magasin d’articles pour la maison. Fini résistant à l’eau.',
  },
  // Automobile
  'Winter Tire Chains, Pair': {
    nameFr: 'Chaînes à neige pour pneus, la paire',
    descriptionFr:
      'Chaînes en acier trempé avec système de pose rapide pour voitures et petits VUS. Neuves dans leur étui; le tableau des dimensions est imprimé à l’intérieur du couvercle. Vérifiez la taille de vos pneus avant de commander.',
  },
  'Portable Jump Starter, 2000 A': {
    nameFr: 'Survolteur portatif, 2000 A',
    descriptionFr:
      'Un survolteur au lithium de 2000 ampères de crête pour moteurs à essence jusqu’à 8 L et diesel jusqu’à 6 L. Recharge aussi les téléphones par USB et comprend une lampe de poche intégrée. Neuf, surplus d’une chaîne de pièces d’auto.',
  },
  'All-Weather Floor Mats, Universal Fit': {
    nameFr: 'Tapis d’auto toutes saisons, ajustement universel',
    descriptionFr:
      'Un ensemble de quatre tapis en caoutchouc épais à rainures profondes qui retiennent la neige, la gadoue et le sel. À tailler pour la plupart des voitures, VUS et camionnettes. Neufs.',
  },
  'Front and Rear Dash Camera (Open Box)': {
    nameFr: 'Caméra de tableau de bord avant et arrière (boîte ouverte)',
    descriptionFr:
      'Une caméra de tableau de bord 1440p à l’avant et 1080p à l’arrière, avec enregistrement en boucle, capteur de chocs et mode stationnement. Boîte ouverte avec tous les câbles et supports; carte de 64 Go incluse. Vérifiée pour l’enregistrement des deux caméras.',
  },
  'Heated Seat Cushion, 12 V': {
    nameFr: 'Coussin de siège chauffant, 12 V',
    descriptionFr:
      'Un coussin de siège chauffant qui se branche dans toute prise de 12 V, avec deux niveaux de chaleur et une minuterie d’arrêt automatique. Neuf, surplus. Convient à la plupart des sièges d’auto et de camion.',
  },
  'Cordless Tire Inflator': {
    nameFr: 'Gonfleur de pneus sans fil',
    descriptionFr:
      'Un gonfleur de pneus rechargeable avec manomètre numérique, arrêt automatique à la pression voulue et lampe DEL. Gonfle un pneu d’auto de 30 à 35 lb/po² en une minute environ. Neuf dans sa boîte.',
  },
  'Extendable Snow Brush and Ice Scraper': {
    nameFr: 'Balai à neige télescopique avec grattoir',
    descriptionFr:
      'Un balai à neige qui s’allonge de 80 à 120 cm, avec tête pivotante, poignée en mousse et grattoir à glace. Neuf, surplus de l’hiver dernier. Atteint le milieu du pare-brise d’un VUS.',
  },
  'Rooftop Cargo Bag, 15 Cubic Feet': {
    nameFr: 'Sac de toit, 15 pieds cubes',
    descriptionFr:
      'Un sac de toit imperméable pour voitures avec ou sans barres de toit, avec courroies et tapis antidérapant. Neuf dans une boîte endommagée. Se plie en petit pour le rangement.',
  },
};

// The demo content pages in French, by slug: the same facts as the English (DEMO_CONTENT_PAGES), money
// written the French way and every link to the French store (/fr/...), so a French reader stays in French.

const SHIPPING_PAGE_FR = `<h2>Où nous livrons</h2>
<p>Nous livrons dans toutes les provinces et tous les territoires du Canada ainsi que dans les 50 États américains. Les commandes sont emballées à notre entrepôt les jours ouvrables, du lundi au vendredi, et la plupart des commandes passées avant 13 h (heure de l’Est) partent le jour même. Les commandes passées la fin de semaine et les jours fériés sont emballées le jour ouvrable suivant.</p>
<h2>Options et prix de livraison</h2>
<ul>
<li><strong>Livraison standard : 5,99 $ par commande.</strong> Livrée en 3 à 5 jours ouvrables.</li>
<li><strong>Livraison express : 14,99 $ par commande.</strong> Livrée en 1 à 2 jours ouvrables.</li>
<li><strong>Cueillette en magasin : gratuite.</strong> Choisissez la cueillette au moment du paiement et nous vous écrirons par courriel quand votre commande sera prête. Apportez votre numéro de commande et une pièce d’identité avec photo.</li>
</ul>
<p>Le prix de livraison s’applique par commande, et non par article : regrouper vos achats vous fait donc économiser. Les articles volumineux, comme les téléviseurs, les tapis roulants et les meubles, peuvent être offerts en cueillette seulement, ce qu’indique alors leur page produit.</p>
<h2>Taxes et droits</h2>
<p>Les commandes canadiennes sont assujetties à la TPS, à la TVH ou à la TPS et à la TVP/TVQ, au taux de la province ou du territoire de livraison; les commandes en cueillette sont taxées au taux de notre magasin. Les commandes expédiées aux États-Unis sont des exportations du Canada et ne sont pas assujetties aux taxes de vente canadiennes. Les droits de douane ou taxes d’État américains sont à la charge de l’acheteur et sont perçus par le transporteur à la livraison.</p>
<h2>Suivi de votre commande</h2>
<p>Quand votre commande est expédiée, nous vous envoyons un numéro de suivi par courriel, et vous pouvez en suivre chaque étape dans <a href="/fr/account">votre compte</a>. Si votre suivi n’a pas été mis à jour depuis cinq jours ouvrables, <a href="/fr/contact">écrivez-nous</a> et nous ouvrirons une enquête auprès du transporteur.</p>
<h2>Colis endommagés ou manquants</h2>
<p>Les produits de liquidation sont remballés avec soin, mais il arrive que des colis soient endommagés pendant le transport. Si votre commande arrive endommagée, conservez l’emballage et envoyez-nous des photos dans les 48 heures suivant la livraison. Si un colis est indiqué comme livré mais que vous ne le trouvez pas, vérifiez auprès de vos voisins et du comptoir postal de votre immeuble, puis communiquez avec nous pour que nous puissions présenter une réclamation.</p>`;

const RETURNS_PAGE_FR = `<h2>Notre politique de retour</h2>
<p>Comme nous vendons des produits de liquidation, des surplus et des retours clients à prix très réduits, notre politique de retour est plus simple que celle d’un détaillant traditionnel. La plupart des articles peuvent être retournés pour un remboursement dans les <strong>14 jours suivant la livraison ou la cueillette</strong>, pourvu qu’ils soient dans l’état où vous les avez reçus.</p>
<h2>Ce qui peut être retourné</h2>
<ul>
<li>Les articles neufs, en boîte ouverte ou retirés des tablettes qui n’ont pas servi et qui comprennent tous leurs accessoires et leur emballage d’origine.</li>
<li>Les articles remis à neuf et les retours clients qui ne fonctionnent pas comme le décrit leur page produit.</li>
<li>Tout article arrivé endommagé ou qui n’est pas celui que vous avez commandé.</li>
</ul>
<h2>Ce qui ne peut pas être retourné</h2>
<ul>
<li>Les articles marqués <em>Vente finale</em> sur leur page produit ou sur votre reçu.</li>
<li>Les articles de soins personnels qui ont été ouverts, comme les appareils coiffants, les brosses à dents, les cosmétiques et les lotions, sauf s’ils sont défectueux.</li>
<li>Les articles endommagés par un mauvais usage ou auxquels il manque des pièces fournies à la vente.</li>
<li>Les cartes-cadeaux et les lots de liquidation vendus « tels quels ».</li>
</ul>
<h2>Comment faire un retour</h2>
<ol>
<li>Envoyez-nous un message par la <a href="/fr/contact">page Nous joindre</a> en indiquant votre numéro de commande, l’article et la raison du retour.</li>
<li>Nous vous répondons dans un délai d’un jour ouvrable avec les instructions de retour et, si le retour est dû à notre erreur, une étiquette d’expédition prépayée.</li>
<li>Emballez l’article solidement avec toutes ses pièces et déposez-le chez le transporteur, ou apportez-le au magasin pendant les heures de cueillette.</li>
</ol>
<h2>Remboursements</h2>
<p>Dès que nous avons reçu et inspecté votre retour, nous remboursons le prix de l’article et ses taxes sur votre mode de paiement d’origine dans un délai de 5 jours ouvrables; votre institution financière peut prendre quelques jours de plus pour l’afficher. Les frais de livraison d’origine ne sont remboursés que si le retour est dû à notre erreur ou à un article défectueux. Les frais d’expédition du retour peuvent être facturés pour un changement d’idée.</p>
<h2>Garantie des articles remis à neuf</h2>
<p>Les appareils électroniques et électroménagers remis à neuf sont couverts par une garantie du magasin de 90 jours, sauf indication contraire sur la page produit. Si un article remis à neuf cesse de fonctionner pendant cette période, nous le réparons, le remplaçons par un article équivalent ou le remboursons.</p>`;

const PRIVACY_PAGE_FR = `<h2>Notre engagement</h2>
<p>Nous respectons votre vie privée et traitons les renseignements personnels conformément à la Loi sur la protection des renseignements personnels et les documents électroniques (LPRPDE) du Canada et aux lois provinciales applicables en matière de protection de la vie privée. La présente politique explique ce que nous recueillons, pourquoi nous le recueillons et les choix qui s’offrent à vous.</p>
<h2>Renseignements que nous recueillons</h2>
<ul>
<li><strong>Renseignements de compte :</strong> votre nom d’utilisateur, votre adresse courriel et, si vous le souhaitez, votre numéro de téléphone et votre adresse, lorsque vous créez un compte.</li>
<li><strong>Renseignements de commande :</strong> votre nom, votre courriel, votre numéro de téléphone, votre adresse de livraison et les articles que vous achetez, afin de traiter, d’expédier et de soutenir votre commande.</li>
<li><strong>Messages :</strong> ce que vous nous envoyez au moyen du formulaire Nous joindre.</li>
<li><strong>Infolettre :</strong> votre adresse courriel, seulement si vous vous abonnez.</li>
</ul>
<h2>Paiements</h2>
<p>Les paiements par carte se font sur la page sécurisée hébergée par notre fournisseur de paiement. Nous ne voyons ni ne conservons jamais votre numéro de carte complet, sa date d’expiration ou son code de sécurité; nous recevons seulement la confirmation que le paiement a réussi et une référence de paiement.</p>
<h2>Témoins et stockage local</h2>
<p>Nous utilisons un seul témoin essentiel pour garder votre session ouverte, et le stockage local de votre navigateur pour mémoriser le contenu de votre panier. Nous n’utilisons pas de témoins publicitaires et ne vendons aucun renseignement à des annonceurs.</p>
<h2>Utilisation et communication des renseignements</h2>
<p>Nous utilisons vos renseignements pour traiter les commandes, offrir le service à la clientèle, envoyer les avis de commande et d’expédition, prévenir la fraude et, si vous y avez consenti, vous envoyer notre infolettre. Nous ne communiquons que ce qui est nécessaire aux fournisseurs de services qui nous aident à exploiter le magasin, comme notre fournisseur de paiement, les transporteurs et notre service de courriel, qui ne peuvent l’utiliser qu’à cette fin. Nous pouvons communiquer des renseignements lorsque la loi l’exige.</p>
<h2>Conservation et sécurité</h2>
<p>Nous conservons les dossiers de commande aussi longtemps que l’exigent les lois fiscales (actuellement six ans au Canada) et les renseignements de compte jusqu’à ce que vous nous demandiez de supprimer votre compte. Les mots de passe ne sont conservés que sous forme de hachages unidirectionnels robustes, et tout le trafic vers le magasin est chiffré.</p>
<h2>Vos droits</h2>
<p>Vous pouvez demander à consulter, à corriger ou à supprimer les renseignements personnels que nous détenons à votre sujet, et vous pouvez vous désabonner de l’infolettre en tout temps. Envoyez vos demandes par notre <a href="/fr/contact">page Nous joindre</a> et nous y répondrons dans un délai de 30 jours. Si notre réponse ne vous satisfait pas, vous pouvez communiquer avec le Commissariat à la protection de la vie privée du Canada.</p>`;

const TERMS_PAGE_FR = `<h2>Acceptation</h2>
<p>En utilisant ce site Web ou en passant une commande, vous acceptez les présentes conditions. Si vous ne les acceptez pas, veuillez ne pas utiliser le site. Nous pouvons modifier ces conditions de temps à autre; la version affichée ici le jour de votre commande s’applique à cette commande.</p>
<h2>À propos de nos marchandises</h2>
<p>Nous vendons des produits de liquidation, des surplus, des articles retirés des tablettes, en boîte ouverte, des retours clients et des produits remis à neuf. Chaque page produit décrit l’état de l’article aussi fidèlement que possible. Les photos peuvent représenter un lot plutôt que l’unité exacte, et l’emballage peut présenter de l’usure. Les quantités sont limitées et bien des lots ne comptent qu’une seule unité.</p>
<ul>
<li><strong>Neuf / surplus :</strong> jamais utilisé, habituellement dans son emballage d’origine.</li>
<li><strong>Boîte ouverte / retiré des tablettes :</strong> jamais utilisé, emballage ouvert ou usé.</li>
<li><strong>Retour client :</strong> retourné à un détaillant, puis inspecté et testé par nous.</li>
<li><strong>Remis à neuf :</strong> réparé ou remis en état de fonctionnement, couvert par notre garantie du magasin de 90 jours.</li>
</ul>
<h2>Prix, rabais et taxes</h2>
<p>Les prix sont en dollars canadiens. Les rabais du jour et les rabais par catégorie s’appliquent automatiquement au paiement aux produits admissibles, et le rabais le plus élevé s’applique lorsque plus d’un est offert. Nous nous réservons le droit de corriger les erreurs de prix et d’annuler une commande passée à un prix manifestement erroné, avec remboursement complet.</p>
<h2>Commandes et stock</h2>
<p>Une commande est acceptée une fois le paiement effectué. Pendant que vous effectuez le paiement, les articles de votre commande vous sont réservés pour une durée limitée; si le paiement n’est pas effectué à temps, la réservation est levée. Si un article devient indisponible après le paiement, nous le remboursons en entier.</p>
<h2>Comptes</h2>
<p>Vous êtes responsable de la confidentialité de votre mot de passe et des activités effectuées dans votre compte. Nous pouvons suspendre les comptes utilisés à des fins de fraude ou d’abus.</p>
<h2>Limitation de responsabilité</h2>
<p>Dans la mesure permise par la loi, notre responsabilité à l’égard de toute réclamation liée à un produit est limitée au prix que vous avez payé pour celui-ci. Rien dans les présentes conditions ne limite les droits auxquels vous ne pouvez renoncer en vertu des lois sur la protection du consommateur.</p>
<h2>Droit applicable</h2>
<p>Les présentes conditions sont régies par les lois de la province où notre magasin exerce ses activités et par les lois fédérales du Canada qui s’y appliquent. Vous pouvez nous envoyer vos questions sur ces conditions par notre <a href="/fr/contact">page Nous joindre</a>.</p>`;

function sitemapPageFr(): string {
  const categoryLinks = DEMO_CATEGORIES.map(
    (c) =>
      `<li><a href="/fr/categories/${c.slug}">${(DEMO_CATEGORY_NAMES_FR[c.slug] ?? c.name).replaceAll('&', '&amp;')}</a></li>`,
  );
  return `<h2>Magasiner</h2>
<ul>
<li><a href="/fr/">Accueil</a></li>
<li><a href="/fr/categories">Toutes les catégories</a></li>
<li><a href="/fr/products">Tous les produits</a></li>
<li><a href="/fr/products?daily=true">Aubaines du jour</a></li>
<li><a href="/fr/products?new=true">Nouveautés</a></li>
</ul>
<h2>Catégories</h2>
<ul>
${categoryLinks.join('\n')}
</ul>
<h2>Votre compte</h2>
<ul>
<li><a href="/fr/auth">Connexion / Inscription</a></li>
<li><a href="/fr/account">Mon compte et mes commandes</a></li>
<li><a href="/fr/cart">Panier d’achat</a></li>
</ul>
<h2>Service à la clientèle</h2>
<ul>
<li><a href="/fr/contact">Nous joindre</a></li>
<li><a href="/fr/faq">Foire aux questions</a></li>
<li><a href="/fr/shipping">Renseignements sur la livraison</a></li>
<li><a href="/fr/returns">Retours et remboursements</a></li>
<li><a href="/fr/privacy">Politique de confidentialité</a></li>
<li><a href="/fr/terms">Conditions d’utilisation</a></li>
</ul>`;
}

export const DEMO_CONTENT_PAGES_FR: Record<string, { titleFr: string; contentFr: string }> = {
  shipping: { titleFr: 'Renseignements sur la livraison', contentFr: SHIPPING_PAGE_FR },
  returns: { titleFr: 'Retours et remboursements', contentFr: RETURNS_PAGE_FR },
  privacy: { titleFr: 'Politique de confidentialité', contentFr: PRIVACY_PAGE_FR },
  terms: { titleFr: 'Conditions d’utilisation', contentFr: TERMS_PAGE_FR },
  sitemap: { titleFr: 'Plan du site', contentFr: sitemapPageFr() },
};

// The demo FAQ in French, by the English question (as DEMO_PRODUCTS_FR goes by the English name).
export const DEMO_FAQ_ITEMS_FR: Record<string, { questionFr: string; answerFr: string }> = {
  'What is liquidation merchandise?': {
    questionFr: 'Qu’est-ce qu’un produit de liquidation?',
    answerFr:
      '<p>Les produits de liquidation sont des stocks que les détaillants, fabricants et distributeurs doivent écouler rapidement : surplus, gammes abandonnées, articles retirés des tablettes, articles en boîte ouverte, retours clients et marchandises de magasins qui ferment. Nous les achetons en gros et vous faisons profiter des économies; c’est pourquoi nos prix sont habituellement de 40 à 80 % sous le prix de détail.</p>',
  },
  'What do the condition words in product descriptions mean?': {
    questionFr: 'Que veulent dire les mots qui décrivent l’état des produits?',
    answerFr:
      '<ul><li><strong>Neuf / surplus :</strong> jamais utilisé, habituellement dans son emballage d’origine.</li><li><strong>Boîte ouverte / retiré des tablettes :</strong> jamais utilisé, mais l’emballage a été ouvert ou présente de l’usure.</li><li><strong>Retour client :</strong> retourné à un détaillant, puis inspecté et testé par notre équipe.</li><li><strong>Remis à neuf :</strong> réparé ou remis en parfait état de fonctionnement et couvert par notre garantie du magasin de 90 jours.</li></ul>',
  },
  'How do the daily discounts work?': {
    questionFr: 'Comment fonctionnent les rabais du jour?',
    answerFr:
      '<p>Chaque jour de la semaine a son propre rabais sur tout le site, affiché sur la page d’accueil et dans les <a href="/fr/products?daily=true">Aubaines du jour</a>. Certaines catégories ont aussi leur propre rabais; quand les deux s’appliquent, vous obtenez le plus élevé. Le rabais est appliqué automatiquement dans votre panier : aucun code à entrer.</p><p>Quelques articles déjà vendus au prix coûtant n’y sont pas admissibles; leur page produit n’affiche que le prix régulier.</p>',
  },
  "Why does an item say 'Low Stock'?": {
    questionFr: 'Pourquoi un article indique-t-il « Stock limité »?',
    answerFr:
      '<p>Bon nombre de nos lots ne comptent qu’une unité ou quelques unités, et une fois écoulés, nous ne pouvons habituellement pas en obtenir d’autres. Quand vous passez à la caisse, les articles de votre commande vous sont réservés pour une durée limitée afin que personne d’autre ne puisse les acheter pendant que vous payez.</p>',
  },
  'How much does shipping cost and how long does it take?': {
    questionFr: 'Combien coûte la livraison et quels sont les délais?',
    answerFr:
      '<p>La livraison standard coûte 5,99 $ par commande et prend de 3 à 5 jours ouvrables. La livraison express coûte 14,99 $ par commande et prend de 1 à 2 jours ouvrables. La cueillette à notre magasin est gratuite; nous vous écrivons par courriel quand votre commande est prête. Consultez les <a href="/fr/shipping">Renseignements sur la livraison</a> pour en savoir plus.</p>',
  },
  'Do you ship to the United States?': {
    questionFr: 'Livrez-vous aux États-Unis?',
    answerFr:
      '<p>Oui. Nous livrons dans les 50 États. Les commandes destinées aux États-Unis ne sont pas assujetties aux taxes de vente canadiennes, mais le transporteur peut percevoir des droits de douane ou des taxes d’État à la livraison.</p>',
  },
  'Can I return an item?': {
    questionFr: 'Puis-je retourner un article?',
    answerFr:
      '<p>La plupart des articles peuvent être retournés dans les 14 jours suivant la livraison ou la cueillette s’ils sont dans l’état où vous les avez reçus. Les articles marqués Vente finale et les articles de soins personnels ouverts ne peuvent pas être retournés, sauf s’ils sont défectueux. Faites votre demande de retour par notre <a href="/fr/contact">page Nous joindre</a>; la politique complète se trouve sous <a href="/fr/returns">Retours et remboursements</a>.</p>',
  },
  'Do I need an account to order?': {
    questionFr: 'Dois-je avoir un compte pour commander?',
    answerFr:
      '<p>Non. Vous pouvez passer à la caisse en tant qu’invité avec seulement votre adresse courriel. Un compte vous permet de voir toutes vos commandes, de suivre leur livraison et de passer à la caisse plus rapidement la prochaine fois.</p>',
  },
};
