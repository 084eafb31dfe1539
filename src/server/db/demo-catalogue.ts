// The demo store: what a fresh installation shows until the owner replaces it. Pure data; seed.ts
// derives slugs, lot numbers, dates and images from it, so the same catalogue comes out every time.
import type { ProvinceCode } from '~/shared/constants';
import type { DemoIcon } from './demo-images';

export type DemoProduct = {
  name: string;
  description: string;
  price: string;
  compareAtPrice?: string;
  stock: number;
  featured?: boolean;
  isNew?: boolean;
  /** Defaults to true; a few lots are already priced to the floor and take no daily discount. */
  applyDailyDiscount?: boolean;
  /** Extra gallery images after the main one. */
  extraImages?: 1 | 2;
};

export type DemoCategory = {
  name: string;
  slug: string;
  icon: DemoIcon;
  /** Categories without an image show the storefront's colour block, so the demo shows both looks. */
  withImage: boolean;
  products: DemoProduct[];
};

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: 'Electronics',
    slug: 'electronics',
    icon: 'monitor',
    withImage: true,
    products: [
      {
        name: 'Refurbished 27" 4K Monitor',
        description:
          'A 27-inch IPS monitor with a 3840 x 2160 panel, factory refurbished and graded A with no dead pixels. It has two HDMI 2.0 ports, one DisplayPort 1.4 and a height-adjustable stand. Ships in plain packaging with the power cable and a DisplayPort cable.',
        price: '249.99',
        compareAtPrice: '429.99',
        stock: 3,
        featured: true,
        extraImages: 2,
      },
      {
        name: 'Wireless Noise-Cancelling Headphones (Open Box)',
        description:
          'Over-ear Bluetooth 5.3 headphones with active noise cancelling and up to 30 hours of battery life. These units were opened and returned unused; every pair is tested for pairing, charging and both drivers. Includes the carrying case, USB-C cable and 3.5 mm audio cable.',
        price: '89.99',
        compareAtPrice: '199.99',
        stock: 12,
        featured: true,
        isNew: true,
      },
      {
        name: '10" Android Tablet, 64 GB (Customer Return)',
        description:
          'A 10.1-inch tablet with 4 GB of memory, 64 GB of storage and a microSD slot. It has been reset to factory settings and checked for screen, camera, Wi-Fi and battery health. Minor scuffs on the back cover are possible; the screen is free of scratches.',
        price: '119.99',
        stock: 1,
        isNew: true,
      },
      {
        name: 'Refurbished 65" 4K Smart TV',
        description:
          'A 65-inch 4K HDR smart television refurbished by a certified repair centre, with built-in streaming apps and three HDMI inputs. Pickup is recommended because of its size, but it can ship by freight within Canada. Remote and stand legs included; wall mount not included.',
        price: '749.99',
        compareAtPrice: '1199.99',
        stock: 1,
        featured: true,
        applyDailyDiscount: false,
      },
      {
        name: 'Bluetooth Soundbar with Wireless Subwoofer',
        description:
          'A 2.1-channel soundbar with a separate wireless subwoofer, HDMI ARC, optical input and Bluetooth. Overstock from a national retailer, new in its original box. A good match for any TV from 43 to 65 inches.',
        price: '139.99',
        compareAtPrice: '279.99',
        stock: 0,
      },
      {
        name: 'Mechanical Gaming Keyboard, RGB',
        description:
          'A full-size mechanical keyboard with tactile switches, per-key RGB lighting and a detachable USB-C cable. New, in retail packaging from a discontinued product line. English (US) key layout.',
        price: '44.99',
        stock: 25,
      },
      {
        name: '1080p Video Doorbell Camera',
        description:
          'A wired video doorbell with 1080p video, two-way talk and motion alerts on your phone. Shelf pulls in their original boxes, with mounting hardware and a wedge kit. Works with existing doorbell wiring and a chime.',
        price: '59.99',
        compareAtPrice: '129.99',
        stock: 7,
        isNew: true,
        extraImages: 1,
      },
      {
        name: 'Refurbished 15.6" Laptop, 16 GB RAM',
        description:
          'A 15.6-inch full HD laptop with a quad-core processor, 16 GB of memory and a 512 GB SSD, refurbished and freshly installed with Windows 11. The battery holds at least 80% of its original capacity. Comes with a generic charger and a 90-day store warranty.',
        price: '549.99',
        compareAtPrice: '949.99',
        stock: 2,
        featured: true,
        extraImages: 2,
      },
    ],
  },
  {
    name: 'Clothing',
    slug: 'clothing',
    icon: 'shirt',
    withImage: false,
    products: [
      {
        name: "Men's Insulated Winter Parka",
        description:
          'A hooded parka with synthetic insulation rated to about -25 °C, a windproof shell and a removable faux-fur trim. End-of-season overstock, new with tags. Sizes vary by lot; the size available is noted on the tag photo at pickup or by email after ordering.',
        price: '129.99',
        compareAtPrice: '289.99',
        stock: 6,
        featured: true,
        extraImages: 1,
      },
      {
        name: "Women's Merino Wool Crewneck Sweater",
        description:
          'A lightweight 100% merino wool sweater that is warm without bulk and machine washable on a wool cycle. New without tags from a brand overstock. Assorted colours; sizes S to XL.',
        price: '39.99',
        stock: 14,
        isNew: true,
      },
      {
        name: 'Unisex Fleece Hoodie, Assorted Sizes',
        description:
          'A midweight cotton-polyester fleece hoodie with a kangaroo pocket and ribbed cuffs. Bought in bulk from a cancelled promotional order, so the prices are far below retail. Colours and sizes are picked from what is in stock.',
        price: '19.99',
        stock: 40,
        applyDailyDiscount: false,
      },
      {
        name: "Women's Waterproof Rain Jacket",
        description:
          'A breathable, seam-sealed rain shell with a packable hood and pit zips. New with tags from a retailer overstock. Runs true to size.',
        price: '49.99',
        compareAtPrice: '119.99',
        stock: 0,
        extraImages: 2,
      },
      {
        name: "Men's Stretch Chino Pants, 3 Pack",
        description:
          'Three pairs of slim-fit stretch chinos in navy, khaki and grey. Sold as a case pack from a store closure; waist sizes 30 to 38 available. New, folded, with original tags.',
        price: '44.99',
        stock: 9,
      },
      {
        name: "Kids' Snow Pants, Sizes 4-12",
        description:
          'Insulated, water-resistant snow pants with reinforced knees and adjustable suspenders. Overstock from last season in assorted colours. Perfect for school yards and sledding hills.',
        price: '24.99',
        stock: 22,
        isNew: true,
      },
      {
        name: 'Thermal Base Layer Set',
        description:
          'A moisture-wicking long-sleeve top and leggings set for skiing, hunting or cold job sites. New in the package; the packaging may show shelf wear. Unisex sizing from S to XXL.',
        price: '29.99',
        stock: 3,
      },
      {
        name: 'Leather Work Gloves, 12 Pairs',
        description:
          'A dozen pairs of cowhide leather work gloves with a keystone thumb and elastic wrist. A contractor surplus lot, new and unused. Size large.',
        price: '34.99',
        stock: 15,
        applyDailyDiscount: false,
      },
    ],
  },
  {
    name: 'Home & Kitchen',
    slug: 'home-kitchen',
    icon: 'pot',
    withImage: true,
    products: [
      {
        name: '6-Quart Multi-Function Pressure Cooker (Open Box)',
        description:
          'A 6-quart electric pressure cooker that also slow cooks, steams, sautés and makes rice and yogurt. Opened and returned, then tested to reach pressure and hold temperature. Includes the inner pot, lid, sealing ring and steam rack.',
        price: '69.99',
        compareAtPrice: '149.99',
        stock: 4,
        featured: true,
        extraImages: 1,
      },
      {
        name: 'Stainless Steel Cookware Set, 10 Pieces',
        description:
          'Tri-ply stainless steel pots and pans with glass lids, suitable for induction, gas and electric cooktops and oven safe to 260 °C. New in a damaged outer box; the cookware itself is untouched. A full kitchen set for the price of one good pan.',
        price: '119.99',
        compareAtPrice: '249.99',
        stock: 2,
        isNew: true,
      },
      {
        name: 'Robot Vacuum with App Control (Refurbished)',
        description:
          'A robot vacuum with smart mapping, app scheduling and a self-charging dock. Refurbished with a new battery, brushes and filter. Runs about 120 minutes per charge on hard floors.',
        price: '159.99',
        compareAtPrice: '379.99',
        stock: 1,
        featured: true,
        extraImages: 2,
      },
      {
        name: 'Cotton Bath Towel Bundle, 8 Pieces',
        description:
          'Two bath towels, two hand towels and four washcloths in 600 GSM cotton. Overstock from a hotel supply order, new and unwashed. White only.',
        price: '32.99',
        stock: 30,
      },
      {
        name: 'Glass Food Storage Containers, 18 Pieces',
        description:
          'Nine oven-safe glass containers with nine snap-lock lids, from 1 to 6 cups. Safe in the microwave, dishwasher and freezer (lids off in the oven). New in retail packaging.',
        price: '27.99',
        stock: 11,
        isNew: true,
      },
      {
        name: 'High-Speed Countertop Blender',
        description:
          'A 1,400-watt blender with a 64-ounce jar, pulse control and three preset programs for smoothies, ice and soups. New from a cancelled retail order. Crushes ice in seconds.',
        price: '59.99',
        stock: 0,
        featured: true,
      },
      {
        name: 'Queen Microfibre Sheet Set (Shelf Pull)',
        description:
          'A four-piece queen sheet set with deep pockets that fit mattresses up to 40 cm thick. Shelf pulls in their original packaging, which may be creased. Assorted neutral colours.',
        price: '21.99',
        stock: 26,
        applyDailyDiscount: false,
      },
      {
        name: 'Cordless Stick Vacuum (Customer Return)',
        description:
          'A lightweight cordless stick vacuum that converts to a handheld, with a wall dock and two brush heads. Returned by a customer, cleaned, and tested for suction and a full battery run. Includes the charger and crevice tool.',
        price: '99.99',
        compareAtPrice: '229.99',
        stock: 5,
      },
    ],
  },
  {
    name: 'Toys & Games',
    slug: 'toys-games',
    icon: 'blocks',
    withImage: false,
    products: [
      {
        name: '1,000-Piece Jigsaw Puzzle Assortment, 3 Pack',
        description:
          'Three sealed 1,000-piece jigsaw puzzles with landscape and wildlife scenes. Overstock from a distributor, so titles vary from lot to lot. Finished puzzles measure about 69 x 51 cm.',
        price: '14.99',
        stock: 35,
      },
      {
        name: 'Wooden Train Set, 80 Pieces',
        description:
          'A solid wood train set with tracks, a bridge, a station and magnetic cars, compatible with the major wooden railway brands. New in a box with shelf wear. Ages 3 and up.',
        price: '39.99',
        compareAtPrice: '89.99',
        stock: 8,
        featured: true,
        isNew: true,
        extraImages: 1,
      },
      {
        name: 'Remote Control Off-Road Truck',
        description:
          'A 1:16 scale four-wheel-drive truck with a 2.4 GHz controller, rechargeable battery and top speed of about 25 km/h. New, overstock from the holiday season. Handles grass, gravel and snow.',
        price: '34.99',
        stock: 12,
        isNew: true,
      },
      {
        name: 'Family Strategy Board Game (Damaged Box)',
        description:
          'A family strategy game for two to five players, about 60 minutes per game. The outer box is dented but the contents are sealed and complete. A single unit from a retailer return pallet.',
        price: '19.99',
        stock: 1,
        applyDailyDiscount: false,
      },
      {
        name: 'Building Bricks Bulk Box, 1,500 Pieces',
        description:
          'Fifteen hundred assorted building bricks in classic colours, compatible with the leading brick brands. Comes in a reusable storage tub. Ages 4 and up.',
        price: '29.99',
        stock: 20,
      },
      {
        name: 'Plush Animal Assortment, Case of 12',
        description:
          'A case of twelve 30 cm plush animals, new with tags, from a theme park gift shop overstock. Great for party favours, classrooms or charity drives. Animals are assorted.',
        price: '24.99',
        stock: 0,
      },
      {
        name: "Kids' Art Easel with Supplies",
        description:
          'A double-sided easel with a chalkboard, a whiteboard and a paper roll holder, plus paints, brushes and chalk. New in a box that was opened for inspection. Adult assembly needed; about 20 minutes.',
        price: '44.99',
        compareAtPrice: '99.99',
        stock: 3,
        featured: true,
        extraImages: 1,
      },
      {
        name: 'Foam Dart Blaster, 2 Pack',
        description:
          'Two pump-action foam dart blasters with 40 darts and two target cards. Overstock, new in its packaging. Ages 8 and up.',
        price: '17.99',
        stock: 16,
        isNew: true,
      },
    ],
  },
  {
    name: 'Sports & Outdoors',
    slug: 'sports-outdoors',
    icon: 'ball',
    withImage: true,
    products: [
      {
        name: 'Adjustable Dumbbell Set, 50 lb (Open Box)',
        description:
          'A pair of adjustable dumbbells that go from 5 to 50 lb each with a turn of the handle. Open box: inspected, complete and unused. Replaces fifteen pairs of fixed dumbbells in a corner of a room.',
        price: '189.99',
        compareAtPrice: '349.99',
        stock: 2,
        featured: true,
        extraImages: 1,
      },
      {
        name: '4-Person Dome Tent',
        description:
          'A freestanding dome tent with a full rainfly, two doors and a vestibule for gear. New in its stuff sack, overstock from the summer season. Sets up in about 10 minutes.',
        price: '79.99',
        compareAtPrice: '159.99',
        stock: 7,
      },
      {
        name: 'Insulated Stainless Water Bottle, 6 Pack',
        description:
          'Six 750 ml double-walled stainless bottles that keep drinks cold for 24 hours and hot for 12. A cancelled corporate order without logos. Assorted colours.',
        price: '29.99',
        stock: 48,
        isNew: true,
      },
      {
        name: 'Folding Treadmill (Customer Return)',
        description:
          'A folding treadmill with a 2.5 HP motor, 12 preset programs and speeds up to 16 km/h. Returned by a customer, fully tested and inspected; the deck shows light use. Pickup only because of its weight (about 70 kg).',
        price: '399.99',
        compareAtPrice: '799.99',
        stock: 1,
        applyDailyDiscount: false,
        extraImages: 2,
      },
      {
        name: 'Yoga Mat with Carry Strap',
        description:
          'A 6 mm non-slip TPE yoga mat with alignment lines and a carry strap. New, from a fitness studio supply overstock. Latex free.',
        price: '12.99',
        stock: 60,
      },
      {
        name: 'Camping Chair with Cup Holder, 2 Pack',
        description:
          'Two folding camping chairs with cup holders, side pockets and carry bags; each holds up to 135 kg. New, overstock from a seasonal display. Ideal for campsites, rinks and backyard fires.',
        price: '34.99',
        stock: 0,
      },
      {
        name: 'Intermediate Hockey Stick, 65 Flex',
        description:
          'A composite intermediate hockey stick with a 65 flex and a mid-curve blade. Overstock from a sporting goods chain; left and right shots available. New with the factory grip intact.',
        price: '49.99',
        stock: 13,
        featured: true,
        isNew: true,
      },
      {
        name: 'Aluminium Trekking Poles, Pair',
        description:
          'Lightweight, collapsible trekking poles with cork grips, quick locks and snow baskets. New in their packaging. Adjust from 65 to 135 cm.',
        price: '19.99',
        stock: 10,
      },
    ],
  },
  {
    name: 'Books',
    slug: 'books',
    icon: 'book',
    withImage: false,
    products: [
      {
        name: 'Hardcover Cookbook Bundle, 5 Titles',
        description:
          'Five hardcover cookbooks covering weeknight dinners, baking, grilling, slow cooking and vegetarian meals. Publisher overstock with a small remainder mark on the bottom edge. Titles vary from bundle to bundle.',
        price: '24.99',
        stock: 9,
      },
      {
        name: "Children's Picture Book Box, 20 Books",
        description:
          'Twenty paperback picture books for ages 2 to 7, assorted titles, all new. Publisher overstock packed by reading level. A fast way to stock a classroom or a daycare shelf.',
        price: '29.99',
        compareAtPrice: '79.99',
        stock: 6,
        featured: true,
        isNew: true,
        extraImages: 1,
      },
      {
        name: 'Illustrated History of Canada (Shelf Wear)',
        description:
          'A large-format illustrated history of Canada from the first peoples to the present day, about 400 pages. The dust jacket shows shelf wear; the pages are clean. A single carton from a bookstore closing.',
        price: '9.99',
        stock: 14,
        applyDailyDiscount: false,
      },
      {
        name: 'Mystery Paperback Lot, 10 Novels',
        description:
          'Ten mass-market mystery and thriller paperbacks by bestselling authors. New, returned unsold from a grocery book rack. No duplicates within a lot.',
        price: '14.99',
        stock: 21,
      },
      {
        name: 'Graphic Novel Collection, Volumes 1-4',
        description:
          'The first four volumes of a popular fantasy graphic novel series in a boxed set. New in shrink wrap; the slipcase has a crushed corner. A single unit.',
        price: '34.99',
        stock: 1,
        isNew: true,
        extraImages: 1,
      },
      {
        name: 'Vegetable Gardening Handbook, Spiral Bound',
        description:
          'A spiral-bound guide to growing vegetables in Canadian hardiness zones, with planting calendars and pest charts. Publisher overstock, new. Lies flat on a potting bench.',
        price: '7.99',
        stock: 33,
        applyDailyDiscount: false,
      },
      {
        name: 'English-French Student Dictionary',
        description:
          'A bilingual dictionary with more than 60,000 entries, verb tables and Canadian usage notes. New, from a school board surplus. Paperback.',
        price: '4.99',
        stock: 50,
        applyDailyDiscount: false,
      },
      {
        name: 'Adult Colouring Book, 4 Pack',
        description:
          'Four colouring books with mandalas, nature scenes and city patterns on thick, single-sided pages. New, overstock. Pencils not included.',
        price: '11.99',
        stock: 0,
      },
    ],
  },
  {
    name: 'Beauty & Personal Care',
    slug: 'beauty-personal-care',
    icon: 'bottle',
    withImage: false,
    products: [
      {
        name: 'Ionic Hair Dryer with Diffuser (Open Box)',
        description:
          'A 1,875-watt ionic hair dryer with three heat settings, a cool shot button, a concentrator and a diffuser. Open box, unused, sanitised and tested. Includes a 1-year store warranty.',
        price: '39.99',
        compareAtPrice: '89.99',
        stock: 5,
        extraImages: 1,
      },
      {
        name: 'Rechargeable Electric Toothbrush, 2 Pack',
        description:
          'Two sonic electric toothbrushes with pressure sensors, two-minute timers and four brush heads. New and sealed, overstock from a pharmacy chain. Each charge lasts about three weeks.',
        price: '49.99',
        compareAtPrice: '119.99',
        stock: 17,
        featured: true,
      },
      {
        name: 'Unscented Body Lotion, Case of 6',
        description:
          'Six 500 ml pumps of fragrance-free moisturising lotion for sensitive skin. New with a best-before date at least a year away. Packaging redesign overstock.',
        price: '18.99',
        stock: 24,
      },
      {
        name: 'Cordless Beard Trimmer Kit',
        description:
          'A cordless trimmer with 20 length settings, a detail trimmer, a nose trimmer and a travel pouch. New, from a discontinued gift set. Charges over USB.',
        price: '29.99',
        stock: 2,
        isNew: true,
      },
      {
        name: 'Makeup Brush Set, 15 Pieces',
        description:
          'Fifteen soft synthetic brushes for foundation, powder, contour, eyes and brows, in a zip case. New, cruelty-free. Overstock from a beauty subscription box.',
        price: '12.99',
        stock: 40,
      },
      {
        name: 'Sheet Face Mask Variety Box, 30 Count',
        description:
          'Thirty individually sealed sheet masks in hydrating, brightening and calming formulas. Overstock with at least 18 months before expiry. Dermatologist tested.',
        price: '16.99',
        stock: 27,
        isNew: true,
      },
      {
        name: 'Ceramic Hair Straightener (Customer Return)',
        description:
          'A ceramic flat iron with adjustable heat up to 230 °C, a 1-inch plate and automatic shut-off. Returned by a customer, sanitised, and tested to heat evenly. A single unit.',
        price: '24.99',
        stock: 1,
        applyDailyDiscount: false,
      },
      {
        name: 'Bamboo Bath Organizer Set',
        description:
          'A bamboo bathtub caddy, a soap dish and a three-tier countertop organizer. New, from a home store overstock. Water-resistant finish.',
        price: '21.99',
        stock: 8,
      },
    ],
  },
  {
    name: 'Automotive',
    slug: 'automotive',
    icon: 'car',
    withImage: true,
    products: [
      {
        name: 'Winter Tire Chains, Pair',
        description:
          'Hardened steel tire chains with a quick-fit system for passenger cars and small SUVs. New in their case; the fit chart is printed inside the lid. Check your tire size before ordering.',
        price: '64.99',
        stock: 6,
      },
      {
        name: 'Portable Jump Starter, 2000 A',
        description:
          'A lithium jump starter rated at 2000 peak amps for gas engines up to 8 L and diesel up to 6 L. Also charges phones over USB and has a built-in flashlight. New, overstock from an automotive chain.',
        price: '79.99',
        compareAtPrice: '169.99',
        stock: 3,
        featured: true,
        isNew: true,
        extraImages: 1,
      },
      {
        name: 'All-Weather Floor Mats, Universal Fit',
        description:
          'A four-piece set of heavy rubber mats with deep channels that hold snow, slush and salt. Trim to fit most cars, SUVs and pickups. New.',
        price: '29.99',
        stock: 19,
      },
      {
        name: 'Front and Rear Dash Camera (Open Box)',
        description:
          'A 1440p front and 1080p rear dash camera with loop recording, a G-sensor and parking mode. Open box with all cables and mounts; a 64 GB card is included. Tested to record from both cameras.',
        price: '69.99',
        compareAtPrice: '149.99',
        stock: 1,
        extraImages: 2,
      },
      {
        name: 'Heated Seat Cushion, 12 V',
        description:
          'A heated seat cushion that plugs into any 12 V outlet, with two heat levels and an auto shut-off timer. New, overstock. Fits most car and truck seats.',
        price: '24.99',
        stock: 11,
        isNew: true,
      },
      {
        name: 'Cordless Tire Inflator',
        description:
          'A rechargeable tire inflator with a digital gauge, automatic shut-off at the target pressure and an LED light. Inflates a car tire from 30 to 35 PSI in about a minute. New in its box.',
        price: '44.99',
        stock: 0,
      },
      {
        name: 'Extendable Snow Brush and Ice Scraper',
        description:
          'A snow brush that extends from 80 to 120 cm, with a pivoting head, a foam grip and an ice scraper. New, overstock from last winter. Reaches the middle of an SUV windshield.',
        price: '14.99',
        stock: 45,
        applyDailyDiscount: false,
      },
      {
        name: 'Rooftop Cargo Bag, 15 Cubic Feet',
        description:
          'A waterproof rooftop cargo bag that fits cars with or without roof racks, with straps and a non-slip mat. New in a damaged box. Folds small for storage.',
        price: '49.99',
        stock: 7,
        featured: true,
      },
    ],
  },
];

