// Start-up fills the username skeletons a migration could not compute (docs/decisions/0457-look-alike-usernames.md),
// so the look-alike check finds every existing name by one indexed query.
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '~/server/db/prepare';
import { users } from '~/server/db/schema';
import { createUser } from '~/server/test/fixtures';
import { createTestDatabase } from '~/server/test/test-database';
import { usernameSkeleton } from './username-skeleton';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('username skeletons at start-up', () => {
  it('folds case, small capitals and look-alike letters into one skeleton', () => {
    expect(usernameSkeleton('ADMIN')).toBe(usernameSkeleton('admin'));
    expect(usernameSkeleton('ᴀdmin')).toBe(usernameSkeleton('admin'));
    expect(usernameSkeleton('ɑdmin')).toBe(usernameSkeleton('admin'));
    expect(usernameSkeleton('robin')).not.toBe(usernameSkeleton('admin'));
  });

  it('fills the skeleton of users written without one, and leaves the others as they are', async () => {
    const old = await createUser(database.db, { username: 'ɑlice_old' });
    const kept = await createUser(database.db, { username: 'bob_new', usernameSkeleton: 'kept-as-written' });
    expect(old.usernameSkeleton).toBeNull();

    await prepareDatabase(database);

    const rows = await database.db.select().from(users);
    const byId = new Map(rows.map((r) => [r.id, r.usernameSkeleton]));
    // 'ɑ' (Latin alpha) reads as 'a': the skeleton is the one 'alice_old' has.
    expect(byId.get(old.id)).toBe(usernameSkeleton('alice_old'));
    expect(byId.get(kept.id)).toBe('kept-as-written');
    expect(await database.db.select().from(users).where(isNull(users.usernameSkeleton))).toEqual([]);
    const [again] = await database.db.select().from(users).where(eq(users.id, old.id));
    expect(again!.usernameSkeleton).toBe(usernameSkeleton('ALICE_OLD'));
  });
});
