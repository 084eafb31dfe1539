import { defineMessages } from '~/shared/i18n/catalogues';

export const homeMessages = defineMessages(
  'home',
  {
    seoTitle: 'Liquidation & Overstock Deals',
    seoDescription:
      'Shop liquidation and overstock deals up to 70% off retail. New inventory daily, shipped across Canada and the US.',
    eyebrow: 'New inventory daily',
    headline: 'Brand-name goods at up to 70% off retail',
    lede: 'Liquidation lots, overstock and customer returns, priced 40-80% below retail.',
    shopNow: 'Shop Now',
    shopByCategory: 'Shop by Category',
    viewAll: 'View All',
    todaysDeals: "Today's Deals",
    dayDiscount: '{{weekday}}: {{percent}}% OFF',
    noDiscount: 'No Discount Today',
    newArrivals: 'New Arrivals',
    whyChooseUs: 'Why Choose Us',
    pricesTitle: 'Unbeatable Prices',
    pricesText: 'Liquidation buying lets us sell 40-80% below retail, every day.',
    inventoryTitle: 'New Inventory Daily',
    inventoryText: 'Fresh lots arrive every day, so there is always something new to find.',
    shippingTitle: 'Fast Shipping',
    shippingText: 'Orders ship quickly across Canada and the US, or pick up in store for free.',
  },
  {
    seoTitle: 'Aubaines de liquidation et de surplus',
    seoDescription:
      'Magasinez des aubaines de liquidation et de surplus jusqu’à 70 % sous le prix de détail. Nouveaux arrivages chaque jour, livrés partout au Canada et aux États-Unis.',
    eyebrow: 'Nouveaux arrivages chaque jour',
    headline: 'Des produits de marque jusqu’à 70 % sous le prix de détail',
    lede: 'Lots de liquidation, surplus d’inventaire et retours de clients, de 40 à 80 % sous le prix de détail.',
    shopNow: 'Magasiner maintenant',
    shopByCategory: 'Magasiner par catégorie',
    viewAll: 'Tout voir',
    todaysDeals: 'Aubaines du jour',
    dayDiscount: '{{weekday}} : {{percent}} % de rabais',
    noDiscount: 'Aucun rabais aujourd’hui',
    newArrivals: 'Nouveautés',
    whyChooseUs: 'Pourquoi nous choisir',
    pricesTitle: 'Des prix imbattables',
    pricesText:
      'Nos achats de lots de liquidation nous permettent de vendre de 40 à 80 % sous le prix de détail, tous les jours.',
    inventoryTitle: 'Nouveaux arrivages chaque jour',
    inventoryText: 'De nouveaux lots arrivent tous les jours : il y a toujours du nouveau à découvrir.',
    shippingTitle: 'Livraison rapide',
    shippingText:
      'Les commandes sont expédiées rapidement partout au Canada et aux États-Unis, ou ramassez-les gratuitement en magasin.',
  },
);
