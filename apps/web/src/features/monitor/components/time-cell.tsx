import { Text } from '@mantine/core';
import dayjs from 'dayjs';

/** A row's time: the clock time for today, date and time otherwise; the full date in the tooltip. */
export function TimeCell({ time }: { time: number }) {
  const moment = dayjs(time);
  const format = moment.isSame(dayjs(), 'day') ? 'LTS' : 'L LTS';
  return (
    <Text size="sm" ff="monospace" title={moment.format('LLLL')} style={{ whiteSpace: 'nowrap' }}>
      {moment.format(format)}
    </Text>
  );
}
