import {
  CHALLENGE_PERMISSIONS,
  type ChallengeInfoModel,
  DIVISION_PERMISSIONS,
  type Division,
  divisionLimits,
} from '@flagpole/contract';
import { ActionIcon, Button, Drawer, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDice5 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monoInput } from '@/lib/mono-input';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useSaveDivision } from '../../api/divisions';
import { type DivisionFormValues, formValuesOf, nameProblem, randomInviteCode, toModel } from '../../division-form';
import { ChallengeOverrides } from './challenge-overrides';
import { PermissionCheckboxes } from './permission-checkboxes';

interface DivisionEditorProps {
  gameId: number;
  /** The division to edit; undefined creates one. */
  division: Division | undefined;
  /** The game's other divisions (names must differ). */
  others: readonly Division[];
  challenges: readonly ChallengeInfoModel[];
  onClose: () => void;
}

function Section({ title, hint, children }: { title: string; hint: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={3} size="h5">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
      {children}
    </Stack>
  );
}

/** The editor of one division, in a drawer (the whole screen on a phone). Mounted fresh for each division. */
export function DivisionEditor({ gameId, division, others, challenges, onClose }: DivisionEditorProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [values, setValues] = useState<DivisionFormValues>(() => formValuesOf(division));
  const [touched, setTouched] = useState(false);
  const { trigger, isMutating } = useMutation(useSaveDivision());
  const problem = nameProblem(values.name, others);

  const save = async () => {
    setTouched(true);
    if (problem) return;
    try {
      const body = toModel(
        values,
        challenges.map((challenge) => challenge.id),
      );
      const saved = await trigger(gameId, division?.id ?? null, body);
      showSuccess(t(division ? 'adminGames.divisions.saved' : 'adminGames.divisions.created', { name: saved.name }));
      onClose();
    } catch (error) {
      showError(error, { title: t('adminGames.divisions.notSaved') });
    }
  };

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={
        division ? t('adminGames.divisions.editTitle', { name: division.name }) : t('adminGames.divisions.newTitle')
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="lg">
          <Stack gap="sm">
            <TextInput
              label={t('adminGames.divisions.name')}
              description={t('adminGames.divisions.nameHint')}
              value={values.name}
              onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
              onBlur={() => setTouched(true)}
              maxLength={divisionLimits.name.max}
              error={touched && problem ? t(`adminGames.divisions.nameProblem.${problem}`) : undefined}
              required
              data-autofocus
            />
            <TextInput
              label={t('adminGames.divisions.inviteCode')}
              description={t('adminGames.divisions.inviteCodeHint')}
              value={values.inviteCode}
              onChange={(event) => setValues({ ...values, inviteCode: event.currentTarget.value })}
              maxLength={divisionLimits.inviteCode.max}
              styles={monoInput}
              autoComplete="off"
              rightSection={
                <Tooltip label={t('adminGames.fields.inviteCodeRandom')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('adminGames.fields.inviteCodeRandom')}
                    onClick={() => setValues({ ...values, inviteCode: randomInviteCode() })}
                  >
                    <IconDice5 size={16} />
                  </ActionIcon>
                </Tooltip>
              }
            />
          </Stack>
          <Section title={t('adminGames.divisions.divisionRules')} hint={t('adminGames.divisions.divisionRulesHint')}>
            <PermissionCheckboxes
              names={DIVISION_PERMISSIONS}
              mask={values.defaultPermissions}
              onChange={(mask) => setValues({ ...values, defaultPermissions: mask })}
            />
          </Section>
          <Section title={t('adminGames.divisions.defaults')} hint={t('adminGames.divisions.defaultsHint')}>
            <PermissionCheckboxes
              names={CHALLENGE_PERMISSIONS}
              mask={values.defaultPermissions}
              onChange={(mask) => setValues({ ...values, defaultPermissions: mask })}
            />
          </Section>
          <Section title={t('adminGames.divisions.overrides.title')} hint={t('adminGames.divisions.overrides.hint')}>
            <ChallengeOverrides challenges={challenges} values={values} onChange={setValues} />
          </Section>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isMutating}>
              {division ? t('adminGames.save') : t('adminGames.divisions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
