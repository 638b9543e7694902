import { type BloodBonus, MAX_BLOOD_BONUS_PER_MILLE, packBloodBonus, unpackBloodBonus } from '@flagpole/contract';

/** The three bonuses as percentages for the editor: 50 per mille is 5 (%). */
export interface BloodBonusPercent {
  first: number;
  second: number;
  third: number;
}

/** 50 per mille → 5 (percent); one decimal is all a per-mille value can carry. */
export function perMilleToPercent(perMille: number): number {
  return perMille / 10;
}

/** 5.04 % → 50 per mille (rounded to the nearest per mille). */
export function percentToPerMille(percent: number): number {
  return Math.round(percent * 10);
}

/** "5.0 %"-style text with one decimal. */
export function formatPercent(perMille: number, locale?: string): string {
  return `${perMilleToPercent(perMille).toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
}

export function isValidPerMille(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= MAX_BLOOD_BONUS_PER_MILLE;
}

/** Largest percentage the editor accepts (1000 per mille = +100 %). */
export const MAX_BLOOD_BONUS_PERCENT = perMilleToPercent(MAX_BLOOD_BONUS_PER_MILLE);

export function packedToPercent(packed: number): BloodBonusPercent {
  const { first, second, third } = unpackBloodBonus(packed);
  return { first: perMilleToPercent(first), second: perMilleToPercent(second), third: perMilleToPercent(third) };
}

/** The packed value for three percentages, or null when one is outside 0..100 % (0..1000 per mille). */
export function percentToPacked(percent: BloodBonusPercent): number | null {
  const perMille: BloodBonus = {
    first: percentToPerMille(percent.first),
    second: percentToPerMille(percent.second),
    third: percentToPerMille(percent.third),
  };
  if (!isValidPerMille(perMille.first) || !isValidPerMille(perMille.second) || !isValidPerMille(perMille.third)) {
    return null;
  }
  return packBloodBonus(perMille);
}
