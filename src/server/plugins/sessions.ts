// Sessions in PostgreSQL behind an httpOnly, SameSite=Lax cookie. The cookie carries a random token;
// the table keeps only its sha256, so a leaked table leaks no usable session.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '~/server/db/client';
import { type Permissions, STAFF_DEFAULT_REFUND_LIMIT } from '~/shared/permissions';
import type { Role } from '~/shared/roles';
import { sessions, users } from '~/server/db/schema';

export const SESSION_COOKIE = 'sid';
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
const TOUCH_EVERY_MS = 60_000;

export type SessionUser = {
  id: number;
  username: string;
  email: string;
  isAdmin: boolean;
  isStaff: boolean;
  /** From the two flags above (src/server/lib/access.ts roleOf says the same). */
  role: Role;
  phone: string | null;
  address: string | null;
  emailNotifications: boolean;
  /** What the role and the administrator's grants allow (docs/decisions/0459-staff-permissions.md). */
  permissions: Permissions;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const publicUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  isAdmin: users.isAdmin,
  isStaff: users.isStaff,
  role: sql<Role>`case when ${users.isAdmin} then 'admin' when ${users.isStaff} then 'staff' else 'customer' end`,
  phone: users.phone,
  address: users.address,
  emailNotifications: users.emailNotifications,
  // Administrators may do everything, customers nothing, staff their grants or the role's defaults
  // (src/shared/permissions.ts says the same in code).
  permissions: sql<Permissions>`jsonb_build_object(
    'refundLimit', case when ${users.isAdmin} then null
      when ${users.isStaff} then coalesce(${users.refundLimit}, ${STAFF_DEFAULT_REFUND_LIMIT}::numeric(10,2))::text
      else '0.00' end,
    'exportCustomers', ${users.isAdmin} or (${users.isStaff} and coalesce(${users.mayExportCustomers}, false)),
    'readEmails', ${users.isAdmin} or (${users.isStaff} and coalesce(${users.mayReadEmails}, false)),
    'useTill', ${users.isAdmin} or (${users.isStaff} and coalesce(${users.mayUseTill}, false)))`,
};

function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.ctx.config.publicUrl.startsWith('https://');
}

/** Starts a new session (a new id at every sign-in) and sets the cookie. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const db = request.server.ctx.db;
  if (request.sessionId) await db.delete(sessions).where(eq(sessions.id, request.sessionId));
  const token = randomBytes(32).toString('base64url');
  const id = hashToken(token);
  const now = Date.now();
  await db.insert(sessions).values({ id, userId, expiresAt: new Date(now + SESSION_ABSOLUTE_MS) });
  request.sessionId = id;
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionId) {
    await request.server.ctx.db.delete(sessions).where(eq(sessions.id, request.sessionId));
  }
  request.sessionId = null;
  request.user = null;
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
  });
}

/** Ends every session of a user except, optionally, the current one (after a password change). */
export async function endOtherSessions(db: Db, userId: number, keepSessionId: string | null): Promise<void> {
  const all = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  for (const s of all) {
    if (s.id !== keepSessionId) await db.delete(sessions).where(eq(sessions.id, s.id));
  }
}

async function loadSession(request: FastifyRequest): Promise<void> {
  request.user = null;
  request.sessionId = null;
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return;
  const db = request.server.ctx.db;
  const id = hashToken(token);
  const now = new Date();
  const [row] = await db
    .select({ ...publicUserColumns, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    );
  if (!row) return;
  const { lastSeenAt, ...user } = row;
  request.user = user;
  request.sessionId = id;
  if (now.getTime() - lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
}

export function registerSessions(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    // Static assets and images never need the session.
    if (request.url.startsWith('/assets/') || request.url.startsWith('/uploads/')) return;
    await loadSession(request);
  });
}

/** Deletes expired sessions; run from the maintenance timer. */
export async function purgeExpiredSessions(db: Db): Promise<void> {
  const now = new Date();
  await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))),
    );
}
