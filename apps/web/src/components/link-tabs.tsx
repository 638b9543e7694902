import { Group, ScrollArea } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import classes from './link-tabs.module.css';

export interface LinkTab {
  to: string;
  label: string;
  icon?: ComponentType<{ size?: number }>;
  active: boolean;
}

/** A row of navigation links drawn as tabs; scrolls sideways on narrow screens. */
export function LinkTabs({ tabs, label }: { tabs: readonly LinkTab[]; label: string }) {
  return (
    <ScrollArea type="never" className={classes.bar}>
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
    </ScrollArea>
  );
}
