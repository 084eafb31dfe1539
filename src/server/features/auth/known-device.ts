// The known-device cookie: set at each successful sign-in, signed with the session secret, naming the
// account (hashed) and a random device id. A guess carrying it for the same account is limited per
// device instead of per address and does not wait in the account's line, so neither attackers behind
// the same address nor attackers filling the line keep the owner out
// (docs/decisions/0451-sign-in-queue-and-known-devices.md).
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deviceAccountTag } from './login-throttle';

export const KNOWN_DEVICE_COOKIE = 'known_device';
const ONE_YEAR_S = 365 * 24 * 3600;

/** The device id of a valid known-device cookie for this account, else null. */
export function knownDevice(request: FastifyRequest, username: string): string | null {
  const raw = request.cookies[KNOWN_DEVICE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const [device, tag] = unsigned.value.split('.');
  if (!device || tag !== deviceAccountTag(username)) return null;
  return device;
}

export function rememberDevice(request: FastifyRequest, reply: FastifyReply, username: string): void {
  const device = knownDevice(request, username) ?? randomBytes(12).toString('base64url');
  reply.setCookie(KNOWN_DEVICE_COOKIE, `${device}.${deviceAccountTag(username)}`, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https' || request.server.ctx.config.publicUrl.startsWith('https://'),
    maxAge: ONE_YEAR_S,
    signed: true,
  });
}
