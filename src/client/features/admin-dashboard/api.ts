// The Overview's query. Query keys are API paths (the default fetcher GETs them).
import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '~/shared/schemas/admin-dashboard';

export const dashboardQueryOptions = () => queryOptions<Dashboard>({ queryKey: ['/api/admin/dashboard'] });
