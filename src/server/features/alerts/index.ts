// The alerts feature's public face for the rest of the server (docs/decisions/0572-new-arrival-alerts-and-price-watches.md).
export { sendAlertDigests, sendWatchAlerts } from './job';
export { sendHoldReminders } from './hold-reminder';
