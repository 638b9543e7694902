import type { GamePermissionName } from '@flagpole/contract';
import { Checkbox, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasFlag, withFlag } from '../../division-form';

/** One checkbox per flag, each with a label saying what it allows and a line on its effect. */
export function PermissionCheckboxes({
  names,
  mask,
  onChange,
}: {
  names: readonly GamePermissionName[];
  mask: number;
  onChange: (mask: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {names.map((name) => (
        <Checkbox
          key={name}
          label={t(`adminGames.divisions.permission.${name}.label`)}
          description={t(`adminGames.divisions.permission.${name}.hint`)}
          checked={hasFlag(mask, name)}
          onChange={(event) => onChange(withFlag(mask, name, event.currentTarget.checked))}
        />
      ))}
    </Stack>
  );
}
