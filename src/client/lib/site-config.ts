import { queryOptions } from '@tanstack/react-query';
import type { SiteConfig } from '../../shared/schemas/site-config';

/** Store-wide facts (name, contact address, pickup province, newsletter variant), used across features. */
export const siteConfigQueryOptions = () => queryOptions<SiteConfig>({ queryKey: ['/api/site-config'] });
