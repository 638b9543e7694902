import { gameLimits } from '@flagpole/contract';
import { Badge, Button, FileInput, Group, Table, Text, Textarea } from '@mantine/core';
import { IconFiles, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { batchErrorsOf } from '@/lib/batch-errors';
import { monoInput } from '@/lib/mono-input';
import { errorText, showError, showSuccess } from '@/lib/notify';
import { useAddFlags } from '../../api/add-flags';
import { useUploadAssets } from '../../api/upload-assets';
import { type FlagPair, pairFlagsWithFiles } from '../../flag-pairs';

/** Why a pair cannot be sent as it is, or null when it can. */
function pairProblem(pair: FlagPair): 'missingFlag' | 'missingFile' | 'tooLong' | null {
  if (pair.flag === null) return 'missingFlag';
  if (pair.file === null) return 'missingFile';
  if (pair.flag.length > gameLimits.flag.max) return 'tooLong';
  return null;
}

/**
 * Dynamic attachments in bulk: many files and their flags at once, paired by file name or in name order. Each
 * file is uploaded on its own, then every pair is added in one request, all or none; the table says per pair what
 * happened (refused upload, refused flag), so the organiser fixes those and adds the list again.
 */
export function AddFlagPairs({ gameId, challengeId }: { gameId: number; challengeId: number }) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [text, setText] = useState('');
  /** Per file name, why it was refused on the last attempt. */
  const [refused, setRefused] = useState<ReadonlyMap<string, string>>(new Map());
  const [busy, setBusy] = useState(false);
  const upload = useUploadAssets();
  const addFlags = useAddFlags();
  const pairs = pairFlagsWithFiles(
    files.map((file) => file.name),
    text,
  );
  const ready = pairs.length > 0 && pairs.every((pair) => pairProblem(pair) === null);

  const add = async () => {
    if (!ready) return;
    setBusy(true);
    const failed = new Map<string, string>();
    const hashes = new Map<string, string>();
    for (const pair of pairs) {
      const file = files.find((item) => item.name === pair.file);
      if (!file) continue;
      try {
        const [stored] = await upload([file]);
        if (stored) hashes.set(file.name, stored.hash);
        else failed.set(file.name, t('adminGames.attachment.uploadFailed'));
      } catch (error) {
        failed.set(file.name, errorText(error));
      }
    }
    try {
      if (failed.size > 0) return;
      const sent = pairs.map((pair) => ({
        flag: pair.flag ?? '',
        attachmentType: 'Local' as const,
        fileHash: hashes.get(pair.file ?? ''),
      }));
      try {
        await addFlags(gameId, challengeId, sent);
      } catch (error) {
        const items = batchErrorsOf(error);
        for (const item of items) {
          const file = pairs[item.index]?.file;
          if (file) failed.set(file, item.title);
        }
        if (items.length === 0) showError(error, { title: t('adminGames.flags.notAdded') });
        return;
      }
      showSuccess(t('adminGames.flags.pairs.added', { count: pairs.length }));
      setFiles([]);
      setText('');
    } finally {
      setRefused(failed);
      setBusy(false);
    }
  };

  const statusOf = (pair: FlagPair) => {
    const problem = pairProblem(pair);
    if (problem === 'missingFile') return { color: 'red', text: t('adminGames.flags.pairs.missingFile') };
    if (problem === 'missingFlag') return { color: 'red', text: t('adminGames.flags.pairs.missingFlag') };
    if (problem === 'tooLong')
      return { color: 'red', text: t('adminGames.flags.tooLong', { count: 1, max: gameLimits.flag.max }) };
    const reason = pair.file === null ? undefined : refused.get(pair.file);
    if (reason !== undefined) return { color: 'red', text: reason };
    return { color: 'teal', text: t('adminGames.flags.pairs.ready') };
  };

  return (
    <SectionCard compact title={t('adminGames.flags.pairs.title')} description={t('adminGames.flags.pairs.hint')}>
      <FileInput
        multiple
        clearable
        label={t('adminGames.flags.pairs.files')}
        placeholder={t('adminGames.flags.pairs.filesPlaceholder')}
        leftSection={<IconFiles size={16} />}
        value={files}
        onChange={(chosen) => {
          setFiles(chosen);
          setRefused(new Map());
        }}
      />
      <Textarea
        label={t('adminGames.flags.pairs.flags')}
        placeholder={'team-01.zip flag{first}\nteam-02.zip flag{second}'}
        autosize
        minRows={3}
        maxRows={14}
        styles={monoInput}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setRefused(new Map());
        }}
      />
      {pairs.length > 0 && (
        <Table.ScrollContainer minWidth={280}>
          <Table verticalSpacing={4} aria-label={t('adminGames.flags.pairs.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminGames.flags.pairs.file')}</Table.Th>
                <Table.Th>{t('adminGames.flags.pairs.flag')}</Table.Th>
                <Table.Th>{t('adminGames.flags.pairs.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pairs.map((pair, index) => {
                const status = statusOf(pair);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: pairs are derived from the inputs on each render; a row's place is its identity
                  <Table.Tr key={index}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{pair.file ?? '—'}</Table.Td>
                    <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {pair.flag ?? '—'}
                    </Table.Td>
                    <Table.Td>
                      {status.color === 'teal' ? (
                        <Badge color="teal" variant="light">
                          {status.text}
                        </Badge>
                      ) : (
                        <Text size="xs" c="red">
                          {status.text}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => void add()} loading={busy} disabled={!ready}>
          {t('adminGames.flags.pairs.submit', { count: pairs.length })}
        </Button>
      </Group>
    </SectionCard>
  );
}
