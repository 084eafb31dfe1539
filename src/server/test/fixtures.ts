// Small builders for test data. Each returns the inserted row.
import { randomBytes } from 'node:crypto';
import type { Db } from '~/server/db/client';
import {
  canadianTaxRates,
  categories,
  categoryDiscounts,
  products,
  shippingSettings,
  users,
  weekdayDiscounts,
} from '~/server/db/schema';
import { hashPassword } from '~/server/lib/passwords';
import { PROVINCES } from '~/shared/constants';

const unique = () => randomBytes(4).toString('hex');

export async function createCategory(db: Db, values: Partial<typeof categories.$inferInsert> = {}) {
  const id = unique();
  const [row] = await db
    .insert(categories)
    .values({ name: `Category ${id}`, slug: `category-${id}`, ...values })
    .returning();
  return row!;
}

export async function createProduct(db: Db, values: Partial<typeof products.$inferInsert> = {}) {
  const id = unique();
  const [row] = await db
    .insert(products)
    .values({
      name: `Product ${id}`,
      slug: `product-${id}`,
      lotNumber: `LOT-${id}`,
      description: 'A test product.',
      price: '10.00',
      stock: 10,
      ...values,
    })
    .returning();
  return row!;
}

export async function createUser(
  db: Db,
  values: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  const id = unique();
  const password = values.password ?? 'correct-horse-battery';
  const [row] = await db
    .insert(users)
    .values({
      username: `user_${id}`,
      email: `user_${id}@example.com`,
      ...values,
      password: await hashPassword(password),
    })
    .returning();
  return { ...row!, plainPassword: password };
}

/** Every day's weekday discount (default all 0), like a fresh store. */
export async function setWeekdayDiscounts(db: Db, percentages: number[] = [0, 0, 0, 0, 0, 0, 0]) {
  await db.delete(weekdayDiscounts);
  await db.insert(weekdayDiscounts).values(percentages.map((percentage, day) => ({ day, percentage })));
}

export async function setCategoryDiscount(db: Db, categoryId: number, percentage: number) {
  await db
    .insert(categoryDiscounts)
    .values({ categoryId, percentage })
    .onConflictDoUpdate({ target: categoryDiscounts.categoryId, set: { percentage } });
}

/** Shipping 5.99 / 14.99 / pickup, and the 13 provinces' real rates. */
export async function seedStoreSettings(db: Db) {
  await db.insert(shippingSettings).values({});
  const rates: Record<string, [string, string, string]> = {
    AB: ['5', '5', '0'],
    BC: ['12', '5', '7'],
    MB: ['12', '5', '7'],
    NB: ['15', '5', '10'],
    NL: ['15', '5', '10'],
    NS: ['14', '5', '9'],
    ON: ['13', '5', '8'],
    PE: ['15', '5', '10'],
    QC: ['14.975', '5', '9.975'],
    SK: ['11', '5', '6'],
    NT: ['5', '5', '0'],
    NU: ['5', '5', '0'],
    YT: ['5', '5', '0'],
  };
  await db.insert(canadianTaxRates).values(
    PROVINCES.map((p) => {
      const [taxRate, gstRate, pstRate] = rates[p.code]!;
      return { provinceCode: p.code, provinceName: p.name, taxRate, gstRate, pstRate };
    }),
  );
}

/**
 * Signs a TestClient in as a user by creating a session row directly (tests of features other than
 * sign-in itself need a session, not the sign-in flow).
 */
export async function signInAs(db: Db, client: { cookies: Map<string, string> }, userId: number) {
  const { createHash } = await import('node:crypto');
  const { sessions } = await import('~/server/db/schema');
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: createHash('sha256').update(token).digest('hex'),
    userId,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  client.cookies.set('sid', token);
}
