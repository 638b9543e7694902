import { SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** Start and end of a game as `datetime-local` inputs, side by side from the sm breakpoint. */
export function GameTimeFields({ start, end }: { start: GetInputPropsReturnType; end: GetInputPropsReturnType }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput type="datetime-local" label={t('adminGames.fields.start')} required {...start} />
      <TextInput type="datetime-local" label={t('adminGames.fields.end')} required {...end} />
    </SimpleGrid>
  );
}