/** Percent off per weekday, Sunday = 0, so the demo shows a different deal each day. */
export const DEMO_WEEKDAY_DISCOUNTS: readonly number[] = [0, 10, 15, 20, 10, 25, 30];

/** Category slug -> percent off; the larger of this and the day's discount applies. */
export const DEMO_CATEGORY_DISCOUNTS: Readonly<Record<string, number>> = {
  clothing: 30,
  'toys-games': 20,
};

export const DEMO_SHIPPING = { standardPrice: '5.99', expressPrice: '14.99', pickupAvailable: true } as const;

// Rates in force in 2025. HST provinces store the federal 5% as GST and the provincial part as PST so
// that GST + PST always equals the total.
export const DEMO_TAX_RATES: ReadonlyArray<{ code: ProvinceCode; gst: string; pst: string; total: string }> =
  [
    { code: 'AB', gst: '5.000', pst: '0.000', total: '5.000' },
    { code: 'BC', gst: '5.000', pst: '7.000', total: '12.000' },
    { code: 'MB', gst: '5.000', pst: '7.000', total: '12.000' },
    { code: 'NB', gst: '5.000', pst: '10.000', total: '15.000' },
    { code: 'NL', gst: '5.000', pst: '10.000', total: '15.000' },
    { code: 'NS', gst: '5.000', pst: '9.000', total: '14.000' },
    { code: 'ON', gst: '5.000', pst: '8.000', total: '13.000' },
    { code: 'PE', gst: '5.000', pst: '10.000', total: '15.000' },
    { code: 'QC', gst: '5.000', pst: '9.975', total: '14.975' },
    { code: 'SK', gst: '5.000', pst: '6.000', total: '11.000' },
    { code: 'NT', gst: '5.000', pst: '0.000', total: '5.000' },
    { code: 'NU', gst: '5.000', pst: '0.000', total: '5.000' },
    { code: 'YT', gst: '5.000', pst: '0.000', total: '5.000' },
  ];

