// The admin's words for returns (the admin area is in English, like its other screens).
import type { ReturnReason, ReturnStatus } from '~/shared/schemas/returns';

export const STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  refused: 'Refused',
  received: 'Received',
  refunded: 'Refunded',
  closed: 'Closed',
};

export const REASON_LABELS: Record<ReturnReason, string> = {
  'changed-mind': 'Changed mind',
  'not-as-described': 'Not as described',
  defective: 'Defective',
  'damaged-in-transit': 'Damaged in transit',
  'wrong-item': 'Wrong item',
};
