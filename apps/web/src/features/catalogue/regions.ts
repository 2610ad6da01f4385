import type { Region } from '@parley/shared/domain';
import type { TFunction } from 'i18next';

const KEYS: Record<Region, string> = {
  Africa: 'africa',
  'Asia (East & South)': 'asiaEastSouth',
  'Asia (Southeast)': 'asiaSoutheast',
  Oceania: 'oceania',
  Europe: 'europe',
  'North America': 'northAmerica',
  'South America': 'southAmerica',
  'Middle East': 'middleEast',
};

/** A region's name in the interface language; an unknown one is shown as stored. */
export function regionLabel(t: TFunction, region: string): string {
  const key = KEYS[region as Region];
  return key ? t(`regions.${key}`) : region;
}
