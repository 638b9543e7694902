import type { ClientFlagContext } from '@flagpole/contract';
import { downloadName } from '../lib/safe-file-name';
import type { TeamFlagRow } from '../repositories/play.repository';

/** The download address and size of a challenge's (or a team's pool flag's) attachment, as the challenge page shows. */
export function attachmentContext(
  row:
    | Pick<TeamFlagRow, 'attachment_type' | 'remote_url' | 'file_hash' | 'file_size' | 'attachment_file_name'>
    | undefined,
  fileName: string | null,
): Pick<ClientFlagContext, 'url' | 'fileSize'> {
  if (row?.attachment_type === 'Local' && row.file_hash) {
    const name = downloadName(fileName, row.attachment_file_name);
    return { url: `/assets/${row.file_hash}/${encodeURIComponent(name)}`, fileSize: row.file_size };
  }
  if (row?.attachment_type === 'Remote' && row.remote_url) return { url: row.remote_url, fileSize: null };
  return { url: null, fileSize: null };
}
