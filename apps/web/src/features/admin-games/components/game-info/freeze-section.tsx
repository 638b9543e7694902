import type { GameInfoModel } from '@flagpole/contract';
import { Badge, Group, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import type { GameFormValues } from '../../game-form';

/**
 * The scoreboard freeze (docs/game-play.md, "Freeze and reveal"): from this time players and the public see the
 * board as it stood then, until an organiser reveals the final board after the end (on the scoreboard page).
 */
export function FreezeSection({ form, game }: { form: UseFormReturnType<GameFormValues>; game: GameInfoModel }) {
  const { t } = useTranslation();
  const saved = game.freezeAt ?? null;
  return (
    <SectionCard compact title={t('adminGames.freeze.title')} description={t('adminGames.freeze.hint')}>
      <TextInput
        type="datetime-local"
        label={t('adminGames.freeze.at')}
        description={t('adminGames.freeze.atHint')}
        {...form.getInputProps('freezeAt')}
      />
      {saved !== null && (
        <Group gap="xs">
          <Badge variant="light" color={game.scoreboardRevealed ? 'teal' : 'blue'}>
            {game.scoreboardRevealed ? t('adminGames.freeze.revealed') : t('adminGames.freeze.notRevealed')}
          </Badge>
        </Group>
      )}
    </SectionCard>
  );
}