const SHIPPING_PAGE = `<h2>Where we ship</h2>
<p>We ship to every province and territory in Canada and to all 50 US states. Orders are packed at our warehouse on business days, Monday to Friday, and most orders placed before 1 p.m. Eastern leave the same day. Orders placed on weekends and statutory holidays are packed on the next business day.</p>
<h2>Shipping options and prices</h2>
<ul>
<li><strong>Standard Shipping: $5.99 per order.</strong> Delivered in 3 to 5 business days.</li>
<li><strong>Express Shipping: $14.99 per order.</strong> Delivered in 1 to 2 business days.</li>
<li><strong>Pickup at store: free.</strong> Choose pickup at checkout and we will email you when your order is ready. Bring your order number and a photo ID.</li>
</ul>
<p>The shipping price is per order, not per item, so combining purchases saves money. Oversized items such as televisions, treadmills and furniture may be marked pickup only on their product page.</p>
<h2>Taxes and duties</h2>
<p>Canadian orders are charged GST, HST or GST plus PST/QST at the rate of the province or territory the order ships to; pickup orders are taxed at our store's rate. Orders shipped to the United States are exports from Canada and are not charged Canadian sales tax. Any US duties or state taxes are the buyer's responsibility and are collected by the carrier on delivery.</p>
<h2>Tracking your order</h2>
<p>When your order ships we email you a tracking number, and you can follow every step on your <a href="/account">account page</a>. If your tracking has not updated for five business days, please <a href="/contact">contact us</a> and we will open a trace with the carrier.</p>
<h2>Damaged or missing parcels</h2>
<p>Liquidation stock is repacked with care, but parcels are sometimes damaged in transit. If your order arrives damaged, keep the packaging and send us photos within 48 hours of delivery. If a parcel is marked delivered but you cannot find it, check with neighbours and your building's mailroom, then contact us so we can file a claim.</p>`;

