// The auth feature's public entry: what other features and the app may use
// (docs/decisions/0175-enforced-boundaries.md). Everything else in this folder is private to it.
export { type CurrentUser, logout, meQueryOptions, serverFieldErrors, serverMessage, signedOut } from './api';
export { signedInLoader } from './guards';
export { authRoutes } from './routes';
export { loadSignIn } from './load-sign-in';
