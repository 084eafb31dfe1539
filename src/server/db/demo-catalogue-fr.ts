// The demo catalogue in Canadian French (docs/decisions/0350-french-catalogue-fields.md): the French
// name and description of every demo product, by its English name, and of every category, by slug.
// seed.ts writes them into name_fr / description_fr; demo-content.test.ts checks none is missing.

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
