import type { ChallengeCategory } from '@flagpole/contract';
import {
  IconBinary,
  IconBomb,
  IconBrain,
  IconCode,
  IconCpu,
  IconCurrencyEthereum,
  IconDeviceMobile,
  IconFingerprint,
  IconKey,
  type IconProps,
  IconPuzzle,
  IconSword,
  IconWorld,
  IconWorldSearch,
} from '@tabler/icons-react';
import type { ComponentType, CSSProperties } from 'react';

export interface CategoryStyle {
  icon: ComponentType<IconProps>;
  /** A Mantine palette name; every category has its own. */
  color: string;
}

/** One icon and one colour per category, used by the board, the filters and the scoreboard headers. */
export const CATEGORY_STYLES: Record<ChallengeCategory, CategoryStyle> = {
  Misc: { icon: IconPuzzle, color: 'gray' },
  Crypto: { icon: IconKey, color: 'violet' },
  Pwn: { icon: IconBomb, color: 'red' },
  Web: { icon: IconWorld, color: 'blue' },
  Reverse: { icon: IconBinary, color: 'orange' },
  Blockchain: { icon: IconCurrencyEthereum, color: 'indigo' },
  Forensics: { icon: IconFingerprint, color: 'cyan' },
  Hardware: { icon: IconCpu, color: 'lime' },
  Mobile: { icon: IconDeviceMobile, color: 'pink' },
  PPC: { icon: IconCode, color: 'yellow' },
  AI: { icon: IconBrain, color: 'grape' },
  Pentest: { icon: IconSword, color: 'green' },
  OSINT: { icon: IconWorldSearch, color: 'teal' },
};

/** Medal colours for the first three solvers. */
export const BLOOD_COLORS = { FirstBlood: '#f5c542', SecondBlood: '#c0c7d1', ThirdBlood: '#cd8a4b' } as const;
export type BloodType = keyof typeof BLOOD_COLORS;
export const BLOOD_ORDER: readonly BloodType[] = ['FirstBlood', 'SecondBlood', 'ThirdBlood'];

/** The blood colours as the CSS variables the scoreboard's solve marks are drawn with. */
export const BLOOD_COLOR_VARIABLES = {
  '--blood-first': BLOOD_COLORS.FirstBlood,
  '--blood-second': BLOOD_COLORS.SecondBlood,
  '--blood-third': BLOOD_COLORS.ThirdBlood,
} as CSSProperties;