const RETURNS_PAGE = `<h2>Our return policy</h2>
<p>Because we sell liquidation, overstock and customer-return merchandise at deep discounts, our return policy is simpler than a traditional retailer's. Most items can be returned within <strong>14 days of delivery or pickup</strong> for a refund, as long as they are in the condition you received them in.</p>
<h2>What can be returned</h2>
<ul>
<li>New, open-box and shelf-pull items that are unused and include all original accessories and packaging.</li>
<li>Refurbished and customer-return items that do not work as described on their product page.</li>
<li>Any item that arrived damaged or is not the item you ordered.</li>
</ul>
<h2>What cannot be returned</h2>
<ul>
<li>Items marked <em>Final Sale</em> on their product page or on your receipt.</li>
<li>Personal care items that have been opened, such as hair tools, toothbrushes, cosmetics and lotions, unless they are defective.</li>
<li>Items damaged by misuse, or missing parts that were included when sold.</li>
<li>Gift cards and clearance bundles sold "as is".</li>
</ul>
<h2>How to start a return</h2>
<ol>
<li>Send us a message through the <a href="/contact">contact page</a> with your order number, the item and the reason for the return.</li>
<li>We reply within one business day with return instructions and, when the return is our error, a prepaid shipping label.</li>
<li>Pack the item securely with all its parts and drop it off with the carrier, or bring it to the store during pickup hours.</li>
</ol>
<h2>Refunds</h2>
<p>Once we receive and inspect your return, we refund the item price and its taxes to your original payment method within 5 business days; your bank may take a few more days to show it. Original shipping charges are refunded only when the return is due to our error or a defective item. Returns for change of mind may be charged the return shipping cost.</p>
<h2>Warranty on refurbished items</h2>
<p>Refurbished electronics and appliances come with a 90-day store warranty unless the product page says otherwise. If a refurbished item stops working within that time, we will repair it, replace it with an equivalent item, or refund it.</p>`;

