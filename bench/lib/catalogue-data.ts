// Generates a large liquidation catalogue inside PostgreSQL with generate_series: 100,000 products
// load in seconds because no row crosses the wire. Deterministic (no random()), so every run measures
// the same data: names mix brands, adjectives and nouns; prices, stock, flags and dates vary by row.
import { sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';

export const BRANDS = [
  'Acme',
  'Nordic',
  'Vertex',
  'Lumina',
  'Orbit',
  'Summit',
  'Harbor',
  'Pioneer',
  'Zenith',
  'Atlas',
  'Cobalt',
  'Maple',
  'Granite',
  'Aurora',
  'Falcon',
  'Evergreen',
  'Monarch',
  'Redwood',
  'Sterling',
  'Tundra',
];
export const ADJECTIVES = [
  'Wireless',
  'Portable',
  'Compact',
  'Deluxe',
  'Ergonomic',
  'Stainless',
  'Rechargeable',
  'Foldable',
  'Waterproof',
  'Heavy-Duty',
  'Smart',
  'Vintage',
  'Modern',
  'Classic',
  'Premium',
  'Insulated',
  'Adjustable',
  'Cordless',
  'Digital',
  'Organic',
  'Lightweight',
  'Ceramic',
  'Bamboo',
  'Leather',
  'Cotton',
  'Magnetic',
  'Ultra',
  'Outdoor',
  'Indoor',
  'Professional',
];
export const NOUNS = [
  'Monitor',
  'Keyboard',
  'Headphones',
  'Speaker',
  'Tablet',
  'Charger',
  'Camera',
  'Router',
  'Blender',
  'Toaster',
  'Kettle',
  'Cookware Set',
  'Knife Block',
  'Vacuum',
  'Lamp',
  'Desk',
  'Chair',
  'Bookshelf',
  'Backpack',
  'Jacket',
  'Sneakers',
  'Hoodie',
  'Watch',
  'Sunglasses',
  'Tent',
  'Sleeping Bag',
  'Bicycle',
  'Helmet',
  'Yoga Mat',
  'Dumbbells',
  'Board Game',
  'Puzzle',
  'Action Figure',
  'Drone',
  'Novel',
  'Cookbook',
  'Shampoo',
  'Hair Dryer',
  'Razor',
  'Perfume',
  'Car Vacuum',
  'Dash Camera',
  'Tire Inflator',
  'Seat Covers',
  'Drill',
  'Toolbox',
  'Garden Hose',
  'Planter',
  'Dog Bed',
  'Cat Tree',
  'Stroller',
  'Crib',
  'Guitar',
  'Ukulele',
  'Suitcase',
  'Duffel Bag',
  'Printer',
  'Shredder',
  'Notebook',
  'Pen Set',
];
const CONDITIONS = ['new', 'open-box', 'refurbished', 'shelf-pull', 'customer-return'];

export const CATEGORY_NAMES = [
  'Electronics',
  'Clothing',
  'Home & Kitchen',
  'Toys & Games',
  'Sports & Outdoors',
  'Books',
  'Beauty & Personal Care',
  'Automotive',
  'Office Supplies',
  'Garden',
  'Pet Supplies',
  'Tools',
  'Health',
  'Baby',
  'Jewelry',
  'Music',
  'Grocery',
  'Furniture',
  'Luggage',
  'Crafts',
];

const textArray = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`);

/** Loads `count` products (plus 20 categories, discounts and gallery images); returns nothing. */
export async function loadCatalogue(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    insert into categories (name, slug, active)
    select name, lower(regexp_replace(name, '[^A-Za-z0-9]+', '-', 'g')), name <> 'Crafts'
    from unnest(${textArray(CATEGORY_NAMES)}) as name`);
  await db.execute(
    sql`insert into weekday_discounts (day, percentage) select d, (array[0, 10, 15, 0, 20, 25, 30])[d + 1] from generate_series(0, 6) d`,
  );
  await db.execute(sql`
    insert into category_discounts (category_id, percentage)
    select id, 35 from categories where slug in ('electronics', 'books')`);
  // Multiplicative hashes with different primes spread each attribute independently over the rows.
  const h = (prime: number) => sql.raw(`((g * ${prime}) % 1000003)`);
  await db.execute(sql`
    insert into products (lot_number, name, slug, description, price, compare_at_price, image_url, stock,
      category_id, featured, new, active, apply_daily_discount, created_at, updated_at, archived_at)
    select
      'LOT-' || to_char(g, 'FM000000'),
      b || ' ' || a || ' ' || n || ' ' || (1 + g % 97),
      lower(regexp_replace(b || ' ' || a || ' ' || n, '[^A-Za-z0-9]+', '-', 'g')) || '-' || g,
      'The ' || lower(a) || ' ' || lower(n) || ' from ' || b || ', sold as ' || c || ' stock. '
        || 'Tested before listing and shipped in plain packaging. Model ' || (1 + g % 97) || ', batch ' || (g % 4000) || '.',
      p,
      case when ${h(7919)} % 3 = 0 then round(p * 1.4, 2) end,
      '/placeholder.svg',
      case when ${h(104729)} % 10 = 0 then 0 else 1 + ${h(1299709)} % 60 end,
      1 + ${h(15485863)} % ${CATEGORY_NAMES.length},
      ${h(32452843)} % 20 = 0,
      ${h(49979687)} % 10 = 0,
      ${h(67867967)} % 50 <> 0,
      ${h(86028121)} % 4 <> 0,
      now() - ((${count} - g) * interval '30 seconds'),
      now(),
      case when ${h(104395301)} % 200 = 0 then now() end
    from (
      select g,
        (${textArray(BRANDS)})[1 + ${h(2654435761)} % ${BRANDS.length}] as b,
        (${textArray(ADJECTIVES)})[1 + ${h(40503)} % ${ADJECTIVES.length}] as a,
        (${textArray(NOUNS)})[1 + ${h(2246822519)} % ${NOUNS.length}] as n,
        (${textArray(CONDITIONS)})[1 + g % ${CONDITIONS.length}] as c,
        round(5 + (${h(3266489917)} % 99500) / 100.0, 2) as p
      from generate_series(1::bigint, ${count}::bigint) g
    ) s`);
  await db.execute(sql`
    insert into product_images (product_id, image_url, is_primary, sort_order)
    select id, '/placeholder.svg', i = 0, i from products, generate_series(0, 1) i`);
  // What autovacuum does on a live store: statistics, and the visibility map index-only scans need.
  await db.execute(sql`vacuum analyze`);
}
