import { Group } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import classes from './link-tabs.module.css';
import { ScrollCue } from './scroll-cue';

export interface LinkTab {
  to: string;
  label: string;
  icon?: ComponentType<{ size?: number }>;
  active: boolean;
}

/** A row of navigation links drawn as tabs; scrolls sideways on narrow screens, with a cue that it does. */
export function LinkTabs({ tabs, label }: { tabs: readonly LinkTab[]; label: string }) {
  return (
    <div className={classes.bar}>
      <ScrollCue>
        <Group component="nav" aria-label={label} gap={0} wrap="nowrap">
          {tabs.map((tab) => (
            <Link
              key={tab.to}
              to={tab.to}
              className={classes.tab}
              data-active={tab.active || undefined}
              aria-current={tab.active ? 'page' : undefined}
            >
              {tab.icon && <tab.icon size={16} />}
              {tab.label}
            </Link>
          ))}
        </Group>
      </ScrollCue>
    </div>
  );
}