const PRIVACY_PAGE = `<h2>Our commitment</h2>
<p>We respect your privacy and handle personal information in line with Canada's Personal Information Protection and Electronic Documents Act (PIPEDA) and applicable provincial privacy laws. This policy explains what we collect, why we collect it, and the choices you have.</p>
<h2>Information we collect</h2>
<ul>
<li><strong>Account details:</strong> your username, email address, and optionally your phone number and address, when you create an account.</li>
<li><strong>Order details:</strong> your name, email, phone number, shipping address and the items you buy, so we can fulfil, ship and support your order.</li>
<li><strong>Messages:</strong> what you send us through the contact form.</li>
<li><strong>Newsletter:</strong> your email address, only if you subscribe.</li>
</ul>
<h2>Payments</h2>
<p>Card payments are made on the secure hosted page of our payment provider. We never see or store your full card number, expiry date or security code; we only receive confirmation that the payment succeeded and a payment reference.</p>
<h2>Cookies and local storage</h2>
<p>We use one essential cookie to keep you signed in, and your browser's local storage to remember the contents of your cart. We do not use advertising cookies or sell information to advertisers.</p>
<h2>How we use and share information</h2>
<p>We use your information to process orders, provide customer service, send order and shipping notices, prevent fraud, and, if you opted in, send our newsletter. We share only what is needed with the service providers who help us run the store, such as our payment provider, shipping carriers and email service, and they may use it only for that purpose. We may disclose information when required by law.</p>
<h2>Retention and security</h2>
<p>We keep order records for as long as tax law requires (currently six years in Canada) and account information until you ask us to delete your account. Passwords are stored only as strong one-way hashes, and all traffic to the store is encrypted.</p>
<h2>Your rights</h2>
<p>You can ask to see, correct or delete the personal information we hold about you, and you can unsubscribe from the newsletter at any time. Send requests through our <a href="/contact">contact page</a> and we will answer within 30 days. If you are not satisfied with our answer, you may contact the Office of the Privacy Commissioner of Canada.</p>`;

