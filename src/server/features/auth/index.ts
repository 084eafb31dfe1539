// The auth feature's public entry: what other features may use
// (docs/decisions/0175-enforced-boundaries.md). Everything else in this folder is private to it.
export { admitGuess, clearFailures, MAX_FAILURES_PER_IP, passwordCheckLimits } from './login-throttle';
export { EMAIL_TAKEN, findTaken, throwIfTaken, throwIfUniqueViolation, USERNAME_TAKEN } from './service';
export {
  refuseLookalikeOfAnother,
  refuseLookalikeUsername,
  USERNAME_LOOKALIKE,
  usernameSkeleton,
} from './usernames';
export { purgeOldResetTokens } from './password-reset';
