// The store-settings feature's public entry (docs/decisions/0175-enforced-boundaries.md): the admin Shipping, Tax Rates and Settings tabs.
// Each screen is a chunk of its own, loaded when its tab opens.
import { lazy } from 'react';

export const ShippingTab = lazy(() => import('./shipping-tab'));
export const TaxesTab = lazy(() => import('./taxes-tab'));
export const SettingsTab = lazy(() => import('./settings-tab'));
