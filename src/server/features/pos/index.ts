// The till feature's public entry (docs/decisions/0600-till.md): the reports read its sessions.
export { tillSessionsReport } from './sessions';
