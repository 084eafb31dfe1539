// The carriers whose tracking pages have a public address format: a tracking number shipped with one of
// them gets a link in the shipped e-mail (docs/decisions/0271-tracking-carriers.md). Any other carrier
// is "no carrier" (null): the number is shown without a link.
export const TRACKING_CARRIERS = ['canada-post', 'purolator', 'ups', 'fedex', 'usps'] as const;
export type TrackingCarrier = (typeof TRACKING_CARRIERS)[number];

export const TRACKING_CARRIER_LABELS: Record<TrackingCarrier, string> = {
  'canada-post': 'Canada Post',
  purolator: 'Purolator',
  ups: 'UPS',
  fedex: 'FedEx',
  usps: 'USPS',
};

const TRACKING_URLS: Record<TrackingCarrier, (n: string) => string> = {
  'canada-post': (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
  purolator: (n) => `https://www.purolator.com/en/shipping/tracker?pin=${n}`,
  ups: (n) => `https://www.ups.com/track?loc=en_CA&tracknum=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
};

export function isTrackingCarrier(value: unknown): value is TrackingCarrier {
  return typeof value === 'string' && (TRACKING_CARRIERS as readonly string[]).includes(value);
}

/** The carrier's tracking page for a number, or null (no carrier, an unknown one, or no number). */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined) {
  const number = trackingNumber?.trim();
  if (!number || !isTrackingCarrier(carrier)) return null;
  return TRACKING_URLS[carrier](encodeURIComponent(number));
}
