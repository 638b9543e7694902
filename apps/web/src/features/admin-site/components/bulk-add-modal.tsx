import { adminLimits } from '@flagpole/contract';
import { Alert, Badge, Button, Code, Group, List, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { batchErrorsOf } from '@/lib/batch-errors';
import { monoInput } from '@/lib/mono-input';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useAddUsers } from '../api/users';
import { BULK_COLUMNS, parseBulkUsers, toCreateModels } from '../bulk-users';

const PREVIEW_ROWS = 50;

export function BulkAddModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const parsed = useMemo(() => parseBulkUsers(text), [text]);
  const { trigger, isMutating } = useMutation(useAddUsers());
  /** The users the server refused on the last attempt, by line (the server adds all of the list or none). */
  const [refused, setRefused] = useState<Array<{ line: number; title: string }>>([]);

  const edit = (value: string) => {
    setText(value);
    setRefused([]);
  };

  const close = () => {
    edit('');
    onClose();
  };

  const submit = async () => {
    try {
      await trigger(toCreateModels(parsed.users));
      showSuccess(t('adminSite.bulk.done', { count: parsed.users.length }));
      close();
    } catch (error) {
      const items = batchErrorsOf(error);
      setRefused(
        items.flatMap((item) => {
          const user = parsed.users[item.index];
          return user ? [{ line: user.line, title: item.title }] : [];
        }),
      );
      if (items.length === 0) showError(error);
    }
  };

  const columns = BULK_COLUMNS.map((column) => t(`adminSite.bulk.columns.${column}`)).join(', ');
  const tooMany = parsed.users.length > adminLimits.usersPerBatch;
  const canSubmit = parsed.users.length > 0 && parsed.errors.length === 0 && !tooMany;

  return (
    <Modal opened={opened} onClose={close} title={t('adminSite.bulk.title')} size="xl">
      <Stack>
        <Text size="sm">{t('adminSite.bulk.help')}</Text>
        <Code block>{columns}</Code>
        <Textarea
          label={t('adminSite.bulk.input')}
          placeholder={
            'alice, S3cret-pass, alice@example.org, Alice Liddell, 2024001, , Wonder\nbob\tPass-word-2\tbob@example.org'
          }
          autosize
          minRows={5}
          maxRows={14}
          styles={monoInput}
          value={text}
          onChange={(event) => edit(event.currentTarget.value)}
          data-autofocus
        />
        {parsed.errors.length > 0 && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('adminSite.bulk.errorsTitle')}>
            <List size="sm" spacing={2}>
              {parsed.errors.slice(0, 20).map((error) => (
                <List.Item key={error.line}>
                  {t('adminSite.bulk.lineError', {
                    line: error.line,
                    problem: t(`adminSite.bulk.problems.${error.problem}`),
                  })}
                </List.Item>
              ))}
            </List>
            {parsed.errors.length > 20 && (
              <Text size="sm" mt={4}>
                {t('adminSite.bulk.moreErrors', { count: parsed.errors.length - 20 })}
              </Text>
            )}
          </Alert>
        )}
        {refused.length > 0 && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title={t('adminSite.bulk.refusedTitle', { count: refused.length })}
          >
            <List size="sm" spacing={2}>
              {refused.map((item) => (
                <List.Item key={item.line}>
                  {t('adminSite.bulk.lineError', { line: item.line, problem: item.title })}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {tooMany && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            {t('adminSite.bulk.tooMany', { count: adminLimits.usersPerBatch })}
          </Alert>
        )}
        {parsed.users.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('adminSite.bulk.preview', { count: parsed.users.length })}
            </Text>
            <Table.ScrollContainer minWidth={640} mah={260}>
              <Table fz="xs" verticalSpacing={2} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    {BULK_COLUMNS.filter((column) => column !== 'password').map((column) => (
                      <Table.Th key={column}>{t(`adminSite.bulk.columns.${column}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {parsed.users.slice(0, PREVIEW_ROWS).map((user) => (
                    <Table.Tr key={user.line}>
                      <Table.Td c="dimmed">{user.line}</Table.Td>
                      <Table.Td fw={600}>{user.userName}</Table.Td>
                      <Table.Td>{user.email}</Table.Td>
                      <Table.Td>{user.realName ?? '—'}</Table.Td>
                      <Table.Td>{user.stdNumber ?? '—'}</Table.Td>
                      <Table.Td>{user.phone ?? '—'}</Table.Td>
                      <Table.Td>
                        {user.teamName ? (
                          <Badge variant="light" tt="none">
                            {user.teamName}
                          </Badge>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={isMutating} disabled={!canSubmit}>
            {t('adminSite.bulk.submit', { count: parsed.users.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
