import { containerServiceLimits } from '@flagpole/contract';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { monoInput } from '@/lib/mono-input';
import type { ChallengeFormValues } from '../../challenge-form';
import { serviceNumberLimits } from '../../service-form';

type Form = UseFormReturnType<ChallengeFormValues>;

/** The environment of one service: name/value rows that wrap under each other on a phone. */
function EnvRows({ form, index }: { form: Form; index: number }) {
  const { t } = useTranslation();
  const path = `services.${index}` as const;
  const env = form.values.services[index]?.env ?? [];
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('adminGames.services.env')}
      </Text>
      {env.map((variable, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the position is the identity.
        <Group key={row} gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 10rem' }}
            aria-label={t('adminGames.services.envName')}
            placeholder={t('adminGames.services.envName')}
            styles={monoInput}
            maxLength={128}
            {...form.getInputProps(`${path}.env.${row}.name`)}
          />
          <TextInput
            style={{ flex: '2 1 12rem' }}
            aria-label={t('adminGames.services.envValue')}
            placeholder={t('adminGames.services.envValue')}
            styles={monoInput}
            maxLength={containerServiceLimits.envValue}
            {...form.getInputProps(`${path}.env.${row}.value`)}
          />
          <ActionIcon
            mt={6}
            variant="subtle"
            color="red"
            aria-label={t('adminGames.services.removeEnv', { name: variable.name || row + 1 })}
            onClick={() => form.removeListItem(`${path}.env`, row)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPlus size={12} />}
          disabled={env.length >= containerServiceLimits.env}
          onClick={() => form.insertListItem(`${path}.env`, { name: '', value: '' })}
        >
          {t('adminGames.services.addEnv')}
        </Button>
      </Group>
    </Stack>
  );
}

const numberProps = { allowDecimal: false, allowNegative: false } as const;

/** One service's fields, in a bordered box; the columns stack on a phone. */
export function ServiceFields({ form, index }: { form: Form; index: number }) {
  const { t } = useTranslation();
  const path = `services.${index}` as const;
  const number = index + 1;
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={t('adminGames.services.service', { number })}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {form.values.services[index]?.name || t('adminGames.services.service', { number })}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('adminGames.services.remove', { number })}
            onClick={() => form.removeListItem('services', index)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('adminGames.services.name')}
            description={t('adminGames.services.nameHint')}
            placeholder="web"
            styles={monoInput}
            maxLength={32}
            {...form.getInputProps(`${path}.name`)}
          />
          <TextInput
            label={t('adminGames.services.image')}
            description={t('adminGames.services.imageHint')}
            placeholder="ghcr.io/org/service:1"
            styles={monoInput}
            maxLength={512}
            {...form.getInputProps(`${path}.image`)}
          />
        </SimpleGrid>
        <TagsInput
          label={t('adminGames.services.ports')}
          description={t('adminGames.services.portsHint')}
          placeholder={form.values.services[index]?.ports.length ? undefined : '8080'}
          maxTags={containerServiceLimits.ports}
          splitChars={[',', ' ']}
          {...form.getInputProps(`${path}.ports`)}
        />
        <EnvRows form={form} index={index} />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <NumberInput
            label={t('adminGames.services.memory')}
            {...serviceNumberLimits.memoryLimit}
            {...numberProps}
            {...form.getInputProps(`${path}.memoryLimit`)}
          />
          <NumberInput
            label={t('adminGames.services.cpu')}
            {...serviceNumberLimits.cpuCount}
            {...numberProps}
            {...form.getInputProps(`${path}.cpuCount`)}
          />
          <NumberInput
            label={t('adminGames.services.pids')}
            {...serviceNumberLimits.pidsLimit}
            {...numberProps}
            {...form.getInputProps(`${path}.pidsLimit`)}
          />
        </SimpleGrid>
        <Switch
          label={t('adminGames.services.entry')}
          description={t('adminGames.services.entryHint')}
          {...form.getInputProps(`${path}.entry`, { type: 'checkbox' })}
        />
        <Switch
          label={t('adminGames.services.dynamicFlag')}
          description={t('adminGames.services.dynamicFlagHint')}
          {...form.getInputProps(`${path}.dynamicFlag`, { type: 'checkbox' })}
        />
        <Switch
          label={t('adminGames.services.readOnlyRoot')}
          description={t('adminGames.services.readOnlyRootHint')}
          {...form.getInputProps(`${path}.readOnlyRoot`, { type: 'checkbox' })}
        />
      </Stack>
    </Paper>
  );
}