const TERMS_PAGE = `<h2>Agreement</h2>
<p>By using this website or placing an order, you agree to these terms. If you do not agree, please do not use the site. We may update these terms from time to time; the version posted here on the day you order applies to that order.</p>
<h2>About our merchandise</h2>
<p>We sell liquidation, overstock, shelf-pull, open-box, customer-return and refurbished goods. Each product page describes the item's condition as accurately as we can. Photos may be representative of a lot rather than the exact unit, and packaging may show wear. Quantities are limited and many lots contain a single unit.</p>
<ul>
<li><strong>New / overstock:</strong> unused, usually in original packaging.</li>
<li><strong>Open box / shelf pull:</strong> unused, packaging opened or worn.</li>
<li><strong>Customer return:</strong> returned to a retailer, inspected and tested by us.</li>
<li><strong>Refurbished:</strong> repaired or restored to working order, covered by our 90-day store warranty.</li>
</ul>
<h2>Prices, discounts and taxes</h2>
<p>Prices are in Canadian dollars. Daily and category discounts apply automatically at checkout to eligible products, and the larger discount applies when more than one is available. We reserve the right to correct pricing errors and to cancel an order placed at an obviously wrong price, with a full refund.</p>
<h2>Orders and stock</h2>
<p>An order is accepted when payment is completed. While you complete payment, the items in your order are held for you for a limited time; if payment is not completed in time, the hold is released. If an item becomes unavailable after payment, we refund it in full.</p>
<h2>Accounts</h2>
<p>You are responsible for keeping your password confidential and for activity under your account. We may suspend accounts that are used for fraud or abuse.</p>
<h2>Limitation of liability</h2>
<p>To the extent permitted by law, our liability for any claim related to a product is limited to the price you paid for it. Nothing in these terms limits rights you have under consumer protection laws that cannot be waived.</p>
<h2>Governing law</h2>
<p>These terms are governed by the laws of the province in which our store operates and the federal laws of Canada that apply there. Questions about these terms can be sent through our <a href="/contact">contact page</a>.</p>`;

