// Signing in and registering check the server's answer with the auth schemas, so a screen that only
// sometimes needs them (the checkout's optional account) loads them as a chunk of their own, through
// this feature's public entry (docs/decisions/0175-enforced-boundaries.md).
export const loadSignIn = () => import('./sign-in');
