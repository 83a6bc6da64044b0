import type { EventOf } from '@cs/proto/common';
import type {
  CampaignCreated,
  CampaignDeleted,
  CampaignUpdated,
  FileListCreated,
  FileListDeleted,
  FileListUpdated,
} from '@cs/proto/events';
import { channel, room } from '@cs/proto/realtime';
import type { Emission } from '../emission.js';

/** `company-{id}-campaign` `{action, record}` (`{action: 'delete', id}`), to every socket of the company. */
export function projectCampaign(
  event: EventOf<typeof CampaignCreated> | EventOf<typeof CampaignUpdated> | EventOf<typeof CampaignDeleted>,
): Emission[] {
  const companyId = event.companyId;
  const rooms = [room.mainChannel(companyId)];
  const name = channel.campaign(companyId);
  switch (event.type) {
    case 'campaigns.campaign.created':
      return [{ event: name, payload: { action: 'create', record: event.data }, rooms }];
    case 'campaigns.campaign.updated':
      return [{ event: name, payload: { action: 'update', record: event.data }, rooms }];
    case 'campaigns.campaign.deleted':
      return [{ event: name, payload: { action: 'delete', id: event.data.id }, rooms }];
  }
}

/** `company-{id}-file` `{action, fileList}` (`{action: 'delete', fileListId}`). */
export function projectFileList(
  event: EventOf<typeof FileListCreated> | EventOf<typeof FileListUpdated> | EventOf<typeof FileListDeleted>,
): Emission[] {
  const companyId = event.companyId;
  const rooms = [room.mainChannel(companyId)];
  const name = channel.file(companyId);
  switch (event.type) {
    case 'campaigns.file-list.created':
      return [{ event: name, payload: { action: 'create', fileList: event.data }, rooms }];
    case 'campaigns.file-list.updated':
      return [{ event: name, payload: { action: 'update', fileList: event.data }, rooms }];
    case 'campaigns.file-list.deleted':
      return [{ event: name, payload: { action: 'delete', fileListId: event.data.id }, rooms }];
  }
}
