// The admin-users feature's public entry (docs/decisions/0175-enforced-boundaries.md): the admin Users tab, and the user search the Orders tab links an order with.
// Each screen is a chunk of its own, loaded when its tab opens.
import { lazy } from 'react';

export const UsersTab = lazy(() => import('./users-tab'));

export { searchUsersByEmail } from './api';
