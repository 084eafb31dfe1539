// The carriers whose tracking pages have a public address format: a tracking number shipped with one of
// them gets a link in the shipped e-mail (docs/decisions/0271-tracking-carriers.md). Any other carrier
// is "no carrier" (null): the number is shown without a link. Canada Post, Purolator and UPS have their
// tracking page in French too: a French e-mail links to it.
import { DEFAULT_LOCALE, type Locale } from './i18n/locales';

export const TRACKING_CARRIERS = ['canada-post', 'purolator', 'ups', 'fedex', 'usps'] as const;
export type TrackingCarrier = (typeof TRACKING_CARRIERS)[number];

export const TRACKING_CARRIER_LABELS: Record<TrackingCarrier, string> = {
  'canada-post': 'Canada Post',
  purolator: 'Purolator',
  ups: 'UPS',
  fedex: 'FedEx',
  usps: 'USPS',
};

/** Canada Post's own French name (it signs 'Postes Canada'). */
export function trackingCarrierLabel(carrier: TrackingCarrier, locale: Locale = DEFAULT_LOCALE): string {
  return locale === 'fr' && carrier === 'canada-post' ? 'Postes Canada' : TRACKING_CARRIER_LABELS[carrier];
}

const TRACKING_URLS: Record<TrackingCarrier, (n: string, lang: Locale) => string> = {
  'canada-post': (n, lang) =>
    `https://www.canadapost-postescanada.ca/track-reperage/${lang}#/search?searchFor=${n}`,
  purolator: (n, lang) => `https://www.purolator.com/${lang}/shipping/tracker?pin=${n}`,
  ups: (n, lang) => `https://www.ups.com/track?loc=${lang}_CA&tracknum=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
};

export function isTrackingCarrier(value: unknown): value is TrackingCarrier {
  return typeof value === 'string' && (TRACKING_CARRIERS as readonly string[]).includes(value);
}

/**
 * The carrier's tracking page for a number, in the language asked for where the carrier has one, or
 * null (no carrier, an unknown one, or no number).
 */
export function trackingUrl(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
) {
  const number = trackingNumber?.trim();
  if (!number || !isTrackingCarrier(carrier)) return null;
  return TRACKING_URLS[carrier](encodeURIComponent(number), locale);
}