function sitemapPage(): string {
  const categoryLinks = DEMO_CATEGORIES.map(
    (c) => `<li><a href="/categories/${c.slug}">${c.name.replaceAll('&', '&amp;')}</a></li>`,
  );
  return `<h2>Shop</h2>
<ul>
<li><a href="/">Home</a></li>
<li><a href="/categories">All Categories</a></li>
<li><a href="/products">All Products</a></li>
<li><a href="/products?daily=true">Today's Deals</a></li>
<li><a href="/products?new=true">New Arrivals</a></li>
</ul>
<h2>Categories</h2>
<ul>
${categoryLinks.join('\n')}
</ul>
<h2>Your account</h2>
<ul>
<li><a href="/auth">Login / Register</a></li>
<li><a href="/account">My Account and Orders</a></li>
<li><a href="/cart">Shopping Cart</a></li>
</ul>
<h2>Customer service</h2>
<ul>
<li><a href="/contact">Contact Us</a></li>
<li><a href="/faq">Frequently Asked Questions</a></li>
<li><a href="/shipping">Shipping Information</a></li>
<li><a href="/returns">Returns &amp; Refunds</a></li>
<li><a href="/privacy">Privacy Policy</a></li>
<li><a href="/terms">Terms of Service</a></li>
</ul>`;
}

