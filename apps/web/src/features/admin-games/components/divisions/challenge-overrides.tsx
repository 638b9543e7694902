import { CHALLENGE_PERMISSIONS, type ChallengeInfoModel } from '@flagpole/contract';
import { Checkbox, Switch, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DivisionFormValues, dropOverride, hasFlag, startOverride, withFlag } from '../../division-form';

/**
 * A row per challenge: follow the division's defaults (the checkboxes show them, greyed) or set the challenge's
 * own permissions. Wide tables scroll sideways on phones.
 */
export function ChallengeOverrides({
  challenges,
  values,
  onChange,
}: {
  challenges: readonly ChallengeInfoModel[];
  values: DivisionFormValues;
  onChange: (values: DivisionFormValues) => void;
}) {
  const { t } = useTranslation();
  if (challenges.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('adminGames.divisions.overrides.noChallenges')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table verticalSpacing={6} fz="sm" striped aria-label={t('adminGames.divisions.overrides.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminGames.divisions.overrides.challenge')}</Table.Th>
            <Table.Th>{t('adminGames.divisions.overrides.custom')}</Table.Th>
            {CHALLENGE_PERMISSIONS.map((name) => (
              <Table.Th key={name} ta="center">
                {t(`adminGames.divisions.permission.${name}.short`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {challenges.map((challenge) => {
            const own = values.overrides[String(challenge.id)];
            const custom = own !== undefined;
            const mask = own ?? values.defaultPermissions;
            return (
              <Table.Tr key={challenge.id}>
                <Table.Td>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {challenge.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`challenges.categories.${challenge.category}.name`)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Switch
                    checked={custom}
                    onChange={(event) =>
                      onChange(
                        event.currentTarget.checked
                          ? startOverride(values, challenge.id)
                          : dropOverride(values, challenge.id),
                      )
                    }
                    aria-label={t('adminGames.divisions.overrides.customFor', { challenge: challenge.title })}
                  />
                </Table.Td>
                {CHALLENGE_PERMISSIONS.map((name) => (
                  <Table.Td key={name} ta="center">
                    <Checkbox
                      display="inline-block"
                      checked={hasFlag(mask, name)}
                      disabled={!custom}
                      onChange={(event) =>
                        onChange({
                          ...values,
                          overrides: {
                            ...values.overrides,
                            [String(challenge.id)]: withFlag(mask, name, event.currentTarget.checked),
                          },
                        })
                      }
                      aria-label={t('adminGames.divisions.overrides.flagFor', {
                        permission: t(`adminGames.divisions.permission.${name}.label`),
                        challenge: challenge.title,
                      })}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
