/** The regions country prices are grouped by (SPEC §3), in display order. */
export const REGIONS = [
  'Africa',
  'Asia (East & South)',
  'Asia (Southeast)',
  'Oceania',
  'Europe',
  'North America',
  'South America',
  'Middle East',
] as const;
export type Region = (typeof REGIONS)[number];