export const DEMO_CONTENT_PAGES: ReadonlyArray<{ slug: string; title: string; content: string }> = [
  { slug: 'shipping', title: 'Shipping Information', content: SHIPPING_PAGE },
  { slug: 'returns', title: 'Returns & Refunds', content: RETURNS_PAGE },
  { slug: 'privacy', title: 'Privacy Policy', content: PRIVACY_PAGE },
  { slug: 'terms', title: 'Terms of Service', content: TERMS_PAGE },
  { slug: 'sitemap', title: 'Sitemap', content: sitemapPage() },
];

export const DEMO_FAQ_ITEMS: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'What is liquidation merchandise?',
    answer:
      '<p>Liquidation merchandise is stock that retailers, manufacturers and distributors need to clear quickly: overstock, discontinued lines, shelf pulls, open-box items, customer returns and goods from store closures. We buy it in bulk and pass the savings on, which is why our prices are typically 40-80% below retail.</p>',
  },
  {
    question: 'What do the condition words in product descriptions mean?',
    answer:
      '<ul><li><strong>New / overstock:</strong> unused, usually in its original packaging.</li><li><strong>Open box / shelf pull:</strong> unused, but the packaging was opened or shows wear.</li><li><strong>Customer return:</strong> returned to a retailer, then inspected and tested by our team.</li><li><strong>Refurbished:</strong> repaired or restored to full working order and covered by our 90-day store warranty.</li></ul>',
  },
  {
    question: 'How do the daily discounts work?',
    answer:
      '<p>Every day of the week has its own site-wide discount, shown on the home page and in <a href="/products?daily=true">Today\'s Deals</a>. Some categories also have their own discount; when both apply, you get the larger one. The discount is applied automatically in your cart, so there is no code to enter.</p><p>A few items that are already priced at cost are not eligible; their product pages show the regular price only.</p>',
  },
  {
    question: "Why does an item say 'Low Stock'?",
    answer:
      '<p>Many of our lots contain a single unit or a handful of units, and once they are gone we usually cannot get more. When you start checkout, the items in your order are held for you for a limited time so nobody else can buy them while you pay.</p>',
  },
  {
    question: 'How much does shipping cost and how long does it take?',
    answer:
      '<p>Standard shipping is $5.99 per order and takes 3 to 5 business days. Express shipping is $14.99 per order and takes 1 to 2 business days. Pickup at our store is free; we email you when your order is ready. See <a href="/shipping">Shipping Information</a> for details.</p>',
  },
  {
    question: 'Do you ship to the United States?',
    answer:
      '<p>Yes. We ship to all 50 states. Orders to the US are not charged Canadian sales tax, but the carrier may collect duties or state taxes on delivery.</p>',
  },
  {
    question: 'Can I return an item?',
    answer:
      '<p>Most items can be returned within 14 days of delivery or pickup if they are in the condition you received them in. Items marked Final Sale and opened personal care items cannot be returned unless they are defective. Start a return from our <a href="/contact">contact page</a>; the full policy is on <a href="/returns">Returns &amp; Refunds</a>.</p>',
  },
  {
    question: 'Do I need an account to order?',
    answer:
      '<p>No. You can check out as a guest with just your email address. Creating an account lets you see all your orders, follow their shipping status and check out faster next time.</p>',
  },
];
