import { ActionIcon, CopyButton, Group, Skeleton, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { monoInput } from '@/lib/mono-input';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useInviteCode } from '../api/get-invite-code';
import { useRefreshInviteCode } from '../api/refresh-invite-code';

/** The captain's invite code with copy and rotate buttons. */
export function InviteCodeField({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const { code, isLoading } = useInviteCode(teamId, true);
  const { trigger, isMutating } = useMutation(useRefreshInviteCode());

  const rotate = () =>
    modals.openConfirmModal({
      title: t('teams.invite.refreshTitle'),
      children: t('teams.invite.refreshConfirm'),
      labels: { confirm: t('teams.invite.refreshSubmit'), cancel: t('common.cancel') },
      onConfirm: () => {
        trigger(teamId).then(() => showSuccess(t('teams.invite.refreshed')), showError);
      },
    });

  if (isLoading && !code) return <Skeleton h={58} />;

  return (
    <TextInput
      label={t('teams.invite.label')}
      description={t('teams.invite.description')}
      value={code ?? ''}
      readOnly
      styles={monoInput}
      onFocus={(event) => event.currentTarget.select()}
      rightSectionWidth={72}
      rightSection={
        <Group gap={2} wrap="nowrap">
          <CopyButton value={code ?? ''} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('teams.invite.copied') : t('teams.invite.copy')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  disabled={!code}
                  aria-label={t('teams.invite.copy')}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
          <Tooltip label={t('teams.invite.refresh')} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={rotate}
              loading={isMutating}
              aria-label={t('teams.invite.refresh')}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      }
    />
  );
}
