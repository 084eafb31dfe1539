// The shopper's returns in the browser (docs/decisions/0540-return-requests.md): the order page's
// 'Request a return' and the returns page's windows and legal warranty.
export { ReturnPolicy } from './return-policy';
export { ReturnRequest } from './return-request-form';
