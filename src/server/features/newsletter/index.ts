// The newsletter feature's public entry: what other features may use
// (docs/decisions/0175-enforced-boundaries.md). Everything else in this folder is private to it.
export {
  consentHistory,
  consentStatus,
  lastWithdrawal,
  recordAlertConsent,
  recordConsent,
  recordWithdrawal,
} from './consents';
export { statusJson } from './consent-admin-routes';
export { senderAddress, unsubscribeUrl } from './marketing-mail';
export { marketingMailMessages } from './marketing-mail.messages';
