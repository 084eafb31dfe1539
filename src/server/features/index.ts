// Every feature's routes, registered in one place.
import type { FastifyInstance } from 'fastify';
import { contactRoutes } from './contact/routes';
import { contentRoutes } from './content/routes';
import { newsletterRoutes } from './newsletter/routes';
import { catalogRoutes } from './catalog/routes';
import { catalogueCacheInvalidation } from './catalog/catalogue-cache';
import { authRoutes } from './auth/routes';
import { accountRoutes } from './account/routes';
import { adminProductRoutes } from './admin-products/routes';
import { adminCategoryRoutes } from './admin-categories/routes';
import { adminDiscountRoutes } from './admin-discounts/routes';
import { discountCodeRoutes } from './discount-codes/routes';
import { adminDashboardRoutes } from './admin-dashboard/routes';
import { storeSettingsRoutes } from './store-settings/routes';
import { storeSettingsAdminRoutes } from './store-settings/admin-routes';
import { checkoutRoutes } from './checkout/routes';
import { orderRoutes } from './orders/routes';
import { adminUserRoutes } from './admin-users/routes';
import { adminOrderRoutes } from './admin-orders/routes';
import { bulkShipRoutes } from './admin-orders/bulk-ship-routes';
import { orderDialogRoutes } from './admin-orders/dialog-routes';
import { adminReportRoutes } from './admin-reports/routes';
import { adminLoadRoutes } from './admin-loads/routes';
import { markdownRoutes } from './markdowns/routes';
import { adminIntakeRoutes } from './admin-intake/routes';

export async function registerFeatures(app: FastifyInstance) {
  // First, so its hook sees every feature's writes.
  await app.register(catalogueCacheInvalidation);
  await app.register(catalogRoutes);
  await app.register(contentRoutes);
  await app.register(contactRoutes);
  await app.register(newsletterRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(adminProductRoutes);
  await app.register(adminCategoryRoutes);
  await app.register(adminDiscountRoutes);
  await app.register(discountCodeRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(storeSettingsRoutes);
  await app.register(storeSettingsAdminRoutes);
  await app.register(checkoutRoutes);
  await app.register(orderRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminOrderRoutes);
  await app.register(orderDialogRoutes);
  await app.register(bulkShipRoutes);
  await app.register(adminReportRoutes);
  await app.register(adminLoadRoutes);
  await app.register(markdownRoutes);
  await app.register(adminIntakeRoutes);
}
